package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.VirtualSpec;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Compacts one dataset path's raw_data to the chunks the kept versions map: each kept slot
 * moves down to the next free one from row 0, the hash table is rewritten for the slots
 * {@code 0 .. largest_index - 1}, every kept version is re-mapped and raw_data shrinks. It
 * writes without flushing: the caller's one flush makes all of it durable at once (the file's
 * flushes are atomic), so no crash leaves a state in between, where versions map rows past the
 * hash table's last slot, which the next commit (h5j's or versioned-hdf5's) would write over.
 */
final class RawCompaction {
  private final H5File file;
  private final String path;
  private final Map<String, StagedDataset> versions;
  private final Dataset raw;
  private final long[] chunks;
  private final StagedElements elements;
  /** Row of each kept chunk in raw_data before the compaction → its trimmed extent. */
  private final TreeMap<Long, long[]> kept = new TreeMap<>();

  private RawCompaction(H5File file, String path, Map<String, StagedDataset> versions)
      throws IOException {
    this.file = file;
    this.path = path;
    this.versions = versions;
    this.raw = file.dataset(VersionLayout.rawDataPath(path));
    this.chunks = RawStore.chunksOf(raw);
    this.elements = StagedElements.of(raw.datatype(), raw.fillValueBytes(), path);
    for (StagedDataset d : versions.values()) {
      for (Map.Entry<ChunkKey, Long> e : d.parentSlots().entrySet()) {
        kept.putIfAbsent(e.getValue(), Boxes.trimmed(e.getKey(), d.shape, d.chunks));
      }
      d.partialSlots().values().forEach(p -> kept.putIfAbsent(p.row(), p.extent()));
    }
  }

  /**
   * The compaction of {@code path} for the kept versions' datasets of that path, or null if
   * no kept chunk would move (the dropped ones were all at the end, or none).
   */
  static @Nullable RawCompaction plan(H5File file, String path, Map<String, StagedDataset> versions)
      throws IOException {
    RawCompaction c = new RawCompaction(file, path, versions);
    long row = 0;
    for (long r : c.kept.keySet()) {
      if (r != row) {
        return c;
      }
      row += c.chunks[0];
    }
    return null;
  }

  /** Moves the kept chunks down, rewrites the hash table, re-maps the versions, shrinks. */
  void run() throws IOException {
    Group g = file.group(VersionLayout.VERSION_DATA + "/" + path);
    HashTable table = HashTable.overwriting(g.dataset("hash_table"));
    Map<Long, Long> at = new HashMap<>();
    long rows = raw.shape()[0];
    long row = 0;
    // in ascending order a slot only moves onto rows whose chunks have moved already, so
    // every read is of the file's durable bytes, none of a write of this session
    for (Map.Entry<Long, long[]> e : kept.entrySet()) {
      long from = e.getKey();
      long[] extent = e.getValue();
      byte[] hash = elements.hash(elements.read(raw, from, extent), extent);
      if (from != row) {
        // the whole slot: versions may map more of it than the extent kept here
        long[] slot = chunks.clone();
        slot[0] = Math.min(chunks[0], rows - from);
        elements.write(raw, row, slot, elements.read(raw, from, slot));
      }
      if (table.find(hash) == null) {
        table.add(hash, row, row + extent[0]);
      }
      at.put(from, row);
      row += chunks[0];
    }
    table.writeRows();
    table.writeLargestIndex();
    // versions that shared one object (a dataset a commit left unchanged) share its remap
    Map<Long, Dataset> remapped = new HashMap<>();
    for (Map.Entry<String, StagedDataset> e : versions.entrySet()) {
      remap(e.getKey(), e.getValue(), at, remapped);
    }
    long[] shape = raw.shape();
    shape[0] = row;
    raw.resize(shape);
  }

  /**
   * Replaces one version's dataset by one mapping the chunks where they are now, or links it
   * to the replacement made already for the same object ({@code remapped}, by old address).
   */
  private void remap(String version, StagedDataset d, Map<Long, Long> at,
      Map<Long, Dataset> remapped) throws IOException {
    Map<ChunkKey, Long> slots = d.parentSlots();
    Map<ChunkKey, StagedDataset.PartialSlot> partial = d.partialSlots();
    if (slots.isEmpty() && partial.isEmpty()) {
      return;
    }
    Group vg = file.group(VersionLayout.versionPath(version));
    int slash = d.path.lastIndexOf('/');
    Group parent = slash < 0 ? vg : vg.group(d.path.substring(0, slash));
    String name = d.path.substring(slash + 1);
    long old = parent.get(name).address();
    Dataset done = remapped.get(old);
    if (done != null) {
      parent.relink(name, done);
      return;
    }
    VirtualSpec spec = VirtualSpec.of(d.type, d.shape)
        .fillValue(d.elements.fillValue());
    String rawPath = VersionLayout.rawDataPath(d.path);
    Map<ChunkKey, Long> rows = new HashMap<>();
    slots.forEach((key, r) -> rows.put(key, at.get(r)));
    VersionCommit.mapChunks(spec, rawPath, d.chunks, rows);
    partial.forEach((key, p) -> {
      long[] source = new long[d.chunks.length];
      source[0] = at.get(p.row());
      spec.map(".", rawPath, source, key.offset(d.chunks), p.extent());
    });
    Dataset created = file.createAnonymousVirtualDataset(spec);
    AttributeCopy.write(created.attributes(), d.attributes);
    created.attributes().put(VersionLayout.ATTR_CHUNKS, d.chunks.clone());
    created.attributes().put(VersionLayout.ATTR_RAW_DATA, rawPath);
    parent.relink(name, created);
    remapped.put(old, created);
  }
}
