package io.h5j;

import io.h5j.format.chunk.ChunkRecord;
import io.h5j.format.dataset.DatasetStorage;
import io.h5j.format.dataset.StoredChunk;
import io.h5j.format.dataset.StoredDataset;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.datatype.Datatype;
import io.h5j.format.message.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.MappingBlock;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A dataset: a typed, shaped array. {@link #read()} returns a flat Java array in C order
 * (e.g. {@code double[]} for float64, {@code String[]} for strings; see
 * {@link io.h5j.format.datatype.DataConverter} for every type); {@link #shape()} gives the
 * dimensions.
 *
 * <pre>{@code
 * Dataset d = file.root().dataset("results/x");
 * double[] values = (double[]) d.read();
 * long[] shape = d.shape();
 * }</pre>
 */
public final class Dataset extends Node {
  /** The engine's view of this dataset: its header and the storage its layout calls for. */
  private final StoredDataset stored;

  Dataset(H5File file, String path, long address) {
    super(file, path, address);
    this.stored = new StoredDataset(file.engine(), path, ref());
  }

  private <T> T call(EngineCalls.Call<T> call) throws IOException {
    return EngineCalls.call(file, call);
  }

  private void run(EngineCalls.Action action) throws IOException {
    EngineCalls.run(file, action);
  }

  /**
   * The dataspace. A virtual dataset with unlimited mappings has the extent libhdf5 computes
   * from its sources' current extents, not the one stored.
   */
  public Dataspace dataspace() throws IOException {
    return call(stored::dataspace);
  }

  /** Current dimensions; empty for a scalar, empty for a null dataspace too. */
  public long[] shape() throws IOException {
    return dataspace().dims();
  }

  public long[] maxShape() throws IOException {
    return dataspace().maxDims();
  }

  public Datatype datatype() throws IOException {
    return call(stored::datatype);
  }

  public LayoutMessage layout() throws IOException {
    return call(stored::layout);
  }

  /**
   * The datatype, decoded once per header version, for use inside h5j only (callers get a
   * fresh one they may not share): reads and writes of small selections pay no decoding.
   */
  Datatype cachedDatatype() throws IOException {
    return call(stored::cachedDatatype);
  }

  private DatasetStorage storage() throws IOException {
    return call(stored::storage);
  }

  /** The storage layout's name: COMPACT, CONTIGUOUS, CHUNKED or VIRTUAL. */
  public String layoutName() throws IOException {
    return storage().layoutName();
  }

  /** The fill value's bytes, or null when none is defined (unwritten data reads as zeros). */
  public byte[] fillValueBytes() throws IOException {
    return call(stored::fillValueBytes);
  }

  /** The stored bytes of every element in C order, in the file's datatype. */
  public byte[] readRaw() throws IOException {
    return call(() -> stored.storage().readBytes());
  }

  /**
   * Called when the caller opens this dataset by path. A virtual dataset is made ready for a
   * fast first read here: libhdf5 does all its mapping work at open. Best effort: what fails
   * here is left for the read that needs it to report.
   */
  void opened() {
    try {
      stored.storage().opened();
    } catch (IOException | RuntimeException e) {
      // the first read redoes what failed here and reports it
    }
  }

  /**
   * The mappings of this virtual dataset, as stored: count them, iterate them, or take the
   * block's bytes, without opening a source or reading data.
   *
   * @throws IllegalStateException when the dataset is not virtual
   */
  public MappingBlock virtualMappings() throws IOException {
    return call(() -> stored.storage().mappings());
  }

  /** All elements as a flat Java array in C order. */
  public Object read() throws IOException {
    return call(() -> stored.storage().readValues());
  }

  /**
   * Reads the stored bytes of the elements {@code sel} picks (C order of the selection, in
   * the file's datatype and byte order) into {@code dst} from its position, which advances.
   * Uncompressed data goes from the file straight into the buffer: with a direct buffer,
   * no copy is made in the JVM at all. Heap and direct buffers alike; the buffer's byte order
   * plays no part (the bytes are as stored), nor do bytes outside position and limit.
   *
   * @throws IllegalArgumentException if {@code dst} is read-only or has fewer bytes remaining
   *     than the selection holds (nothing is read then)
   */
  public void read(Selection sel, ByteBuffer dst) throws IOException {
    run(() -> {
      Hyperslab slab = sel.resolve(stored.dataspace().dims(), path);
      long bytes = stored.bytes(slab.elementCount(), stored.cachedDatatype().size());
      if (dst.isReadOnly()) {
        throw new IllegalArgumentException("the buffer to read " + path + " into is read-only;"
            + " pass a writable one");
      }
      if (bytes > dst.remaining()) {
        throw new IllegalArgumentException("the selection of " + path + " holds " + bytes
            + " bytes, the buffer has " + dst.remaining() + " remaining (position "
            + dst.position() + ", limit " + dst.limit() + "); pass a larger buffer or select"
            + " less");
      }
      int base = dst.position();
      stored.storage().readInto(slab, dst);
      dst.position(base + (int) bytes);
    });
  }

  /**
   * The elements {@code sel} picks, as a flat Java array in C order of the selection's shape.
   * Only the storage the selection covers is read.
   */
  public Object read(Selection sel) throws IOException {
    return call(() -> {
      long[] dims = stored.dataspace().dims();
      Hyperslab slab = sel.resolve(dims, path);
      DatasetStorage storage = stored.storage();
      return slab.equals(Hyperslab.all(dims)) ? storage.readValues()
          : storage.readValues(slab);
    });
  }

  /** Writes {@code flatArray} (C order of the selection's shape) into the elements of {@code sel}. */
  public void write(Selection sel, Object flatArray) throws IOException {
    file.checkWritable();
    run(() -> {
      long[] dims = stored.dataspace().dims();
      Hyperslab slab = sel.resolve(dims, path);
      if (slab.equals(Hyperslab.all(dims))) {
        write(flatArray);
        return;
      }
      if (Array.getLength(flatArray) != slab.elementCount()) {
        throw new IllegalArgumentException("the selection has " + slab.elementCount()
            + " elements; got " + Array.getLength(flatArray));
      }
      stored.storage().writeValues(slab, flatArray);
    });
  }

  /**
   * Writes the stored bytes of the elements {@code sel} picks from {@code src} (C order of the
   * selection, in the file's datatype and byte order; the symmetric of
   * {@link #read(Selection, java.nio.ByteBuffer)}), from its position, which advances.
   * Uncompressed data go from the buffer straight to the file: with a direct buffer, no copy
   * is made in the JVM. Types that hold variable-length data (whose stored bytes point into
   * the file's heap) cannot be written this way.
   *
   * @throws java.nio.BufferUnderflowException if {@code src} has fewer bytes remaining than
   *     the selection needs
   * @throws IllegalArgumentException if the datatype holds variable-length data
   */
  public void write(Selection sel, ByteBuffer src) throws IOException {
    file.checkWritable();
    run(() -> {
      Hyperslab slab = sel.resolve(stored.dataspace().dims(), path);
      Datatype type = stored.cachedDatatype();
      if (DataConverter.holdsVlen(type)) {
        throw new IllegalArgumentException("dataset " + path + " holds variable-length data,"
            + " whose stored bytes point into the file's heap; write values with"
            + " write(Selection, Object)");
      }
      long bytes = stored.bytes(slab.elementCount(), type.size());
      if (bytes > src.remaining()) {
        throw new BufferUnderflowException();
      }
      int base = src.position();
      stored.storage().writeBytes(slab, src.slice(base, (int) bytes));
      src.position(base + (int) bytes);
    });
  }

  /** Overwrites every element with {@code flatArray} (same kind that {@link #read} returns). */
  public void write(Object flatArray) throws IOException {
    file.checkWritable();
    run(() -> {
      long count = stored.dataspace().elementCount();
      if (Array.getLength(flatArray) != count) {
        throw new IllegalArgumentException("dataset " + path + " has " + count
            + " elements; got " + Array.getLength(flatArray));
      }
      stored.storage().writeValues(flatArray);
    });
  }

  /**
   * The allocated chunks of a chunked dataset (offset, address, stored size, filter mask),
   * read from its index without reading any chunk data.
   */
  public List<ChunkRecord> chunks() throws IOException {
    return call(() -> stored.storage().chunks());
  }

  /** The stored bytes of the chunk starting at element {@code offset}, or null if none. */
  public RawChunk readChunk(long... offset) throws IOException {
    StoredChunk c = call(() -> stored.storage().readChunk(offset));
    return c == null ? null : new RawChunk(c.bytes(), c.filterMask());
  }

  /**
   * Stores already-filtered chunk bytes as they are (the raw counterpart of {@link #write});
   * the repacker and the versioning layer move chunks this way without decoding them.
   */
  public void writeChunk(long[] offset, RawChunk chunk) throws IOException {
    file.checkWritable();
    run(() -> stored.storage().writeChunk(offset,
        new StoredChunk(chunk.bytes(), chunk.filterMask())));
  }

  /**
   * Changes the current dimensions of a chunked dataset, within its maximum dimensions.
   * As in libhdf5, a shrink removes the elements outside the new extent: chunks wholly
   * outside leave the index at the next flush (their space is reused), and chunks the new
   * extent cuts hold the fill value outside it, so that growing again shows the fill value.
   * A filtered dataset that stores its partial edge chunks unfiltered (a layout option of
   * libhdf5) has each stored chunk the resize turns from edge to whole, or back, stored
   * again at the next flush, filtered or raw as the new extent asks.
   */
  public void resize(long... newDims) throws IOException {
    file.checkWritable();
    run(() -> stored.resize(newDims));
  }
}
