package io.h5j.format.dataset;

import io.h5j.format.chunk.ChunkRecord;
import io.h5j.format.datatype.DataConverter;
import io.h5j.type.Datatype;
import io.h5j.format.io.ByteReader;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.MappingBlock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Where a dataset's elements are and how they are read and written: one implementation per
 * storage layout (compact, contiguous, external files, chunked, virtual), chosen once per
 * version of the dataset's header by {@link #open}. Selections come resolved
 * ({@link Hyperslab} inside the current extent); "bytes" are stored element bytes in the
 * file's datatype, "values" flat Java arrays in C order of the selection. Operations a
 * layout lacks fail with the exception the API documents for them.
 */
public interface DatasetStorage {
  /** The storage {@code d}'s layout message calls for. */
  static DatasetStorage open(StoredDataset d) throws IOException {
    LayoutMessage layout = d.cachedLayout();
    ByteReader efl = d.message(MessageType.EXTERNAL_FILES);
    return switch (StorageKind.of(layout, efl != null)) {
      case COMPACT -> new CompactStorage(d, (LayoutMessage.Compact) layout);
      case CONTIGUOUS -> new ContiguousStorage(d, (LayoutMessage.Contiguous) layout);
      case EXTERNAL -> new ExternalStorage(d, (LayoutMessage.Contiguous) layout, efl);
      case CHUNKED -> new ChunkedStorage(d, (LayoutMessage.Chunked) layout);
      case VIRTUAL -> new VirtualStorage(d, (LayoutMessage.Virtual) layout);
    };
  }

  /** The dataset this storage belongs to. */
  StoredDataset dataset();

  /** Which storage this is, as {@link #open} chose it. */
  default StorageKind kind() throws IOException {
    StoredDataset d = dataset();
    return StorageKind.of(d.cachedLayout(), d.message(MessageType.EXTERNAL_FILES) != null);
  }

  /** The layout's name: COMPACT, CONTIGUOUS, CHUNKED or VIRTUAL. */
  String layoutName();

  /** The current extent, given the stored dataspace (virtual storage computes its own). */
  default Dataspace dataspace(Dataspace stored) throws IOException {
    return stored;
  }

  /** The stored bytes of every element in C order. */
  byte[] readBytes() throws IOException;

  /** The stored bytes of the elements {@code slab} picks, C order of the selection. */
  byte[] readBytes(Hyperslab slab) throws IOException;

  /** Every element as a flat Java array. */
  default Object readValues() throws IOException {
    StoredDataset d = dataset();
    return d.file().values().decode(d.cachedDatatype(), readBytes(),
        (int) d.dataspace().elementCount());
  }

  /** The elements {@code slab} picks (not all of them) as a flat Java array. */
  default Object readValues(Hyperslab slab) throws IOException {
    return dataset().file().values().decode(dataset().cachedDatatype(), readBytes(slab),
        (int) slab.elementCount());
  }

  /**
   * Puts the elements {@code slab} picks into {@code into} from index 0: a flat array of the
   * class the datatype reads as ({@link Values#naturalClass}), at least as long as the
   * selection; the elements after it stay as they are.
   */
  default void readValuesInto(Hyperslab slab, Object into) throws IOException {
    Object values = slab.equals(Hyperslab.all(dataset().dataspace().dims())) ? readValues()
        : readValues(slab);
    System.arraycopy(values, 0, into, 0, (int) slab.elementCount());
  }

  /**
   * Puts the stored bytes of {@code slab} into {@code dst} from its position (which stays:
   * the caller checked the room and advances it).
   */
  default void readInto(Hyperslab slab, ByteBuffer dst) throws IOException {
    dst.duplicate().put(readBytes(slab));
  }

  /** Writes stored element bytes ({@code raw} from index 0, C order of the selection). */
  void writeBytes(Hyperslab slab, ByteBuffer raw) throws IOException;

  /**
   * Writes {@code flatArray} (as many elements as {@code slab} picks, not all) into the
   * selection; heap objects of the variable-length elements it replaces are released.
   */
  default void writeValues(Hyperslab slab, Object flatArray) throws IOException {
    StoredDataset d = dataset();
    Datatype type = d.cachedDatatype();
    byte[] replaced = DataConverter.holdsVlen(type) ? readBytes(slab) : null;
    writeBytes(slab, ByteBuffer.wrap(d.file().values().encode(type, flatArray)));
    d.file().values().release(type, replaced, (int) slab.elementCount());
  }

  /**
   * Overwrites every element with {@code flatArray}; heap objects of the variable-length
   * elements it replaces are released.
   */
  default void writeValues(Object flatArray) throws IOException {
    StoredDataset d = dataset();
    Datatype type = d.cachedDatatype();
    Dataspace space = d.dataspace();
    byte[] replaced = DataConverter.holdsVlen(type) ? readBytes() : null;
    replaceAll(flatArray, space);
    d.file().values().release(type, replaced, (int) space.elementCount());
  }

  /** Stores {@code flatArray} as every element of {@code space}, the current extent. */
  void replaceAll(Object flatArray, Dataspace space) throws IOException;

  /** Changes the extent of {@code space} to {@code newDims} (checked against its maximum). */
  default void resize(Dataspace space, long[] newDims) throws IOException {
    throw new IllegalArgumentException("only chunked datasets can change shape; "
        + dataset().path() + " is " + layoutName());
  }

  /** Opens what reads need (a chunked dataset's index), reading no data. */
  default void prepareRead() throws IOException {}

  /**
   * Called when the dataset is opened by path: a virtual dataset gets ready for a fast first
   * read. Best effort: what fails here is left for the read that needs it to report.
   */
  default void opened() {}

  /** The allocated chunks, from the index, without reading chunk data. */
  default List<ChunkRecord> chunks() throws IOException {
    throw notChunked();
  }

  /** The stored bytes of the chunk starting at element {@code offset}, or null if none. */
  default StoredChunk readChunk(long[] offset) throws IOException {
    throw notChunked();
  }

  /** Stores already-filtered chunk bytes as they are. */
  default void writeChunk(long[] offset, StoredChunk chunk) throws IOException {
    throw notChunked();
  }

  /** Filters and writes the chunks changed in memory (part of a flush). */
  default void writeDirtyChunks() throws IOException {
    throw notChunked();
  }

  private IllegalArgumentException notChunked() {
    return new IllegalArgumentException("dataset " + dataset().path() + " is " + layoutName()
        + ", not chunked");
  }

  /** A virtual dataset's mappings as stored. */
  default MappingBlock mappings() throws IOException {
    throw new IllegalStateException("dataset " + dataset().path() + " is " + layoutName()
        + ", not virtual; check layoutName() first");
  }
}
