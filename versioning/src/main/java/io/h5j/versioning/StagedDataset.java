package io.h5j.versioning;

import io.h5j.raw.VirtualMappings;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * One dataset of a staged version, copy-on-write over its parent: chunks the parent maps are
 * named by their raw_data slot and read only when a write or a resize touches them; changed
 * chunks are held in memory as stored bytes, trimmed at the array edge.
 */
final class StagedDataset {
  final String path;
  final Datatype type;
  final long[] chunks;
  /** How elements are staged; {@link #fill} is one staged element reading as the fill value. */
  final StagedElements elements;
  final byte[] fill;
  long[] shape;
  final Map<String, Object> attributes;
  /** The parent's mapping block and shape, reused byte for byte while nothing changes. */
  final VirtualMappings parentBlock;
  private final long[] parentShape;
  /**
   * Reads the parent's mappings into the maps below when a write, a resize or a commit first
   * needs them: a version leaves most datasets as they were, and never decodes their blocks.
   */
  private @Nullable SlotLoader loader;
  /** The parent's chunks this version still takes unchanged; entries are only removed. */
  private Map<ChunkKey, Long> parentSlots;
  /** The parent's chunk → slot map as read, to recognise a commit that changed nothing. */
  private Map<ChunkKey, Long> originalSlots;
  /** Chunks the parent maps in part only (see {@link PartialSlot}); entries are only removed. */
  private Map<ChunkKey, PartialSlot> partialSlots;
  private Set<ChunkKey> originalPartial;
  /** The attributes as read from the parent, to recognise a version that changed none. */
  private final Map<String, Object> originalAttributes;
  private final Map<ChunkKey, byte[]> dirty = new HashMap<>();
  private final RawReader reader;

  /**
   * A chunk that its version maps in part: the box of {@code extent} at the chunk's corner
   * from the slot at raw_data row {@code row}; the rest of the chunk reads the fill value.
   * versioned-hdf5 1.7.0 maps a chunk so when it grew a dataset it had written in the same
   * version (the mapping keeps the chunk's old extent).
   */
  record PartialSlot(long row, long[] extent) {}

  /** Fills the parent's chunk → slot maps: chunks mapped whole, and in part. */
  interface SlotLoader {
    void load(Map<ChunkKey, Long> whole, Map<ChunkKey, PartialSlot> partial) throws IOException;
  }

  /** Reads a slot of this dataset's raw_data: {@code extent} elements at row {@code start}. */
  interface RawReader {
    byte[] read(long start, long[] extent) throws IOException;
  }

  StagedDataset(String path, Datatype type, long[] shape, long[] chunks, StagedElements elements,
      Map<String, Object> attributes, VirtualMappings parentBlock, @Nullable SlotLoader slots,
      RawReader reader) {
    this.path = path;
    this.type = type;
    this.shape = shape.clone();
    this.chunks = chunks.clone();
    this.elements = elements;
    this.fill = elements.fill();
    this.attributes = new LinkedHashMap<>(attributes);
    this.originalAttributes = new LinkedHashMap<>(attributes);
    this.parentBlock = parentBlock;
    this.parentShape = parentBlock == null ? null : shape.clone();
    this.loader = slots;
    this.reader = reader;
  }

  /** Reads the parent's mappings if not done yet. */
  private void loadSlots() throws IOException {
    if (parentSlots != null) {
      return;
    }
    Map<ChunkKey, Long> whole = new HashMap<>();
    Map<ChunkKey, PartialSlot> partial = new HashMap<>();
    if (loader != null) {
      loader.load(whole, partial);
    }
    loader = null;
    originalSlots = java.util.Collections.unmodifiableMap(whole);
    parentSlots = new HashMap<>(whole);
    originalPartial = Set.copyOf(partial.keySet());
    partialSlots = partial;
  }

  int elementSize() {
    return elements.size();
  }

