package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.format.H5FormatException;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The shared chunk store of one dataset path: {@code raw_data}, where every distinct chunk
 * ever committed takes one slot of {@code chunks[0]} rows (top-left aligned, padded with the
 * fill value), and its hash table. Storing a chunk whose hash is known returns the existing
 * slot instead of writing it again.
 */
final class RawStore {
  private final Dataset raw;
  private final HashTable hashes;
  private final long[] chunks;
  private long nextSlot;

  private RawStore(Dataset raw, HashTable hashes, long[] chunks) {
    this.raw = raw;
    this.hashes = hashes;
    this.chunks = chunks;
    this.nextSlot = ceilToChunk(hashes.largestStop());
  }

  /** Opens the store of dataset {@code path}, or null if it has none yet. */
  static @Nullable RawStore open(H5File file, String path) throws IOException {
    String rawPath = VersionLayout.rawDataPath(path);
    if (!file.root().contains(rawPath)) {
      return null;
    }
    Dataset raw = file.dataset(rawPath);
    long[] chunks = chunksOf(raw);
    HashTable h = HashTable.read(file.dataset(VersionLayout.hashTablePath(path)));
    return new RawStore(raw, h, chunks);
  }

  /**
   * Creates raw_data and hash_table for a dataset path that has no raw_data. Its group may
   * exist already: it holds the stores of datasets below this path, or it is what a writer
   * interrupted before raw_data existed left (versioned-hdf5 creates the group first); a
   * hash table left there maps no chunk any version reads and is replaced.
   */
  static RawStore create(H5File file, String path, Datatype type, long[] chunks,
      Object fillValue) throws IOException {
    String groupPath = VersionLayout.VERSION_DATA + "/" + path;
    Group g;
    if (file.root().contains(groupPath)) {
      g = file.group(groupPath);
      if (g.contains("hash_table")) {
        g.delete("hash_table");
      }
    } else {
      g = file.root().createGroup(groupPath);
    }
    long[] shape = chunks.clone();
    shape[0] = 0;
    long[] max = chunks.clone();
    max[0] = Dataspace.UNLIMITED;
    DatasetSpec spec = DatasetSpec.empty(type, shape).maxShape(max).chunks(chunks);
    if (fillValue != null) {
      spec.fillValue(fillValue);
    }
    Dataset raw = g.createDataset("raw_data", spec);
    raw.attributes().put(VersionLayout.ATTR_CHUNKS, chunks.clone());
    return new RawStore(raw, HashTable.create(g), chunks.clone());
  }

  /** The chunk shape recorded on raw_data (attribute {@code chunks}). */
  static long[] chunksOf(Dataset raw) throws IOException {
    Object c = raw.attributes().contains(VersionLayout.ATTR_CHUNKS)
        ? raw.attributes().get(VersionLayout.ATTR_CHUNKS) : null;
    long[] chunks = c instanceof long[] l ? l : null;
    if (chunks == null || chunks.length != raw.shape().length
        || Arrays.stream(chunks).anyMatch(x -> x < 1)) {
      throw new H5FormatException("raw data " + raw.path(), raw.address(),
          "has no valid 'chunks' attribute (got " + (c instanceof long[] l
              ? Arrays.toString(l) : String.valueOf(c)) + ")");
    }
    return chunks;
  }

  Dataset raw() {
    return raw;
  }

  long[] chunks() {
    return chunks.clone();
  }

  /**
   * Stores a chunk given as its stored bytes (trimmed extent {@code extent}) unless an equal
   * one is stored already; returns the raw_data row where its slot starts. New chunks are
   * written by {@link #writeChunks}.
   */
  long store(StagedElements kind, byte[] elements, long[] extent) {
    byte[] hash = kind.hash(elements, extent);
    long[] known = hashes.find(hash);
    if (known != null) {
      return known[0];
    }
    long start = nextSlot;
    nextSlot = start + chunks[0];
    pending.add(new PendingChunk(kind, start, elements, extent.clone()));
    hashes.add(hash, start, start + extent[0]);
    return start;
  }

  private record PendingChunk(StagedElements kind, long start, byte[] elements,
      long[] extent) {}

  private final java.util.List<PendingChunk> pending = new java.util.ArrayList<>();

  /** Grows raw_data once for every chunk stored since the last call, then writes them. */
  void writeChunks() throws IOException {
    if (pending.isEmpty()) {
      return;
    }
    long[] rawShape = raw.shape();
    if (rawShape[0] < nextSlot) {
      rawShape[0] = nextSlot;
      raw.resize(rawShape);
    }
    for (PendingChunk c : pending) {
      c.kind().write(raw, c.start(), c.extent(), c.elements());
    }
    pending.clear();
  }

  /** Reads the box of {@code extent} elements at the slot starting at row {@code start}. */
  byte[] read(StagedElements kind, long start, long[] extent) throws IOException {
    return kind.read(raw, start, extent);
  }

  /** Writes the new chunks and hash rows (the rows not yet marked used). */
  void writeRows() throws IOException {
    writeChunks();
    hashes.writeRows();
  }

  /** Marks the new rows used: after this, later commits de-duplicate against them. */
  void markCommitted() throws IOException {
    hashes.writeLargestIndex();
  }

  private long ceilToChunk(long rows) {
    return (rows + chunks[0] - 1) / chunks[0] * chunks[0];
  }
}
