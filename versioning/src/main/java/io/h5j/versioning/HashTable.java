package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.Selection;
import io.h5j.format.H5FormatException;
import io.h5j.type.ArrayType;
import io.h5j.type.CompoundType;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A dataset's chunk hash table, {@code /_version_data/<path>/hash_table}: rows of
 * {@code {hash: uint8[32], shape: int64[2]}} mapping a chunk hash to the rows
 * {@code [start, stop)} of raw_data that hold it. Only the first {@code largest_index} rows
 * count; the attribute is written last and marks the rows committed. A longer table is the
 * trace of an interrupted commit: its tail is ignored and overwritten.
 */
final class HashTable {
  static final int HASH_BYTES = 32;
  static final int ROW_BYTES = HASH_BYTES + 16;
  /** versioned-hdf5's chunk length for hash tables. */
  static final long TABLE_CHUNK = 4096;

  static final CompoundType ROW_TYPE = CompoundType.packed(List.of("hash", "shape"),
      List.of(Datatypes.array(Datatypes.UINT8, HASH_BYTES), Datatypes.array(Datatypes.INT64, 2)));

  private final Dataset table;
  private final Map<ByteBuffer, long[]> rows = new HashMap<>();
  private long committed;
  /**
   * The stored bytes of every used row, committed then added: new rows are written a whole
   * table chunk at a time from here, so the compressed chunk is never read back and patched.
   */
  private ByteBuffer image = ByteBuffer.allocate(ROW_BYTES * 64).order(ByteOrder.LITTLE_ENDIAN);
  private long largestStop;

  private HashTable(Dataset table) {
    this.table = table;
  }

  /** Reads the committed rows of an existing table. */
  static HashTable read(Dataset table) throws IOException {
    HashTable h = new HashTable(table);
    checkType(table);
    long[] shape = table.shape();
    if (shape.length != 1) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "has rank " + shape.length + ", not 1");
    }
    if (!table.attributes().contains(VersionLayout.ATTR_LARGEST_INDEX)) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "has no largest_index attribute");
    }
    Object li = table.attributes().get(VersionLayout.ATTR_LARGEST_INDEX);
    if (!(li instanceof Number n)) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "has a largest_index that is not a number: " + li);
    }
    long largest = n.longValue();
    if (largest < 0 || largest > shape[0]) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "claims " + largest + " used rows (largest_index) but holds " + shape[0]);
    }
    if (largest > Integer.MAX_VALUE / ROW_BYTES) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "claims " + largest + " rows, more than h5j holds in memory");
    }
    ByteBuffer all = ByteBuffer.allocate(Math.max(64, (int) largest) * ROW_BYTES);
    table.read(Selection.box(new long[] {0}, new long[] {largest}), all);
    all.flip().order(ByteOrder.LITTLE_ENDIAN);
    h.image = all.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    h.image.position(all.limit()).limit(all.capacity());
    for (long i = 0; i < largest; i++) {
      byte[] hash = new byte[HASH_BYTES];
      all.get(hash);
      long start = all.getLong();
      long stop = all.getLong();
      if (start < 0 || stop < start) {
        throw new H5FormatException("hash table " + table.path(), table.address(),
            "row " + i + " holds the slice " + start + ":" + stop);
      }
      h.rows.putIfAbsent(ByteBuffer.wrap(hash), new long[] {start, stop});
      h.largestStop = Math.max(h.largestStop, stop);
    }
    h.committed = largest;
    return h;
  }

  /**
   * An empty table over an existing one whose rows it will overwrite from the first:
   * {@link #writeRows} writes the rows added since, and {@link #writeLargestIndex} then makes
   * them the only ones in use. Until then the old rows stay in use, each one as it was or
   * as rewritten, so they must all name chunks that raw_data still holds.
   */
  static HashTable overwriting(Dataset table) throws IOException {
    checkType(table);
    return new HashTable(table);
  }

  /** Creates an empty table in {@code group}, as versioned-hdf5 lays it out. */
  static HashTable create(Group group) throws IOException {
    Dataset t = group.createDataset("hash_table", DatasetSpec.empty(ROW_TYPE, 0)
        .maxShape(Dataspace.UNLIMITED).chunks(TABLE_CHUNK).lzf());
    t.attributes().put(VersionLayout.ATTR_LARGEST_INDEX, 0L);
    return new HashTable(t);
  }

  static void checkType(Dataset table) throws IOException {
    Datatype t = table.datatype();
    boolean ok = t instanceof CompoundType c && c.size() == ROW_BYTES
        && c.members().size() == 2
        && c.members().get(0).name().equals("hash") && c.members().get(0).offset() == 0
        && c.members().get(0).type() instanceof ArrayType a && a.base().size() == 1
        && a.size() == HASH_BYTES
        && c.members().get(1).name().equals("shape") && c.members().get(1).offset() == HASH_BYTES
        && c.members().get(1).type() instanceof ArrayType b && b.size() == 16
        && b.base().equals(Datatypes.INT64);
    if (!ok) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "has datatype " + t + ", not {hash: uint8[32], shape: int64[2]}");
    }
  }

  /** The raw_data rows {@code [start, stop)} holding a chunk with this hash, or null. */
  long @Nullable [] find(byte[] hash) {
    long[] r = rows.get(ByteBuffer.wrap(hash));
    return r == null ? null : r.clone();
  }

  /** Rows past the last used one: where the next new slot may start. */
  long largestStop() {
    return largestStop;
  }

  /** Number of rows (committed plus added). */
  long size() {
    return image.position() / ROW_BYTES;
  }

  /** Records a new chunk at raw_data rows {@code [start, stop)}. */
  void add(byte[] hash, long start, long stop) {
    if (image.remaining() < ROW_BYTES) {
      ByteBuffer bigger = ByteBuffer.allocate(image.capacity() * 2).order(ByteOrder.LITTLE_ENDIAN);
      image.flip();
      bigger.put(image);
      image = bigger;
    }
    image.put(hash).putLong(start).putLong(stop);
    rows.put(ByteBuffer.wrap(hash.clone()), new long[] {start, stop});
    largestStop = Math.max(largestStop, stop);
  }

  /**
   * Writes the added rows after the committed ones (largest_index still unchanged), each
   * table chunk they reach rewritten whole from memory.
   */
  void writeRows() throws IOException {
    long end = size();
    if (end == committed) {
      return;
    }
    if (table.shape()[0] < end) {
      table.resize(end);
    }
    for (long from = committed / TABLE_CHUNK * TABLE_CHUNK; from < end; from += TABLE_CHUNK) {
      long n = Math.min(end, from + TABLE_CHUNK) - from;
      ByteBuffer src = image.duplicate().position((int) (from * ROW_BYTES))
          .limit((int) ((from + n) * ROW_BYTES));
      table.write(Selection.box(new long[] {from}, new long[] {n}), src);
    }
  }

  /** Marks the rows written by {@link #writeRows} as used: the commit point of this table. */
  void writeLargestIndex() throws IOException {
    long end = size();
    if (end != committed) {
      table.attributes().put(VersionLayout.ATTR_LARGEST_INDEX, end);
      committed = end;
    }
  }
}