  /**
   * Whether the parent's mappings still describe this dataset exactly: same shape, no chunk
   * changed, and none dropped (a shrink past a chunk and a growth back to the parent's shape
   * leave the shape as it was but the chunk reading the fill value).
   */
  boolean mappingsUnchanged() {
    // the slot maps only lose entries, so equal sizes mean equal maps; unread, none was lost
    return parentBlock != null && dirty.isEmpty() && Arrays.equals(shape, parentShape)
        && (parentSlots == null || parentSlots.size() == originalSlots.size()
            && partialSlots.size() == originalPartial.size());
  }

  /**
   * Whether the parent's dataset object describes this one exactly, so that the new version
   * can link that object instead of writing a copy: its mappings (see
   * {@link #mappingsUnchanged}) and its attributes (none set or removed; a value set again
   * counts as a change) are the parent's.
   */
  boolean sameObjectAsParent() {
    if (!mappingsUnchanged() || !attributes.keySet().equals(originalAttributes.keySet())) {
      return false;
    }
    for (Map.Entry<String, Object> e : attributes.entrySet()) {
      if (e.getValue() != originalAttributes.get(e.getKey())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code slots} (chunk → raw_data row, as about to be committed) is exactly what the
   * parent maps, so that its mapping block can be reused.
   */
  boolean sameAsParent(Map<ChunkKey, Long> slots) throws IOException {
    loadSlots();
    return parentBlock != null && Arrays.equals(shape, parentShape)
        && originalSlots.equals(slots) && partialSlots.keySet().equals(originalPartial);
  }

  /**
   * Chunks to store for this version, with their trimmed bytes (C order of keys): those
   * changed, and those the parent maps in part, to be stored whole.
   */
  Map<ChunkKey, byte[]> dirtyChunks() throws IOException {
    loadSlots();
    Map<ChunkKey, byte[]> out = new TreeMap<>(dirty);
    for (ChunkKey k : partialSlots.keySet()) {
      out.put(k, chunk(k));
    }
    return out;
  }

  /** Chunks taken unchanged from the parent, with their raw_data slot rows. */
  Map<ChunkKey, Long> parentSlots() throws IOException {
    loadSlots();
    return new TreeMap<>(parentSlots);
  }

  /** Chunks taken unchanged from the parent, which maps them in part. */
  Map<ChunkKey, PartialSlot> partialSlots() throws IOException {
    loadSlots();
    return new TreeMap<>(partialSlots);
  }

  /** The trimmed bytes of one chunk as this version sees it. */
  byte[] chunk(ChunkKey key) throws IOException {
    loadSlots();
    byte[] d = dirty.get(key);
    long[] extent = Boxes.trimmed(key, shape, chunks);
    if (d != null) {
      return d;
    }
    Long slot = parentSlots.get(key);
    if (slot != null) {
      return reader.read(slot, extent);
    }
    byte[] c = Boxes.repeat(fill, Boxes.count(extent));
    PartialSlot part = partialSlots.get(key);
    if (part != null) {
      long[] at = key.offset(chunks);
      Boxes.copyOverlap(reader.read(part.row(), part.extent()), at, part.extent(), c, at, extent,
          elementSize());
    }
    return c;
  }

  /** Writes stored bytes into the box of {@code extent} elements at {@code start}. */
  void write(long[] start, long[] extent, byte[] bytes) throws IOException {
    checkBox(start, extent);
    loadSlots();
    int size = elementSize();
    for (ChunkKey k : Boxes.chunksOf(start, extent, chunks)) {
      long[] cStart = k.offset(chunks);
      long[] cExtent = Boxes.trimmed(k, shape, chunks);
      boolean whole = covers(start, extent, cStart, cExtent);
      byte[] c = whole ? new byte[Math.toIntExact(Boxes.count(cExtent) * size)]
          : chunk(k).clone();
      Boxes.copyOverlap(bytes, start, extent, c, cStart, cExtent, size);
      dirty.put(k, c);
      parentSlots.remove(k);
      partialSlots.remove(k);
    }
  }

  private static boolean covers(long[] start, long[] extent, long[] cStart, long[] cExtent) {
    for (int d = 0; d < start.length; d++) {
      if (start[d] > cStart[d] || start[d] + extent[d] < cStart[d] + cExtent[d]) {
        return false;
      }
    }
    return true;
  }

  /** The stored bytes of the box of {@code extent} elements at {@code start}. */
  byte[] read(long[] start, long[] extent) throws IOException {
    checkBox(start, extent);
    int size = elementSize();
    byte[] out = new byte[Math.toIntExact(Boxes.count(extent) * size)];
    for (ChunkKey k : Boxes.chunksOf(start, extent, chunks)) {
      Boxes.copyOverlap(chunk(k), k.offset(chunks), Boxes.trimmed(k, shape, chunks), out,
          start, extent, size);
    }
    return out;
  }

  /**
   * Changes the shape. Chunks whose trimmed extent changes are re-cut (contents kept where
   * both shapes hold them, the fill value elsewhere); chunks now outside are dropped.
   */
  void resize(long[] newShape) throws IOException {
    if (newShape.length != shape.length) {
      throw new IllegalArgumentException("dataset " + path + " has rank " + shape.length
          + "; got " + newShape.length + " dimensions");
    }
    for (long n : newShape) {
      if (n < 0) {
        throw new IllegalArgumentException("a dimension cannot be negative: "
            + Arrays.toString(newShape));
      }
    }
    loadSlots();
    long[] old = shape;
    Map<ChunkKey, byte[]> recut = new HashMap<>();
    for (Iterator<Map.Entry<ChunkKey, Long>> it = parentSlots.entrySet().iterator();
        it.hasNext(); ) {
      ChunkKey k = it.next().getKey();
      if (!Arrays.equals(Boxes.trimmed(k, old, chunks), Boxes.trimmed(k, newShape, chunks))) {
        recut.put(k, chunk(k));
        it.remove();
      }
    }
    for (Iterator<ChunkKey> it = partialSlots.keySet().iterator(); it.hasNext(); ) {
      ChunkKey k = it.next();
      if (!Arrays.equals(Boxes.trimmed(k, old, chunks), Boxes.trimmed(k, newShape, chunks))) {
        recut.put(k, chunk(k));
        it.remove();
      }
    }
    for (Iterator<Map.Entry<ChunkKey, byte[]>> it = dirty.entrySet().iterator();
        it.hasNext(); ) {
      Map.Entry<ChunkKey, byte[]> e = it.next();
      if (!Arrays.equals(Boxes.trimmed(e.getKey(), old, chunks),
          Boxes.trimmed(e.getKey(), newShape, chunks))) {
        recut.put(e.getKey(), e.getValue());
        it.remove();
      }
    }
    shape = newShape.clone();
    for (Map.Entry<ChunkKey, byte[]> e : recut.entrySet()) {
      ChunkKey k = e.getKey();
      long[] was = Boxes.trimmed(k, old, chunks);
      long[] now = Boxes.trimmed(k, newShape, chunks);
      if (Boxes.count(now) == 0) {
        continue;
      }
      byte[] c = Boxes.repeat(fill, Boxes.count(now));
      long[] at = k.offset(chunks);
      Boxes.copyOverlap(e.getValue(), at, was, c, at, now, elementSize());
      dirty.put(k, c);
    }
  }

  private void checkBox(long[] start, long[] extent) {
    if (start.length != shape.length || extent.length != shape.length) {
      throw new IllegalArgumentException("dataset " + path + " has rank " + shape.length);
    }
    for (int d = 0; d < shape.length; d++) {
      if (start[d] < 0 || extent[d] < 0 || start[d] + extent[d] > shape[d]) {
        throw new IllegalArgumentException("box at " + Arrays.toString(start) + " of "
            + Arrays.toString(extent) + " reaches outside dataset " + path + " of shape "
            + Arrays.toString(shape));
      }
    }
  }
}
