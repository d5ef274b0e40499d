package io.h5j.format.dataset;

import io.h5j.format.message.DataspaceMessage;

import io.h5j.format.H5FormatException;
import io.h5j.format.chunk.ChunkRecord;
import io.h5j.format.datatype.DataConverter;
import io.h5j.type.Datatype;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.io.ByteReader;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.select.Hyperslab;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Elements in chunks found through a chunk index ({@link ChunkedData} does the chunk I/O):
 * the only layout whose extent can change. The index is opened at the first operation that
 * needs it, not when the storage is chosen.
 */
final class ChunkedStorage implements DatasetStorage {
  private final StoredDataset d;
  private final LayoutMessage.Chunked layout;
  /** The chunk access of a read-only file, once found. */
  private volatile ChunkedData readOnlyData;

  ChunkedStorage(StoredDataset d, LayoutMessage.Chunked layout) {
    this.d = d;
    this.layout = layout;
  }

  @Override
  public StoredDataset dataset() {
    return d;
  }

  @Override
  public String layoutName() {
    return layout.className();
  }

  /**
   * The chunk access, its index opened once per header version (kept beside the storage, as
   * "chunked", where tests look for it).
   */
  private ChunkedData data() throws IOException {
    // A read-only file never changes: the chunk access found once serves every later call
    // (a virtual dataset's read asks for it once per mapping, thousands of times).
    ChunkedData kept = readOnlyData;
    if (kept != null) {
      return kept;
    }
    ChunkedData found = d.file().context().derived(d.address(), "chunked", () -> {
      int typeSize = d.cachedDatatype().size();
      if (layout.elementSize() != typeSize) { // libhdf5 sizes chunks by one, elements by the other
        throw new H5FormatException("dataset " + d.path(), d.address(), "its chunked layout"
            + " gives elements of " + layout.elementSize() + " bytes, its datatype of "
            + typeSize);
      }
      ByteReader p = d.message(MessageType.FILTER_PIPELINE);
      return new ChunkedData(d.file(), d.address(), d.path(), layout, d.dataspace(),
          p == null ? null : FilterPipelineMessage.decode(p), d.fillValueBytes());
    });
    if (!d.file().context().access().writable()) {
      readOnlyData = found;
    }
    return found;
  }

  /**
   * Whether {@code flatArray} may go to or come from the chunks without encoding or decoding
   * bytes.
   */
  private static boolean direct(Datatype type, Object flatArray) {
    return SlabTransfer.isPrimitiveImage(type)
        && flatArray.getClass() == DataConverter.javaArrayClass(type);
  }

  private Hyperslab all() throws IOException {
    return Hyperslab.all(d.dataspace().dims());
  }

  @Override
  public void prepareRead() throws IOException {
    data();
  }

  @Override
  public byte[] readBytes() throws IOException {
    return data().read(all());
  }

  @Override
  public byte[] readBytes(Hyperslab slab) throws IOException {
    return data().read(slab);
  }

  /** The raw bytes of {@code slab} handed to {@code sink} run by run, as they are read. */
  void readRuns(Hyperslab slab, MappingCopier.Runs sink) throws IOException {
    data().readRuns(slab, sink);
  }

  @Override
  public Object readValues() throws IOException {
    Datatype type = d.cachedDatatype();
    return SlabTransfer.isPrimitiveImage(type) ? data().readArray(all(), type)
        : DatasetStorage.super.readValues();
  }

  @Override
  public Object readValues(Hyperslab slab) throws IOException {
    Datatype type = d.cachedDatatype();
    return SlabTransfer.isPrimitiveImage(type) ? data().readArray(slab, type)
        : DatasetStorage.super.readValues(slab);
  }

  @Override
  public void readValuesInto(Hyperslab slab, Object into) throws IOException {
    Datatype type = d.cachedDatatype();
    if (direct(type, into)) {
      data().readArrayInto(slab, type, into);
    } else {
      DatasetStorage.super.readValuesInto(slab, into);
    }
  }

  @Override
  public void readInto(Hyperslab slab, ByteBuffer dst) throws IOException {
    data().readInto(slab, dst);
  }

  @Override
  public void writeBytes(Hyperslab slab, ByteBuffer raw) throws IOException {
    data().write(slab, raw);
  }

  @Override
  public void writeValues(Hyperslab slab, Object flatArray) throws IOException {
    Datatype type = d.cachedDatatype();
    if (direct(type, flatArray)) {
      data().writeArray(slab, flatArray, type);
    } else {
      DatasetStorage.super.writeValues(slab, flatArray);
    }
  }

  @Override
  public void replaceAll(Object flatArray, Dataspace space) throws IOException {
    Datatype type = d.cachedDatatype();
    Hyperslab all = Hyperslab.all(space.dims());
    if (direct(type, flatArray)) {
      data().writeArray(all, flatArray, type);
    } else {
      data().write(all, ByteBuffer.wrap(d.file().values().encode(type, flatArray)));
    }
  }

  /**
   * As in libhdf5, a shrink removes the elements outside the new extent: chunks wholly
   * outside leave the index at the next flush, and chunks the new extent cuts hold the fill
   * value outside it; edge chunks a filtered dataset stores unfiltered are stored again,
   * filtered or raw as the new extent asks.
   */
  @Override
  public void resize(Dataspace space, long[] newDims) throws IOException {
    ChunkedData chunks = data();
    Dataspace resized = Dataspace.simple(newDims, space.maxDims());
    boolean shrunk = false;
    for (int i = 0; i < newDims.length; i++) {
      shrunk |= newDims[i] < space.dims()[i];
    }
    EngineFile file = d.file();
    if (shrunk) {
      file.chunkCache().invalidate(d.address());
    }
    PendingChunks.of(file.context()).getOrCreate(d.address());
    // At flush, the chunk index commit writes the header with the new extent before the
    // index can name chunks only that extent covers.
    file.context().defer("chunks", d.address(), () -> ChunkIndexCommit.commit(file,
        d.address()));
    d.replace(MessageType.DATASPACE, new DataspaceMessage(resized).toBytes(
        file.context().params()), true);
    chunks.resized(resized);
    chunks.edgesMoved(space.dims());
    if (shrunk) {
      chunks.shrunk(space.dims());
    }
  }

  @Override
  public List<ChunkRecord> chunks() throws IOException {
    return data().chunks();
  }

  @Override
  public StoredChunk readChunk(long[] offset) throws IOException {
    return data().readRaw(offset);
  }

  @Override
  public void writeChunk(long[] offset, StoredChunk chunk) throws IOException {
    data().writeRaw(offset, chunk);
  }

  @Override
  public void writeDirtyChunks() throws IOException {
    data().writeDirty(0);
  }
}
