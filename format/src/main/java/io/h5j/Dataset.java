package io.h5j;

import io.h5j.format.chunk.ChunkRecord;
import io.h5j.format.dataset.DatasetStorage;
import io.h5j.format.dataset.Values;
import io.h5j.format.dataset.StoredChunk;
import io.h5j.format.dataset.StoredDataset;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.io.ByteReader;
import io.h5j.format.message.MessageType;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.MappingBlock;
import io.h5j.internal.DatasetInternals;
import io.h5j.raw.ChunkInfo;
import io.h5j.raw.RawChunk;
import io.h5j.raw.VirtualMappings;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.List;
import org.jspecify.annotations.Nullable;

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
  static {
    DatasetInternals.grant(new DatasetAccess());
  }

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
   *
   * @return the dataspace: kind, current and maximum dimensions
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Dataspace dataspace() throws IOException {
    return call(stored::dataspace);
  }

  /**
   * Current dimensions; empty for a scalar, empty for a null dataspace too.
   *
   * @return one size per dimension, slowest first; a new array each call
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long[] shape() throws IOException {
    return dataspace().dims();
  }

  /**
   * Maximum dimensions, one per dimension of {@link #shape()}; {@link Dataspace#UNLIMITED} where a
   * dimension may grow without bound.
   *
   * @return a new array each call; empty for a scalar or null dataspace
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long[] maxShape() throws IOException {
    return dataspace().maxDims();
  }

  /**
   * The type of each stored element, as the file stores it (byte order, size, members).
   *
   * @return the dataset's datatype
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Datatype datatype() throws IOException {
    return call(stored::datatype);
  }

  /**
   * How the elements are stored: the layout class and, for a chunked dataset, its chunk
   * shape, chunk index and filters.
   *
   * @return the layout, with chunk shape and filters when chunked
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public StorageLayout layout() throws IOException {
    return call(() -> {
      ByteReader p = stored.message(MessageType.FILTER_PIPELINE);
      return StorageLayout.of(stored.storage().kind(), stored.layout(),
          p == null ? List.of() : FilterPipelineMessage.decode(p).filters());
    });
  }

  /**
   * The storage properties as the header stores them: a contiguous dataset's data address,
   * the allocation and fill times, and whether the fill value is undefined, the default or
   * set by the writer (as libhdf5's dataset creation property list reports them).
   *
   * @return the stored properties, libhdf5's defaults for the layout where the header has
   *     no fill value message
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public StorageProperties storageProperties() throws IOException {
    return call(() -> {
      StoredDataset.StoredFill fill = stored.fill();
      // (no message at all: libhdf5 maps the absent old message's size 0 to undefined)
      StorageProperties.FillValueState state = fill == null || fill.undefined()
          ? StorageProperties.FillValueState.UNDEFINED
          : fill.value() != null && fill.value().length > 0
              ? StorageProperties.FillValueState.USER_DEFINED
              : StorageProperties.FillValueState.DEFAULT;
      return StorageProperties.of(stored.storage().kind(), stored.layout(),
          fill == null ? null : fill.message(), state,
          stored.file().context().params().baseAddress());
    });
  }

  /**
   * The address of the committed datatype whose type this dataset shares (as h5dump names a
   * dataset's type by the committed type's path), or {@link StorageProperties#UNDEFINED_ADDRESS}
   * when the dataset's header holds its own datatype.
   *
   * @return the committed datatype's object header address, or -1 when the type is not shared
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long sharedDatatypeAddress() throws IOException {
    return call(stored::sharedDatatypeAddress);
  }

  /** The layout message as stored (handed out by {@link DatasetInternals}). */
  LayoutMessage layoutMessage() throws IOException {
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

  /**
   * The storage layout's name: COMPACT, CONTIGUOUS, CHUNKED or VIRTUAL.
   *
   * @return the layout class's name in upper case
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public String layoutName() throws IOException {
    return storage().layoutName();
  }

  /**
   * The fill value's bytes, or null when none is defined (unwritten data reads as zeros).
   *
   * @return a new array of one element's bytes in the file's datatype, or null when undefined
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public byte @Nullable [] fillValueBytes() throws IOException {
    return call(stored::fillValueBytes);
  }

  /**
   * The fill value decoded as {@link #read()} decodes elements, or null when none is
   * defined or it is the default (zeros).
   *
   * @return a new flat array of one element (e.g. {@code int[1]}, {@code Object[1]} holding a
   *     compound's members), or null
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public @Nullable Object fillValue() throws IOException {
    return call(() -> {
      byte[] bytes = stored.fillValueBytes();
      return bytes == null || bytes.length == 0 ? null
          : file.values().decode(stored.cachedDatatype(), bytes, 1);
    });
  }

  /**
   * The stored bytes of every element in C order, in the file's datatype.
   *
   * @return the bytes of all elements, datatype size times element count
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public byte[] readRaw() throws IOException {
    return call(() -> stored.storage().readBytes());
  }

  /**
   * Called when the caller opens this dataset by path. A virtual dataset is made ready for a
   * fast first read here: libhdf5 does all its mapping work at open. Best effort: what fails
   * here is left for the read that needs it to report.
   */
  void opened() {
    EngineCalls.locked(file, () -> {
      try {
        stored.opened();
      } catch (IOException | RuntimeException e) {
        // the first read redoes what failed here and reports it
      }
      return null;
    });
  }

  /**
   * The mappings of this virtual dataset, as stored: count them, iterate them, or take the
   * block's bytes, without opening a source or reading data.
   *
   * @return a view of the stored mapping block
   * @throws IllegalStateException when the dataset is not virtual
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public VirtualMappings virtualMappings() throws IOException {
    return new MappingBlockView(mappingBlock());
  }

  /**
   * The stored bytes of this virtual dataset's mapping block, as {@code virtualMappings().bytes()}
   * gives them, but without decoding a mapping or preparing the dataset for reading: the
   * checksum is verified and nothing is kept, so comparing the blocks of many datasets (a
   * version log) costs one read of each.
   *
   * @return a new array: the block's bytes, checksum included
   * @throws IllegalStateException when the dataset is not virtual
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     the block is malformed or its checksum wrong
   */
  public byte[] virtualMappingBytes() throws IOException {
    return call(stored::storedMappingBytes);
  }

  /** The decoded mapping block of this virtual dataset (see {@link #virtualMappings}). */
  MappingBlock mappingBlock() throws IOException {
    return call(() -> stored.storage().mappings());
  }

  /**
   * All elements as a flat Java array in C order.
   *
   * @return an array of one entry per element, of the Java type the datatype reads as
   *     ({@code double[]} for float64, {@code String[]} for strings, ...)
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Object read() throws IOException {
    Object flat = readAll();
    return isScalar() ? Array.get(flat, 0) : flat;
  }

  /** All elements as a flat Java array, a scalar's too. */
  private Object readAll() throws IOException {
    return call(() -> stored.storage().readValues());
  }

  /**
   * Reads the stored bytes of the elements {@code sel} picks (C order of the selection, in
   * the file's datatype and byte order) into {@code dst} from its position, which advances.
   * Uncompressed data goes from the file straight into the buffer: with a direct buffer,
   * no copy is made in the JVM at all. Heap and direct buffers alike; the buffer's byte order
   * plays no part (the bytes are as stored), nor do bytes outside position and limit.
   *
   * @param sel the elements to read, within the dataset's shape
   * @param dst where the bytes go, from its position; the position advances by the bytes read
   * @throws IllegalArgumentException if {@code dst} is read-only or has fewer bytes remaining
   *     than the selection holds (nothing is read then)
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
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
   * Reads the elements {@code sel} picks into the caller's array, from index 0, converted as
   * {@link #readDoubles(Selection)} converts: the same values without a new array per read
   * (one array serves read after read, the last chunk of a dataset too). Where the stored
   * type is the array's (float64 into {@code double[]}, int32 into {@code int[]}, ...) and
   * the data are uncompressed, each contiguous run of the selection is one copy from the
   * file into the array.
   *
   * <pre>{@code
   * double[] chunk = new double[131072];
   * int n = d.read(Selection.box(new long[] {start}, new long[] {131072}), chunk);
   * }</pre>
   *
   * @param sel the elements to read, within the dataset's shape
   * @param into where the elements go, C order of the selection from index 0; the entries
   *     after them are left as they are
   * @return the number of elements read: the selection's element count
   * @throws IllegalArgumentException if {@code into} is shorter than the selection (nothing
   *     is read then), or the stored type does not convert to {@code double} without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int read(Selection sel, double[] into) throws IOException {
    return readInto(sel, into, double.class);
  }

  /**
   * Reads the elements {@code sel} picks into the caller's array as floats (float32, integers of up to 24 bits); see
   * {@link #read(Selection, double[])}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @param into where the elements go, C order of the selection from index 0
   * @return the number of elements read: the selection's element count
   * @throws IllegalArgumentException if {@code into} is shorter than the selection, or the
   *     stored type does not convert to {@code float} without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int read(Selection sel, float[] into) throws IOException {
    return readInto(sel, into, float.class);
  }

  /**
   * Reads the elements {@code sel} picks into the caller's array as longs (integers but uint64); see
   * {@link #read(Selection, double[])}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @param into where the elements go, C order of the selection from index 0
   * @return the number of elements read: the selection's element count
   * @throws IllegalArgumentException if {@code into} is shorter than the selection, or the
   *     stored type does not convert to {@code long} without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int read(Selection sel, long[] into) throws IOException {
    return readInto(sel, into, long.class);
  }

  /**
   * Reads the elements {@code sel} picks into the caller's array as ints (int8..int32, uint8, uint16); see
   * {@link #read(Selection, double[])}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @param into where the elements go, C order of the selection from index 0
   * @return the number of elements read: the selection's element count
   * @throws IllegalArgumentException if {@code into} is shorter than the selection, or the
   *     stored type does not convert to {@code int} without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int read(Selection sel, int[] into) throws IOException {
    return readInto(sel, into, int.class);
  }

  /**
   * Reads the elements {@code sel} picks into the caller's array as shorts (int8, int16, uint8); see
   * {@link #read(Selection, double[])}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @param into where the elements go, C order of the selection from index 0
   * @return the number of elements read: the selection's element count
   * @throws IllegalArgumentException if {@code into} is shorter than the selection, or the
   *     stored type does not convert to {@code short} without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int read(Selection sel, short[] into) throws IOException {
    return readInto(sel, into, short.class);
  }

  /**
   * Reads the elements {@code sel} picks into the caller's array as bytes (int8); see
   * {@link #read(Selection, double[])}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @param into where the elements go, C order of the selection from index 0
   * @return the number of elements read: the selection's element count
   * @throws IllegalArgumentException if {@code into} is shorter than the selection, or the
   *     stored type does not convert to {@code byte} without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int read(Selection sel, byte[] into) throws IOException {
    return readInto(sel, into, byte.class);
  }

  /**
   * The elements {@code sel} picks, as a flat Java array in C order of the selection's shape.
   * Only the storage the selection covers is read.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return a flat Java array, of the kind {@link #read()} gives, one entry per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
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

  /**
   * Writes {@code flatArray} (C order of the selection's shape) into the elements of {@code sel}.
   *
   * @param sel the elements to write, within the dataset's shape
   * @param flatArray a Java array of the kind {@link #read()} gives, one entry per selected element
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void write(Selection sel, Object flatArray) throws IOException {
    file.checkWritable();
    run(() -> {
      long[] dims = stored.dataspace().dims();
      Hyperslab slab = sel.resolve(dims, path);
      Object flat = NdArrays.flatFor(flatArray, TypedValues.naturalClass(
          stored.cachedDatatype()), sel.resultShape(dims, path), "the selection " + sel
          + " of dataset " + path);
      if (slab.equals(Hyperslab.all(dims))) {
        write(flat);
        return;
      }
      stored.storage().writeValues(slab, flat);
    });
  }

  /**
   * Writes the stored bytes of the elements {@code sel} picks from {@code src} (C order of the
   * selection, in the file's datatype and byte order; the symmetric of
   * {@link #read(Selection, java.nio.ByteBuffer)}), from its position, which advances.
   * Uncompressed data go from the buffer straight to the file: with a direct buffer, runs of
   * 64 KiB and more are written with no copy in the JVM, and shorter ones (the rows of a chunk
   * narrower than the dataset) are gathered into one write per chunk. Types that hold variable-length data (whose stored bytes point into
   * the file's heap) cannot be written this way.
   *
   * @param sel the elements to write, within the dataset's shape
   * @param src the stored bytes to write, from its position; the position advances by the bytes
   *     written
   * @throws java.nio.BufferUnderflowException if {@code src} has fewer bytes remaining than
   *     the selection needs
   * @throws IllegalArgumentException if the datatype holds variable-length data
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
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

  /**
   * Overwrites every element with {@code array}: a flat Java array in C order (the kind
   * {@link #read} returns), an n-d one of exactly the dataset's shape, or a scalar's value.
   *
   * <pre>{@code
   * d.write(new double[3][3]);  // a 3x3 dataset; a double[3][2] is refused saying both shapes
   * }</pre>
   *
   * @param array the new values: flat, n-d of the dataset's shape, or a scalar's value
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void write(Object array) throws IOException {
    file.checkWritable();
    run(() -> {
      Dataspace space = stored.dataspace();
      Object value = array;
      if (space.kind() == Dataspace.Kind.SCALAR && value != null
          && !value.getClass().isArray()) {
        value = Values.wrapScalar(value); // a scalar's value, as read() gives it
      }
      stored.storage().writeValues(NdArrays.flatFor(value, TypedValues.naturalClass(
          stored.cachedDatatype()), space.dims(), "dataset " + path));
    });
  }

  /**
   * The allocated chunks of a chunked dataset (offset, address, stored size, filter mask),
   * read from its index without reading any chunk data.
   *
   * @return one entry per allocated chunk, in the index's order; empty when none is allocated
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<ChunkInfo> chunks() throws IOException {
    return chunkRecords().stream().map(c -> new ChunkInfo(c.offset(), c.storedSize(),
        c.filterMask(), c.address())).toList();
  }

  /** The chunk index's records, as {@link #chunks} lists them, for h5j's own use. */
  List<ChunkRecord> chunkRecords() throws IOException {
    return call(() -> stored.storage().chunks());
  }

  /**
   * The stored bytes of the chunk starting at element {@code offset}, or null if none.
   *
   * @param offset the chunk's first element, one coordinate per dimension (a multiple of the chunk
   *     shape)
   * @return the chunk's stored (still filtered) bytes and filter mask, or null when the chunk is
   *     not allocated
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public @Nullable RawChunk readChunk(long... offset) throws IOException {
    StoredChunk c = call(() -> stored.storage().readChunk(offset));
    return c == null ? null : new RawChunk(c.bytes(), c.filterMask());
  }

  /**
   * Stores already-filtered chunk bytes as they are (the raw counterpart of {@link #write});
   * the repacker and the versioning layer move chunks this way without decoding them.
   *
   * @param offset the chunk's first element, one coordinate per dimension (a multiple of the chunk
   *     shape)
   * @param chunk the bytes as the dataset's filter pipeline made them, with the mask of filters
   *     skipped
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
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
   *
   * @param newDims the new size of each dimension, each at most its maximum
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void resize(long... newDims) throws IOException {
    file.checkWritable();
    run(() -> stored.resize(newDims));
  }

  // ============================================================== typed and n-d access

  /**
   * Whether the dataspace is scalar: one element, rank 0 ({@link #read()} gives it bare).
   *
   * @return true for a scalar dataspace
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean isScalar() throws IOException {
    return dataspace().kind() == Dataspace.Kind.SCALAR;
  }

  /**
   * Whether the dataspace is null: no elements at all (h5py's {@code h5py.Empty}).
   *
   * @return true for a null dataspace
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean isNull() throws IOException {
    return dataspace().kind() == Dataspace.Kind.NULL;
  }

  /**
   * Every element as doubles, converted where no value is lost (any integer of up to 53
   * bits, float32); see {@link #readDoubles(Selection)}.
   *
   * <pre>{@code
   * double[] v = file.root().dataset("x").readDoubles();  // float64, float32, int32, uint8...
   * }</pre>
   *
   * @return one double per element, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public double[] readDoubles() throws IOException {
    return readDoubles(Selection.all());
  }

  /**
   * The elements {@code sel} picks as doubles (flat, C order). Conversions are the lossless
   * ones numpy calls safe; others (int64, uint64) are refused naming both types.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return one double per selected element
   * @throws IllegalArgumentException when the stored type does not convert without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public double[] readDoubles(Selection sel) throws IOException {
    return (double[]) readTyped(sel, double.class);
  }

  /**
   * Every element as floats: float32 and smaller floats, integers of up to 24 bits.
   *
   * @return one float per element, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public float[] readFloats() throws IOException {
    return readFloats(Selection.all());
  }

  /**
   * The elements {@code sel} picks as floats; see {@link #readFloats()}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return one float per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public float[] readFloats(Selection sel) throws IOException {
    return (float[]) readTyped(sel, float.class);
  }

  /**
   * Every element as longs: any integer but uint64, an enum's stored values.
   *
   * <pre>{@code
   * long[] ids = d.readLongs();  // int8..int64, uint8..uint32
   * }</pre>
   *
   * @return one long per element, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long[] readLongs() throws IOException {
    return readLongs(Selection.all());
  }

  /**
   * The elements {@code sel} picks as longs; see {@link #readLongs()}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return one long per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long[] readLongs(Selection sel) throws IOException {
    return (long[]) readTyped(sel, long.class);
  }

  /**
   * Every element as ints: int8..int32, uint8, uint16, enums of those.
   *
   * @return one int per element, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int[] readInts() throws IOException {
    return readInts(Selection.all());
  }

  /**
   * The elements {@code sel} picks as ints; see {@link #readInts()}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return one int per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int[] readInts(Selection sel) throws IOException {
    return (int[]) readTyped(sel, int.class);
  }

  /**
   * Every element as shorts: int8, int16, uint8.
   *
   * @return one short per element, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public short[] readShorts() throws IOException {
    return readShorts(Selection.all());
  }

  /**
   * The elements {@code sel} picks as shorts; see {@link #readShorts()}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return one short per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public short[] readShorts(Selection sel) throws IOException {
    return (short[]) readTyped(sel, short.class);
  }

  /**
   * Every element as bytes: int8 only (a uint8 does not fit a Java byte: readShorts).
   *
   * @return one byte per element, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public byte[] readBytes() throws IOException {
    return readBytes(Selection.all());
  }

  /**
   * The elements {@code sel} picks as bytes; see {@link #readBytes()}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return one byte per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public byte[] readBytes(Selection sel) throws IOException {
    return (byte[]) readTyped(sel, byte.class);
  }

  /**
   * Every element as strings: fixed or variable-length strings, or an enum's names (a value
   * without a name as its number).
   *
   * <pre>{@code
   * String[] colours = d.readStrings();  // enum {RED=0, GREEN=1}: "RED", "GREEN", ...
   * }</pre>
   *
   * @return one string per element, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public String[] readStrings() throws IOException {
    return readStrings(Selection.all());
  }

  /**
   * The elements {@code sel} picks as strings; see {@link #readStrings()}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return one string per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public String[] readStrings(Selection sel) throws IOException {
    return (String[]) readTyped(sel, String.class);
  }

  /**
   * Every element of an h5py boolean dataset (enum int8 {FALSE=0, TRUE=1}, as h5py stores
   * numpy's bool).
   *
   * <pre>{@code
   * boolean[] mask = d.readBooleans();
   * }</pre>
   *
   * @return one boolean per element, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean[] readBooleans() throws IOException {
    return readBooleans(Selection.all());
  }

  /**
   * The elements {@code sel} picks as booleans; see {@link #readBooleans()}.
   *
   * @param sel the elements to read, within the dataset's shape
   * @return one boolean per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean[] readBooleans(Selection sel) throws IOException {
    return (boolean[]) readTyped(sel, boolean.class);
  }

  /**
   * The value of a scalar (or one-element) dataset as a double, converted as
   * {@link #readDoubles()} converts.
   *
   * <pre>{@code
   * double t = file.root().dataset("temperature").readDouble();
   * }</pre>
   *
   * @return the one element's value
   * @throws IllegalArgumentException when the dataset holds other than one element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public double readDouble() throws IOException {
    return ((double[]) readOne(double.class))[0];
  }

  /**
   * The value of a scalar dataset as a long; see {@link #readDouble()}.
   *
   * @return the one element's value
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long readLong() throws IOException {
    return ((long[]) readOne(long.class))[0];
  }

  /**
   * The value of a scalar dataset as an int; see {@link #readDouble()}.
   *
   * @return the one element's value
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int readInt() throws IOException {
    return ((int[]) readOne(int.class))[0];
  }

  /**
   * The value of a scalar dataset as a string; see {@link #readDouble()}.
   *
   * @return the one element's value
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public String readString() throws IOException {
    return ((String[]) readOne(String.class))[0];
  }

  /**
   * The value of a scalar h5py boolean dataset; see {@link #readDouble()}.
   *
   * @return the one element's value
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean readBoolean() throws IOException {
    return ((boolean[]) readOne(boolean.class))[0];
  }

  /**
   * Every element as a Java n-d array of {@code arrayType}, whose rank must be the dataset's
   * and whose element type one of {@link #readDoubles()}'s family (converted as they convert).
   *
   * <pre>{@code
   * double[][] m = file.root().dataset("matrix").readArray(double[][].class);
   * }</pre>
   *
   * @param <T> the n-d array type
   * @param arrayType the class of the array to fill, such as {@code double[][].class}
   * @return a new array of the dataset's shape
   * @throws IllegalArgumentException when the ranks differ or the elements do not convert
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public <T> T readArray(Class<T> arrayType) throws IOException {
    return readArray(Selection.all(), arrayType);
  }

  /**
   * The elements {@code sel} picks as a Java n-d array of {@code arrayType}, shaped as the
   * selection (without the dimensions a {@link Slice#at} index picks, as numpy).
   *
   * <pre>{@code
   * double[][] block = d.readArray(Selection.parse("500:510, ::2"), double[][].class);
   * double[] row = d.readArray(Selection.parse("7"), double[].class);
   * }</pre>
   *
   * @param <T> the n-d array type
   * @param sel the elements to read, within the dataset's shape
   * @param arrayType the class of the array to fill, such as {@code double[][].class}
   * @return a new array of the selection's shape
   * @throws IllegalArgumentException when the ranks differ or the elements do not convert
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public <T> T readArray(Selection sel, Class<T> arrayType) throws IOException {
    long[] shape = sel.resultShape(dataspace().dims(), path);
    if (!arrayType.isArray() || NdArrays.rank(arrayType) != shape.length) {
      throw new IllegalArgumentException((sel == Selection.all() ? "dataset " + path
          : "the selection " + sel + " of dataset " + path) + " has shape "
          + NdArrays.text(shape) + " (rank " + shape.length + "); " + arrayType.getSimpleName()
          + (arrayType.isArray() ? " has rank " + NdArrays.rank(arrayType)
              : " is no array: use readDouble() and the like for one value"));
    }
    Object flat = readTyped(sel, NdArrays.leafClass(arrayType));
    return arrayType.cast(NdArrays.reshape(flat, shape));
  }

  /**
   * The objects an object-reference dataset refers to, one per element (null for a null
   * reference or one whose file is missing): classic references (HDF5 1.8, h5py's
   * {@code h5py.ref_dtype}) and HDF5 1.12+ ones (for a region or attribute reference, the
   * object holding it). A node's path is the first one a walk from the root meets.
   *
   * <pre>{@code
   * Node[] targets = file.root().dataset("refs").readReferences();
   * }</pre>
   *
   * @return one entry per element, C order; an entry is null where the reference is null or its
   *     target missing
   * @throws IllegalArgumentException when the dataset does not hold object references
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public @Nullable Node[] readReferences() throws IOException {
    Datatype type = cachedDatatype();
    Object flat = readAll();
    Node[] out = new Node[java.lang.reflect.Array.getLength(flat)];
    if (flat instanceof long[] addresses
        && type instanceof io.h5j.type.ReferenceType) {
      java.util.Map<Long, Node> byAddress = null; // one walk for all references
      for (int i = 0; i < out.length; i++) {
        long a = addresses[i];
        if (a != 0 && a != FileParams.UNDEFINED) { // h5py's null reference is address 0
          if (byAddress == null) {
            byAddress = new java.util.HashMap<>();
            byAddress.put(file.root().address(), file.root());
            for (Node n : file.root().walk()) {
              byAddress.put(n.address(), n);
            }
          }
          Node n = byAddress.get(a);
          out[i] = n != null ? n : ReferenceTargets.find(file, a); // no path leads to it
        }
      }
    } else if (flat instanceof io.h5j.format.datatype.RevisedReference[] refs) {
      for (int i = 0; i < out.length; i++) {
        out[i] = refs[i] == null ? null : file.dereference(refs[i]);
      }
    } else {
      throw new IllegalArgumentException("dataset " + path + " holds "
          + type.name() + ", not object references");
    }
    return out;
  }

  /**
   * The dataset in slabs of {@code rows} along the first dimension (the last slab may be
   * shorter), each read when the iteration reaches it: memory stays one slab, whatever the
   * dataset's size. The shape is taken when the iteration starts.
   *
   * <pre>{@code
   * for (Slab s : d.slabs(1000)) {
   *   double[] values = (double[]) s.values();   // s.start()[0] is the first row
   * }
   * }</pre>
   *
   * @param rows the number of first-dimension indexes in each slab, at least 1
   * @return an iterable that reads one slab per step; each iterator starts from the first row
   * @throws IllegalArgumentException when {@code rows < 1} or the dataset has rank 0
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Iterable<Slab> slabs(long rows) throws IOException {
    long[] dims = dataspace().dims();
    if (rows < 1) {
      throw new IllegalArgumentException("a slab needs at least one row, not " + rows);
    }
    if (dims.length == 0) {
      throw new IllegalArgumentException("dataset " + path + " has no dimensions to slab;"
          + " read() it");
    }
    return () -> new SlabIterator(this, dims, rows);
  }

  /**
   * Puts the elements {@code sel} picks into {@code into}, a primitive array of
   * {@code element}s, converted as {@link #readTyped} converts; the number of elements.
   */
  private int readInto(Selection sel, Object into, Class<?> element) throws IOException {
    java.util.Objects.requireNonNull(into, "into");
    return call(() -> {
      long[] dims = stored.dataspace().dims();
      Hyperslab slab = sel.resolve(dims, path);
      Datatype type = stored.cachedDatatype();
      TypedValues.require(type, element, "dataset " + path);
      long count = slab.elementCount();
      int length = Array.getLength(into);
      if (count > length) {
        throw new IllegalArgumentException((sel == Selection.all() ? "dataset " + path
            : "the selection " + sel + " of dataset " + path) + " holds " + count
            + " elements, the array has " + length + "; pass one of at least " + count
            + " (or read" + Character.toUpperCase(element.getName().charAt(0))
            + element.getName().substring(1) + "s(sel) for a new one)");
      }
      DatasetStorage storage = stored.storage();
      if (into.getClass() == TypedValues.naturalClass(type)) {
        storage.readValuesInto(slab, into);
      } else {
        Object values = slab.equals(Hyperslab.all(dims)) ? storage.readValues()
            : storage.readValues(slab);
        System.arraycopy(TypedValues.convert(values, type, element), 0, into, 0, (int) count);
      }
      return (int) count;
    });
  }

  /** Elements {@code sel} picks as {@code element}s, after checking they convert without loss. */
  private Object readTyped(Selection sel, Class<?> element) throws IOException {
    Datatype type = cachedDatatype();
    TypedValues.require(type, element, "dataset " + path);
    return TypedValues.convert(read(sel), type, element);
  }

  private Object readOne(Class<?> element) throws IOException {
    Dataspace space = dataspace();
    if (space.kind() == Dataspace.Kind.NULL || space.elementCount() != 1) {
      throw new IllegalArgumentException("dataset " + path + " has "
          + (space.kind() == Dataspace.Kind.NULL ? "a null dataspace (no value)"
              : "shape " + NdArrays.text(space.dims())) + "; one value needs a scalar: read"
          + " arrays with readDoubles() and the like");
    }
    return readTyped(Selection.all(), element);
  }
}
