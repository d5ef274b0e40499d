package io.h5j;

import io.h5j.format.H5FormatException;
import io.h5j.format.chunk.ChunkRecord;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.message.ExternalFileList;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.StoredMessage;
import io.h5j.format.select.ChunkRuns;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.MappingBlock;
import io.h5j.internal.DatasetInternals;
import io.h5j.raw.ChunkInfo;
import io.h5j.raw.RawChunk;
import io.h5j.raw.VirtualMappings;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.util.ArrayList;
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
  static {
    DatasetInternals.grant(new DatasetAccess());
  }

  Dataset(H5File file, String path, long address) {
    super(file, path, address);
  }

  /**
   * The dataspace. A virtual dataset with unlimited mappings has the extent libhdf5 computes
   * from its sources' current extents, not the one stored.
   */
  public Dataspace dataspace() throws IOException {
    Dataspace stored = DataspaceMessage.read(required(MessageType.DATASPACE, "dataspace"));
    for (long max : stored.maxDims()) {
      if (max == Dataspace.UNLIMITED) {
        if (cachedLayout() instanceof LayoutMessage.Virtual v) {
          return Dataspace.simple(virtual(v).dims(), stored.maxDims());
        }
        break;
      }
    }
    return stored;
  }

  /** Current dimensions; empty for a scalar, empty for a null dataspace too. */
  public long[] shape() throws IOException {
    return dataspace().dims();
  }

  public long[] maxShape() throws IOException {
    return dataspace().maxDims();
  }

  public Datatype datatype() throws IOException {
    return DatatypeCodec.decode(required(MessageType.DATATYPE, "datatype"));
  }

  /**
   * How the elements are stored: the layout class and, for a chunked dataset, its chunk
   * shape, chunk index and filters.
   */
  public StorageLayout layout() throws IOException {
    LayoutMessage l = cachedLayout();
    StorageLayout.Kind kind = l instanceof LayoutMessage.Chunked ? StorageLayout.Kind.CHUNKED
        : l instanceof LayoutMessage.Virtual ? StorageLayout.Kind.VIRTUAL
        : l instanceof LayoutMessage.Compact ? StorageLayout.Kind.COMPACT
        : message(MessageType.EXTERNAL_FILES) != null ? StorageLayout.Kind.EXTERNAL
        : StorageLayout.Kind.CONTIGUOUS;
    ByteReader p = message(MessageType.FILTER_PIPELINE);
    List<Filter> filters = p == null ? List.of()
        : FilterPipelineMessage.decode(p).filters().stream().map(Filter::of).toList();
    return l instanceof LayoutMessage.Chunked c
        ? new StorageLayout(kind, c.chunkDims(), StorageLayout.ChunkIndex.values()[c.indexType()],
            filters)
        : new StorageLayout(kind, null, null, filters);
  }

  /** The layout message as stored (for h5j's own modules, through {@link DatasetInternals}). */
  LayoutMessage layoutMessage() throws IOException {
    return LayoutMessage.decode(required(MessageType.LAYOUT, "data layout"));
  }

  /**
   * The datatype, decoded once per header version, for use inside h5j only (callers get a
   * fresh one they may not share): reads and writes of small selections pay no decoding.
   */
  Datatype cachedDatatype() throws IOException {
    return file.context().derived(address(), "datatype", this::datatype);
  }

  /** The layout, decoded once per header version (as {@link #cachedDatatype}). */
  private LayoutMessage cachedLayout() throws IOException {
    return file.context().derived(address(), "layout", this::layoutMessage);
  }

  /** The storage layout's name: COMPACT, CONTIGUOUS, CHUNKED or VIRTUAL. */
  public String layoutName() throws IOException {
    return cachedLayout().className();
  }

  /** The fill value's bytes, or null when none is defined (unwritten data reads as zeros). */
  public byte[] fillValueBytes() throws IOException {
    ByteReader r = message(MessageType.FILL_VALUE);
    if (r != null) {
      return FillValueMessage.decode(r).value();
    }
    r = message(MessageType.FILL_VALUE_OLD);
    return r == null ? null : FillValueMessage.decodeOld(r).value();
  }

  private ByteReader required(int type, String what) throws IOException {
    ByteReader r = message(type);
    if (r == null) {
      throw new H5FormatException("dataset " + path, address(), "has no " + what + " message");
    }
    return r;
  }

  /** The stored bytes of every element in C order, in the file's datatype. */
  public byte[] readRaw() throws IOException {
    Dataspace space = dataspace();
    Datatype type = cachedDatatype();
    long bytes = storageBytes(space, type);
    LayoutMessage layout = cachedLayout();
    if (layout instanceof LayoutMessage.Compact c) {
      if (c.data().length < bytes) {
        throw new H5FormatException("dataset " + path, address(), "compact data holds "
            + c.data().length + " bytes, the dataspace needs " + bytes);
      }
      return java.util.Arrays.copyOf(c.data(), (int) bytes);
    }
    if (layout instanceof LayoutMessage.Contiguous c) {
      if (c.size() < bytes) {
        throw new H5FormatException("dataset " + path, address(), "contiguous storage of "
            + c.size() + " bytes is smaller than the " + bytes + " the dataspace needs");
      }
      if (bytes > Integer.MAX_VALUE - 8) {
        throw new UnsupportedOperationException("dataset " + path + " holds " + bytes
            + " bytes, more than one Java array; read it in parts");
      }
      ExternalStorage ext = external(bytes);
      if (ext != null) {
        byte[] out = new byte[(int) bytes];
        ext.read(0, java.nio.ByteBuffer.wrap(out));
        return out;
      }
      if (!FileParams.isDefined(c.address())) {
        return Values.repeat(fillValueBytes(), (int) space.elementCount(), type.size());
      }
      return file.context().access().read(c.address(), bytes, "contiguous data of " + path);
    }
    if (layout instanceof LayoutMessage.Chunked c) {
      return chunked(c, space).read(Hyperslab.all(space.dims()));
    }
    if (layout instanceof LayoutMessage.Virtual v) {
      return virtual(v).read(Hyperslab.all(space.dims()));
    }
    throw new UnsupportedOperationException("dataset " + path + " uses " + layout.className()
        + " storage, which this version of h5j lists but does not read yet");
  }

  /**
   * Whether contiguous data are in this file at a known address; an external file list, when
   * present, takes precedence over the layout's address, as in libhdf5.
   */
  private boolean inFile(LayoutMessage.Contiguous c) throws IOException {
    return FileParams.isDefined(c.address()) && message(MessageType.EXTERNAL_FILES) == null;
  }

  /**
   * The external files holding this contiguous dataset's {@code bytes}, or null when it is
   * stored in the HDF5 file.
   */
  private ExternalStorage external(long bytes) throws IOException {
    ByteReader r = message(MessageType.EXTERNAL_FILES);
    if (r == null) {
      return null;
    }
    ExternalStorage ext = ExternalStorage.of(file, path, address(), ExternalFileList.decode(r));
    if (ext.capacity() < bytes) {
      throw new H5FormatException("external file list of dataset " + path, address(),
          "its segments hold " + ext.capacity() + " bytes, the dataspace needs " + bytes);
    }
    return ext;
  }

  /**
   * Called when the caller opens this dataset by path. A virtual dataset is made ready for a
   * fast first read here (see {@link VirtualData#prepareFirstRead}): libhdf5 does all its
   * mapping work at open. Best effort: what fails here is left for the read that needs it to
   * report.
   */
  void opened() {
    try {
      if (cachedLayout() instanceof LayoutMessage.Virtual v) {
        virtual(v).prepareFirstRead();
      }
    } catch (IOException | RuntimeException e) {
      // the first read redoes what failed here and reports it
    }
  }

  /** Opens this dataset's storage for reads (a chunked one's index), reading no data. */
  void prepareRead() throws IOException {
    if (cachedLayout() instanceof LayoutMessage.Chunked c) {
      chunked(c, dataspace());
    }
  }

  /**
   * Access to this virtual dataset's mappings and sources: one per open file, built at the
   * dataset's open or first use (the mapping block loads when a read first needs it) and
   * forgotten when the header changes.
   */
  private VirtualData virtual(LayoutMessage.Virtual v) throws IOException {
    return file.context().derived(address(), "virtual", () -> new VirtualData(file, path,
        address(), v, DataspaceMessage.read(required(MessageType.DATASPACE, "dataspace")),
        datatype(), fillValueBytes()));
  }

  /**
   * The mappings of this virtual dataset, as stored: count them, iterate them, or take the
   * block's bytes, without opening a source or reading data.
   *
   * @throws IllegalStateException when the dataset is not virtual
   */
  public VirtualMappings virtualMappings() throws IOException {
    return new MappingBlockView(mappingBlock());
  }

  /** The decoded mapping block of this virtual dataset (see {@link #virtualMappings}). */
  MappingBlock mappingBlock() throws IOException {
    if (!(cachedLayout() instanceof LayoutMessage.Virtual v)) {
      throw new IllegalStateException("dataset " + path + " is " + layoutName()
          + ", not virtual; check layoutName() first");
    }
    return virtual(v).block();
  }

  /** Raw element bytes of a box (for virtual datasets reading their sources). */
  byte[] readRaw(Hyperslab slab) throws IOException {
    return readRaw(slab, cachedDatatype());
  }

  /** This dataset's chunk access, built once per header version (index opened once). */
  private ChunkedData chunked(LayoutMessage.Chunked c, Dataspace space) throws IOException {
    return file.context().derived(address(), "chunked", () -> {
      int typeSize = cachedDatatype().size();
      if (c.elementSize() != typeSize) { // libhdf5 sizes chunks by one, elements by the other
        throw new H5FormatException("dataset " + path, address(), "its chunked layout gives"
            + " elements of " + c.elementSize() + " bytes, its datatype of " + typeSize);
      }
      ByteReader p = message(MessageType.FILTER_PIPELINE);
      return new ChunkedData(file, address(), path, c, space,
          p == null ? null : FilterPipelineMessage.decode(p), fillValueBytes());
    });
  }

  private long storageBytes(Dataspace space, Datatype type) throws H5FormatException {
    return bytes(space.elementCount(), type.size());
  }

  /** The bytes of elements of this dataset: a format error beyond 2^63 bytes. */
  private long bytes(long elements, int size) throws H5FormatException {
    return ElementBytes.of(elements, size, "dataset", path, address());
  }

  /** All elements as a flat Java array in C order. */
  public Object read() throws IOException {
    Datatype type = cachedDatatype();
    LayoutMessage layout = cachedLayout();
    Dataspace space = dataspace();
    if (layout instanceof LayoutMessage.Contiguous c && inFile(c)
        && c.size() >= storageBytes(space, type) && space.elementCount() <= Integer.MAX_VALUE) {
      return SlabTransfer.read(file.values(), file.context().access(), type, c.address(),
          (int) space.elementCount(), "contiguous data of " + path);
    }
    if (layout instanceof LayoutMessage.Chunked c && SlabTransfer.isPrimitiveImage(type)) {
      return chunked(c, space).readArray(Hyperslab.all(space.dims()), type);
    }
    return file.values().decode(type, readRaw(), (int) space.elementCount());
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
  public void read(Selection sel, java.nio.ByteBuffer dst) throws IOException {
    Dataspace space = dataspace();
    Hyperslab slab = sel.resolve(space.dims(), path);
    Datatype type = cachedDatatype();
    long bytes = bytes(slab.elementCount(), type.size());
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
    LayoutMessage layout = cachedLayout();
    int size = type.size();
    int base = dst.position();
    if (layout instanceof LayoutMessage.Contiguous c && inFile(c)
        && c.size() >= storageBytes(space, type)) {
      var fa = file.context().access();
      ChunkRuns.visit(slab, space.dims(), runs((inData, inSel, n) -> fa.read(
          c.address() + inData * size, dst.duplicate().position(base + (int) (inSel * size))
              .limit(base + (int) ((inSel + n) * size)), "contiguous data of " + path)));
    } else if (layout instanceof LayoutMessage.Chunked c) {
      chunked(c, space).readInto(slab, dst);
    } else {
      dst.duplicate().put(readRaw(slab, type));
    }
    dst.position(base + (int) bytes);
  }

  /**
   * The elements {@code sel} picks, as a flat Java array in C order of the selection's shape.
   * Only the storage the selection covers is read.
   */
  public Object read(Selection sel) throws IOException {
    Dataspace space = dataspace();
    Hyperslab slab = sel.resolve(space.dims(), path);
    if (slab.equals(Hyperslab.all(space.dims()))) {
      return read();
    }
    Datatype type = cachedDatatype();
    if (cachedLayout() instanceof LayoutMessage.Chunked c && SlabTransfer.isPrimitiveImage(type)) {
      return chunked(c, space).readArray(slab, type);
    }
    return file.values().decode(type, readRaw(slab, type), (int) slab.elementCount());
  }

  /** Raw element bytes of a selection, copied run by run out of the storage. */
  private byte[] readRaw(Hyperslab slab, Datatype type) throws IOException {
    int size = type.size();
    byte[] out = new byte[ElementBytes.ofArray(slab.elementCount(), size, "dataset", path,
        address())];
    LayoutMessage layout = cachedLayout();
    Dataspace space = dataspace();
    ExternalStorage ext = layout instanceof LayoutMessage.Contiguous
        ? external(storageBytes(space, type)) : null;
    if (ext != null) {
      ChunkRuns.visit(slab, space.dims(), runs((inData, inSel, n) -> ext.read(inData * size,
          java.nio.ByteBuffer.wrap(out, (int) inSel * size, (int) n * size))));
      return out;
    }
    if (layout instanceof LayoutMessage.Contiguous c && !FileParams.isDefined(c.address())) {
      return Values.repeat(fillValueBytes(), (int) slab.elementCount(), size); // never written
    }
    if (layout instanceof LayoutMessage.Compact) {
      byte[] all = readRaw();
      ChunkRuns.visit(slab, space.dims(), runs((inData, inSel, n) ->
          System.arraycopy(all, (int) inData * size, out, (int) inSel * size, (int) n * size)));
      return out;
    }
    if (layout instanceof LayoutMessage.Contiguous c) {
      if (c.size() < storageBytes(space, type)) {
        throw new H5FormatException("dataset " + path, address(), "contiguous storage of "
            + c.size() + " bytes is smaller than its dataspace needs");
      }
      var fa = file.context().access();
      ChunkRuns.visit(slab, space.dims(), runs((inData, inSel, n) -> fa.read(
          c.address() + inData * size, java.nio.ByteBuffer.wrap(out, (int) inSel * size,
              (int) n * size), "contiguous data of " + path)));
      return out;
    }
    if (layout instanceof LayoutMessage.Chunked c) {
      return chunked(c, space).read(slab);
    }
    if (layout instanceof LayoutMessage.Virtual v) {
      return virtual(v).read(slab);
    }
    throw new UnsupportedOperationException("dataset " + path + " uses " + layout.className()
        + " storage, which this version of h5j lists but does not read yet");
  }

  /** A run copier: element offsets in the stored data and in the selection, and a length. */
  private interface RunCopy {
    void copy(long inData, long inSelection, long length) throws IOException;
  }

  private static ChunkRuns.Visitor runs(RunCopy copy) {
    return new ChunkRuns.Visitor() {
      @Override
      public void chunk(long[] chunkOffset) {
        // one chunk: the whole dataset
      }

      @Override
      public void run(long inChunk, long inSelection, long length) throws IOException {
        copy.copy(inChunk, inSelection, length);
      }
    };
  }

  /** Writes {@code flatArray} (C order of the selection's shape) into the elements of {@code sel}. */
  public void write(Selection sel, Object flatArray) throws IOException {
    file.checkWritable();
    Dataspace space = dataspace();
    Hyperslab slab = sel.resolve(space.dims(), path);
    if (slab.equals(Hyperslab.all(space.dims()))) {
      write(flatArray);
      return;
    }
    if (java.lang.reflect.Array.getLength(flatArray) != slab.elementCount()) {
      throw new IllegalArgumentException("the selection has " + slab.elementCount()
          + " elements; got " + java.lang.reflect.Array.getLength(flatArray));
    }
    Datatype type = cachedDatatype();
    if (cachedLayout() instanceof LayoutMessage.Chunked c && SlabTransfer.isPrimitiveImage(type)
        && flatArray.getClass() == DataConverter.javaArrayClass(type)) {
      chunked(c, space).writeArray(slab, flatArray, type);
      return;
    }
    byte[] replaced = DataConverter.holdsVlen(type) ? readRaw(slab, type) : null;
    writeSelection(slab, flatArray, space, type);
    file.values().release(type, replaced, (int) slab.elementCount());
  }

  private void writeSelection(Hyperslab slab, Object flatArray, Dataspace space, Datatype type)
      throws IOException {
    writeStored(slab, java.nio.ByteBuffer.wrap(file.values().encode(type, flatArray)), space,
        type.size());
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
  public void write(Selection sel, java.nio.ByteBuffer src) throws IOException {
    file.checkWritable();
    Dataspace space = dataspace();
    Hyperslab slab = sel.resolve(space.dims(), path);
    Datatype type = cachedDatatype();
    if (DataConverter.holdsVlen(type)) {
      throw new IllegalArgumentException("dataset " + path + " holds variable-length data,"
          + " whose stored bytes point into the file's heap; write values with"
          + " write(Selection, Object)");
    }
    long bytes = bytes(slab.elementCount(), type.size());
    if (bytes > src.remaining()) {
      throw new java.nio.BufferUnderflowException();
    }
    int base = src.position();
    writeStored(slab, src.slice(base, (int) bytes), space, type.size());
    src.position(base + (int) bytes);
  }

  /** Writes stored element bytes ({@code raw} from index 0, C order of the selection). */
  private void writeStored(Hyperslab slab, java.nio.ByteBuffer raw, Dataspace space, int size)
      throws IOException {
    LayoutMessage layout = cachedLayout();
    if (layout instanceof LayoutMessage.Compact) {
      byte[] all = readRaw();
      ChunkRuns.visit(slab, space.dims(), runs((inData, inSel, n) ->
          raw.get((int) inSel * size, all, (int) inData * size, (int) n * size)));
      replaceLayout(new LayoutMessage.Compact(all));
      return;
    }
    if (layout instanceof LayoutMessage.Chunked ch) {
      chunked(ch, space).write(slab, raw);
      return;
    }
    if (!(layout instanceof LayoutMessage.Contiguous c)) {
      throw new UnsupportedOperationException("writing " + layout.className()
          + " datasets arrives with the VDS layer");
    }
    ExternalStorage ext = external(bytes(space.elementCount(), size));
    if (ext != null) {
      ChunkRuns.visit(slab, space.dims(), runs((inData, inSel, n) -> ext.write(inData * size,
          raw.slice((int) inSel * size, (int) n * size))));
      return;
    }
    long address = c.address();
    if (!FileParams.isDefined(address)) {
      byte[] filled = readRaw(); // the fill value everywhere, as libhdf5 allocates it
      address = file.context().allocator().allocate(Math.max(1, filled.length));
      file.context().access().write(address, filled);
      replaceLayout(new LayoutMessage.Contiguous(address, filled.length));
    }
    long at = writableContiguous(new LayoutMessage.Contiguous(address, c.size()), true);
    var fa = file.context().access();
    ChunkRuns.visit(slab, space.dims(), runs((inData, inSel, n) -> fa.write(at + inData * size,
        raw.slice((int) inSel * size, (int) n * size))));
  }

  /**
   * Where contiguous storage {@code c} may be written: at its place, unless the file's
   * flushes are atomic and it belongs to the last flushed state; then at a copy in new space
   * (of its bytes if {@code keepBytes}), which the layout names from the next flush on.
   */
  private long writableContiguous(LayoutMessage.Contiguous c, boolean keepBytes)
      throws IOException {
    var alloc = file.context().allocator();
    long bytes = Math.max(1, c.size());
    if (alloc.isFresh(c.address(), bytes)) {
      return c.address();
    }
    long to = alloc.allocate(bytes);
    if (keepBytes) {
      var fa = file.context().access();
      java.nio.ByteBuffer piece = java.nio.ByteBuffer.allocate((int) Math.min(bytes, 8 << 20));
      for (long done = 0; done < c.size(); done += piece.capacity()) {
        piece.clear().limit((int) Math.min(piece.capacity(), c.size() - done));
        fa.read(c.address() + done, piece, "contiguous data of dataset " + path);
        piece.flip();
        fa.write(to + done, piece);
      }
    }
    replaceLayout(new LayoutMessage.Contiguous(to, c.size()));
    alloc.free(c.address(), bytes); // set aside until the flush that forgets it
    return to;
  }

  /** Overwrites every element with {@code flatArray} (same kind that {@link #read} returns). */
  public void write(Object flatArray) throws IOException {
    file.checkWritable();
    Dataspace space = dataspace();
    Datatype type = cachedDatatype();
    if (java.lang.reflect.Array.getLength(flatArray) != space.elementCount()) {
      throw new IllegalArgumentException("dataset " + path + " has " + space.elementCount()
          + " elements; got " + java.lang.reflect.Array.getLength(flatArray));
    }
    H5Context ctx = file.context();
    LayoutMessage layout = cachedLayout();
    long bytes = storageBytes(space, type);
    byte[] replaced = DataConverter.holdsVlen(type) ? readRaw() : null;
    writeAll(flatArray, space, type, layout, bytes, ctx);
    file.values().release(type, replaced, (int) space.elementCount());
  }

  private void writeAll(Object flatArray, Dataspace space, Datatype type, LayoutMessage layout,
      long bytes, H5Context ctx) throws IOException {
    if (layout instanceof LayoutMessage.Compact) {
      replaceLayout(new LayoutMessage.Compact(file.values().encode(type, flatArray)));
    } else if (layout instanceof LayoutMessage.Contiguous c) {
      if (bytes == 0) {
        return;
      }
      ExternalStorage ext = external(bytes);
      if (ext != null) {
        ext.write(0, java.nio.ByteBuffer.wrap(file.values().encode(type, flatArray)));
      } else if (FileParams.isDefined(c.address())) {
        SlabTransfer.write(file.values(), ctx.access(), type, writableContiguous(c, false),
            flatArray);
      } else {
        long at = ctx.allocator().allocate(bytes);
        SlabTransfer.write(file.values(), ctx.access(), type, at, flatArray);
        replaceLayout(new LayoutMessage.Contiguous(at, bytes));
      }
    } else if (layout instanceof LayoutMessage.Chunked c) {
      if (SlabTransfer.isPrimitiveImage(type)
          && flatArray.getClass() == DataConverter.javaArrayClass(type)) {
        chunked(c, space).writeArray(Hyperslab.all(space.dims()), flatArray, type);
      } else {
        chunked(c, space).write(Hyperslab.all(space.dims()), java.nio.ByteBuffer.wrap(
            file.values().encode(type, flatArray)));
      }
    } else {
      throw new UnsupportedOperationException("writing " + layout.className()
          + " datasets arrives with the VDS layer");
    }
  }

  /**
   * The allocated chunks of a chunked dataset (offset, address, stored size, filter mask),
   * read from its index without reading any chunk data.
   */
  public List<ChunkInfo> chunks() throws IOException {
    return chunkRecords().stream().map(c -> new ChunkInfo(c.offset(), c.storedSize(),
        c.filterMask(), c.address())).toList();
  }

  /** The chunk index's records, as {@link #chunks} lists them, for h5j's own use. */
  List<ChunkRecord> chunkRecords() throws IOException {
    return chunkedOrFail().chunks();
  }

  /** The stored bytes of the chunk starting at element {@code offset}, or null if none. */
  public RawChunk readChunk(long... offset) throws IOException {
    return chunkedOrFail().readRaw(offset);
  }

  /**
   * Stores already-filtered chunk bytes as they are (the raw counterpart of {@link #write});
   * the repacker and the versioning layer move chunks this way without decoding them.
   */
  public void writeChunk(long[] offset, RawChunk chunk) throws IOException {
    file.checkWritable();
    chunkedOrFail().writeRaw(offset, chunk);
  }

  /** Filters and writes the chunks this dataset changed in memory (part of a flush). */
  void writeDirtyChunks() throws IOException {
    chunkedOrFail().writeDirty(0);
  }

  private ChunkedData chunkedOrFail() throws IOException {
    if (!(cachedLayout() instanceof LayoutMessage.Chunked c)) {
      throw new IllegalArgumentException("dataset " + path + " is " + layoutName()
          + ", not chunked");
    }
    return chunked(c, dataspace());
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
    Dataspace space = dataspace();
    if (newDims.length != space.rank()) {
      throw new IllegalArgumentException("dataset " + path + " has rank " + space.rank()
          + "; got " + newDims.length + " dimensions");
    }
    for (int d = 0; d < newDims.length; d++) {
      long max = space.maxDims()[d];
      if (newDims[d] < 0 || (max != Dataspace.UNLIMITED && newDims[d] > max)) {
        throw new IllegalArgumentException("dimension " + d + " of " + path + " can be 0.."
            + (max == Dataspace.UNLIMITED ? "unlimited" : Long.toString(max)) + ", not "
            + newDims[d]);
      }
    }
    if (!(cachedLayout() instanceof LayoutMessage.Chunked c)) {
      throw new IllegalArgumentException("only chunked datasets can change shape; " + path
          + " is " + layoutName());
    }
    ChunkedData data = chunked(c, space);
    Dataspace resized = Dataspace.simple(newDims, space.maxDims());
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : header().messages()) {
      messages.add(m.type() == MessageType.DATASPACE
          ? new StoredMessage(m.type(), m.flags(), m.creationOrder(),
              new DataspaceMessage(resized).toBytes(file.context().params()))
          : m);
    }
    boolean shrunk = false;
    for (int d = 0; d < newDims.length; d++) {
      shrunk |= newDims[d] < space.dims()[d];
    }
    if (shrunk) {
      file.chunkCache().invalidate(address());
    }
    PendingChunks.of(file.context()).getOrCreate(address());
    // At flush, the chunk index commit writes the header with the new extent before the
    // index can name chunks only that extent covers.
    file.context().defer("chunks", address(), () -> ChunkIndexCommit.commit(file,
        address()));
    file.context().stageHeader(address(), messages);
    data.resized(resized);
    data.edgesMoved(space.dims());
    if (shrunk) {
      data.shrunk(space.dims());
    }
  }

  private void replaceLayout(LayoutMessage layout) throws IOException {
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : header().messages()) {
      messages.add(m.type() == MessageType.LAYOUT
          ? new StoredMessage(m.type(), m.flags(), m.creationOrder(),
              layout.toBytes(file.context().params()))
          : m);
    }
    file.context().rewriteHeader(address(), messages);
  }
}
