package io.h5j.format.vds;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.SelectionCodec;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Encodes a mapping block. Mappings are encoded as they are added, so a block of many
 * mappings never exists as objects.
 *
 * <ul>
 *   <li>{@link Format#V0}, the default: block v0 with selections in
 *       {@link SelectionCodec.Style#COMPAT} (hyperslab v1, v2 when unlimited), what libhdf5
 *       1.10 reads.
 *   <li>{@link Format#V1_COMPACT}: block v1 (HDF5 2.0), where a source file or dataset name
 *       already written by an earlier mapping is written as that mapping's index (counted
 *       from {@link MappingBlock#V1_INDEX_BASE}, 0, as libhdf5 2.0 reads it), a same-file source has no file name
 *       at all, and selections are in {@link SelectionCodec.Style#COMPACT} (hyperslab v3).
 * </ul>
 */
public final class MappingBlockWriter {
  /** Bytes {@link #finish} appends: the checksum. */
  public static final int CHECKSUM_SIZE = 4;
  /** The largest coordinate of a hyperslab v1 selection. */
  private static final long U32 = 0xffffffffL;

  /** Block encodings. */
  public enum Format {
    V0,
    V1_COMPACT
  }

  private final FileParams params;
  private final Format format;
  private final SelectionCodec.Style style;
  /**
   * Where the block is encoded, from {@link #base} on: version, a count patched by
   * {@link #finish}, the entries (then the checksum).
   */
  private final ByteWriter body;
  private final int base;
  private final Map<String, Integer> fileIndex = new HashMap<>();
  private final Map<String, Integer> dsetIndex = new HashMap<>();
  /**
   * The last file name (slot 0) and dataset name (slot 1) encoded, and their bytes: v0 blocks
   * repeat the same names in every entry.
   */
  private final String[] lastName = new String[2];
  private final byte[][] lastNameBytes = new byte[2][];
  /** In a v0 block, both last names NUL-terminated: one copy per entry. */
  private byte[] v0Names;
  /**
   * In a v0 block, a box entry of the last names and {@link #v0BoxRank}, its coordinates zero:
   * each box copies it and puts its coordinates.
   */
  private byte[] v0BoxEntry;
  private int v0BoxRank;
  /** Scratch for a box's corners and inclusive ends, reused by every box. */
  private long[] sourceStart = new long[0];
  private long[] virtualStart = new long[0];
  private long[] sourceEnd = new long[0];
  private long[] virtualEnd = new long[0];
  private int count;
  /** Whether {@link #endEntries} ran, and whether {@link #finish} appended the checksum. */
  private boolean ended;
  private boolean finished;

  public MappingBlockWriter(FileParams params) {
    this(params, Format.V0);
  }

  public MappingBlockWriter(FileParams params, Format format) {
    this(params, format, 256);
  }

  /**
   * A writer whose buffer starts at {@code capacity} bytes (a good guess of the block's size
   * saves regrowing a large block).
   */
  public MappingBlockWriter(FileParams params, Format format, int capacity) {
    this(new ByteWriter(params, Math.max(capacity, 16)), format);
  }

  /**
   * A writer that encodes the block into {@code into} from its current position: straight
   * into the buffer the block is stored from (a global heap collection's), with no copy.
   * {@link #finish} completes the block there.
   */
  public MappingBlockWriter(ByteWriter into, Format format) {
    this.params = into.params();
    this.format = format;
    this.style = format == Format.V0 ? SelectionCodec.Style.COMPAT
        : SelectionCodec.Style.COMPACT;
    this.body = into;
    this.base = into.position();
    body.u8(format == Format.V0 ? 0 : 1).length(0);
  }

  /** Encodes {@code mappings} in one block. */
  public static byte[] encode(FileParams params, Format format, List<Mapping> mappings) {
    MappingBlockWriter w = new MappingBlockWriter(params, format);
    for (Mapping m : mappings) {
      w.add(m);
    }
    return w.toByteArray();
  }

  /** Mappings added so far. */
  public int count() {
    return count;
  }

  /** Bytes of the block so far (checksum included once {@link #finish finished}). */
  public int size() {
    return body.position() - base;
  }

  /** Adds a mapping; its names are stored as given (patterns: see {@link Mapping}). */
  public MappingBlockWriter add(Mapping m) {
    return add(m.sourceFile(), m.sourceDataset(), m.sourceSelection(), m.virtualSelection());
  }

  /**
   * Adds a mapping from stored names (patterns) and selections.
   *
   * @throws IllegalArgumentException for an empty name or one with a NUL, or a selection the
   *     format cannot encode (a coordinate beyond 32 bits in a v0 block's block list)
   */
  public MappingBlockWriter add(String sourceFile, String sourceDataset,
      EncodedSelection source, EncodedSelection virtual) {
    checkOpen();
    new Mapping(sourceFile, sourceDataset, source, virtual); // validates
    int from = body.position();
    names(sourceFile, sourceDataset);
    try {
      SelectionCodec.encode(source, style, body);
      SelectionCodec.encode(virtual, style, body);
    } catch (IllegalArgumentException e) {
      throw undo(from, e);
    }
    count++;
    return this;
  }

  /** The entry's flags (v1) and names; the indexes of names are those of this entry. */
  private void names(String sourceFile, String sourceDataset) {
    if (format == Format.V0) {
      body.bytes(v0Names(sourceFile, sourceDataset));
      return;
    }
    int flagsAt = body.position();
    body.u8(0);
    int flags = 0;
    if (Mapping.SAME_FILE.equals(sourceFile)) {
      flags |= MappingBlock.FLAG_SAME_FILE;
    } else {
      flags |= name(sourceFile, fileIndex, MappingBlock.FLAG_FILE_SHARED, 0);
    }
    flags |= name(sourceDataset, dsetIndex, MappingBlock.FLAG_DATASET_SHARED, 1);
    body.putUN(flagsAt, flags, 1);
  }

  /** A v0 entry's names, NUL-terminated (see {@link #v0Names}). */
  private byte[] v0Names(String sourceFile, String sourceDataset) {
    if (!sourceFile.equals(lastName[0]) || !sourceDataset.equals(lastName[1])) {
      lastName[0] = sourceFile;
      lastName[1] = sourceDataset;
      byte[] f = sourceFile.getBytes(StandardCharsets.UTF_8);
      byte[] d = sourceDataset.getBytes(StandardCharsets.UTF_8);
      v0Names = new byte[f.length + d.length + 2];
      System.arraycopy(f, 0, v0Names, 0, f.length);
      System.arraycopy(d, 0, v0Names, f.length + 1, d.length);
      v0BoxEntry = null;
    }
    return v0Names;
  }

  private int name(String name, Map<String, Integer> index, int flag, int slot) {
    Integer earlier = index.get(name);
    if (earlier != null) {
      body.length(earlier + (long) MappingBlock.V1_INDEX_BASE);
      return flag;
    }
    index.put(name, count);
    name(name, slot);
    return 0;
  }

  /** A NUL-terminated name, its UTF-8 bytes reused while the same name repeats. */
  private void name(String name, int slot) {
    if (!name.equals(lastName[slot])) {
      lastNameBytes[slot] = name.getBytes(StandardCharsets.UTF_8);
      lastName[slot] = name;
    }
    body.bytes(lastNameBytes[slot]).u8(0);
  }

  /**
   * Adds a mapping of one block of {@code shape} at {@code sourceStart} of the source to one
   * at {@code virtualStart}; names are literal paths (a {@code %} is escaped). Encoded straight
   * into the block, with no selection objects.
   *
   * @throws IllegalArgumentException for an empty name or one with a NUL, arrays of different
   *     lengths or rank beyond 32, a negative start, a shape below 1, an end beyond 2^63 - 2,
   *     or a coordinate beyond 32 bits in a v0 block
   */
  public MappingBlockWriter addBox(String sourceFile, String sourceDatasetPath,
      long[] sourceStart, long[] virtualStart, long[] shape) {
    checkOpen();
    int rank = shape.length;
    MappingList.checkBox(count, rank, sourceStart, virtualStart, shape);
    String file = MappingList.stored(sourceFile, "source file name");
    String dataset = MappingList.stored(sourceDatasetPath, "source dataset name");
    scratch(rank);
    long[] values = new long[3 * rank];
    System.arraycopy(sourceStart, 0, values, 0, rank);
    System.arraycopy(virtualStart, 0, values, rank, rank);
    System.arraycopy(shape, 0, values, 2 * rank, rank);
    box(file, dataset, rank, values, 0);
    return this;
  }

  /**
   * Adds every mapping of {@code list}, in order; boxes are encoded from its arrays straight
   * into the block (their names and ranges were checked when they were added).
   *
   * @throws IllegalArgumentException for a selection the format cannot encode (a coordinate
   *     beyond 32 bits in a v0 block); the mappings before it stay added
   */
  public MappingBlockWriter addAll(MappingList list) {
    checkOpen();
    int rank = list.rank();
    scratch(rank);
    int n = list.size();
    long[] page = null;
    int at = 0;
    int pages = 0;
    int other = 0;
    int done = 0;
    long[] chunkBox = new long[3 * rank];
    for (int r = 0; r < list.runCount(); r++) {
      boolean boxes = list.isBoxRun(r);
      String file = boxes ? list.file(r) : null;
      String dataset = boxes ? list.dataset(r) : null;
      MappingList.ChunkRun chunks = list.chunkRun(r);
      byte[] v0Entry = boxes && format == Format.V0 ? v0BoxEntry(file, dataset, rank) : null;
      if (chunks != null && v0Entry != null) { // a versioned commit's block: its own loop
        v0Chunks(v0Entry, rank, chunks, list.runLength(r));
        done += list.runLength(r);
        continue;
      }
      for (int k = 0, len = list.runLength(r); k < len; k++) {
        int before = body.position();
        if (!boxes) {
          add(list.other(other++));
        } else if (chunks != null) {
          chunks.box(k, chunkBox);
          box(file, dataset, v0Entry, rank, chunkBox, 0);
        } else {
          if (page == null || at == page.length) {
            page = list.page(pages++);
            at = 0;
          }
          box(file, dataset, v0Entry, rank, page, at);
          at += 3 * rank;
        }
        if (done++ == 0 && n > 1) { // room for the rest at once (mappings alike), not by doubling
          int entry = body.position() - before;
          body.reserve((int) Math.min(Integer.MAX_VALUE - 1024L, (long) (n - 1) * entry + 64));
        }
      }
    }
    return this;
  }

  private void scratch(int rank) {
    if (sourceEnd.length != rank) {
      sourceStart = new long[rank];
      virtualStart = new long[rank];
      sourceEnd = new long[rank];
      virtualEnd = new long[rank];
    }
  }

  /** One box entry from {@code values[at..]}: source start, virtual start, shape. */
  private void box(String file, String dataset, int rank, long[] values, int at) {
    box(file, dataset, format == Format.V0 ? v0BoxEntry(file, dataset, rank) : null, rank,
        values, at);
  }

  /**
   * {@link #box(String, String, int, long[], int)} given, in a v0 block, the
   * {@link #v0BoxEntry} of its names (null in a v1 block): looked up once per run of boxes.
   */
  private void box(String file, String dataset, byte[] v0Entry, int rank, long[] values,
      int at) {
    int from = body.position();
    if (v0Entry != null) {
      body.bytes(v0Entry);
    } else {
      names(file, dataset);
    }
    try {
      if (v0Entry != null) { // the entry copied, then its coordinates put in place
        int size = 24 + 8 * rank;
        int sel = from + v0Entry.length - 2 * size;
        SelectionCodec.putBoxV1(body, sel, rank, values, at, at + 2 * rank);
        SelectionCodec.putBoxV1(body, sel + size, rank, values, at + rank, at + 2 * rank);
      } else {
        for (int d = 0; d < rank; d++) {
          long s = values[at + d];
          long v = values[at + rank + d];
          long extent = values[at + 2 * rank + d] - 1;
          sourceStart[d] = s;
          virtualStart[d] = v;
          sourceEnd[d] = s + extent;
          virtualEnd[d] = v + extent;
        }
        SelectionCodec.encodeBlocks(rank, 1, sourceStart, sourceEnd, style, body);
        SelectionCodec.encodeBlocks(rank, 1, virtualStart, virtualEnd, style, body);
      }
    } catch (IllegalArgumentException e) {
      throw undo(from, e);
    }
    count++;
  }

  /**
   * The {@code len} mappings of a chunk run in a v0 block: the entries laid down as copies of
   * {@code entry} ({@link #v0BoxEntry}), then the coordinates of each put in place, computed
   * from the run's arrays (no box per mapping).
   */
  private void v0Chunks(byte[] entry, int rank, MappingList.ChunkRun run, int len) {
    int e = entry.length;
    int size = 24 + 8 * rank; // one selection
    int src = e - 2 * size + 24; // where an entry's source block corners start
    int virt = src + size;
    int from = body.position();
    long all = (long) len * e;
    if (all > Integer.MAX_VALUE - 1024L - from) {
      throw new IllegalArgumentException(len + " mappings of " + e + " bytes each exceed the"
          + " largest block");
    }
    body.reserve((int) all);
    byte[] a = body.array();
    // copies of doubling length: a few large copies instead of one small one per entry
    System.arraycopy(entry, 0, a, from, e);
    for (long done = e; done < all; done *= 2) {
      System.arraycopy(a, from, a, from + (int) done, (int) Math.min(done, all - done));
    }
    long[] coords = run.coords();
    long[] starts = run.starts();
    long[] chunk = run.chunk();
    long[] shape = run.shape();
    for (int k = 0, c = 0, p = from; k < len; k++, p += e) {
      for (int d = 0; d < rank; d++, c++) {
        long v = coords[c] * chunk[d];
        long last = Math.min(chunk[d], shape[d] - v) - 1; // the chunk cut at the shape
        long s = starts[c];
        if ((s + last | v + last) > U32) { // the ends are the largest values; none negative
          failChunk(run, rank, k, p, p + src - 24);
        }
        body.putU32(p + src + 4 * d, s);
        body.putU32(p + src + 4 * (rank + d), s + last);
        body.putU32(p + virt + 4 * d, v);
        body.putU32(p + virt + 4 * (rank + d), v + last);
      }
    }
    body.skip((int) all);
    count += len;
  }

  /**
   * Refuses mapping {@code k} of a chunk run, whose entry is at {@code at} and its source
   * selection at {@code sel}, as a box encoded alone would be refused; the mappings before it
   * stay added.
   */
  private void failChunk(MappingList.ChunkRun run, int rank, int k, int at, int sel) {
    body.skip(at - body.position());
    count += k;
    long[] box = new long[3 * rank];
    run.box(k, box);
    try {
      SelectionCodec.putBoxV1(body, sel, rank, box, 0, 2 * rank);
      SelectionCodec.putBoxV1(body, sel + 24 + 8 * rank, rank, box, rank, 2 * rank);
    } catch (IllegalArgumentException e) {
      throw undo(at, e);
    }
    throw new IllegalStateException("mapping " + count + " fits 32 bits after all");
  }

  /** A v0 box entry of these names and rank with zero coordinates (see {@link #v0BoxEntry}). */
  private byte[] v0BoxEntry(String file, String dataset, int rank) {
    byte[] names = v0Names(file, dataset); // clears v0BoxEntry when the names are new
    if (v0BoxEntry == null || v0BoxRank != rank) {
      ByteWriter t = new ByteWriter(params);
      t.bytes(names);
      long[] zero = new long[3 * rank];
      java.util.Arrays.fill(zero, 2 * rank, 3 * rank, 1); // shape 1: end = start
      SelectionCodec.encodeBoxV1(rank, zero, 0, 2 * rank, t);
      SelectionCodec.encodeBoxV1(rank, zero, 0, 2 * rank, t);
      v0BoxEntry = t.toByteArray();
      v0BoxRank = rank;
    }
    return v0BoxEntry;
  }

  /** Takes back a mapping that failed half-written: the block stays as before it. */
  private IllegalArgumentException undo(int from, IllegalArgumentException e) {
    body.truncate(from);
    fileIndex.values().removeIf(i -> i == count);
    dsetIndex.values().removeIf(i -> i == count);
    return new IllegalArgumentException("mapping " + count + ": " + e.getMessage(), e);
  }

  /**
   * Ends the entries: puts their count in place, after which the bytes so far never change
   * and only {@link #finish} appends (so they may be written out while it computes the
   * checksum). No mapping may be added after.
   */
  public MappingBlockWriter endEntries() {
    if (!ended) {
      body.putUN(base + 1, count, params.lengthSize());
      ended = true;
    }
    return this;
  }

  /**
   * Completes the block where it is encoded: {@link #endEntries} and appends the checksum. No
   * mapping may be added after.
   */
  public MappingBlockWriter finish() {
    if (!finished) {
      endEntries();
      body.u32(Lookup3.checksum(body.array(), base, body.position() - base));
      finished = true;
    }
    return this;
  }

  /**
   * The whole block as it stands (header, the mappings added so far, checksum), as a copy:
   * more mappings may be added after, unless the entries {@link #endEntries ended}.
   */
  public byte[] toByteArray() {
    if (finished) {
      return Arrays.copyOfRange(body.array(), base, body.position());
    }
    int n = body.position() - base;
    byte[] done = Arrays.copyOfRange(body.array(), base, base + n + 4);
    putLittleEndian(done, 1, count, params.lengthSize());
    putLittleEndian(done, n, Lookup3.checksum(done, 0, n), 4);
    return done;
  }

  private static void putLittleEndian(byte[] a, int at, long v, int bytes) {
    for (int k = 0; k < bytes; k++) {
      a[at + k] = (byte) (v >>> (8 * k));
    }
  }

  private void checkOpen() {
    if (ended) {
      throw new IllegalStateException("the block is finished; start a new writer");
    }
  }
}
