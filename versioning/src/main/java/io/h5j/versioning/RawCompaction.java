package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.VirtualSpec;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Compacts one dataset path's raw_data to the chunks the kept versions map, so that a crash
 * at any write leaves every version reading exactly what it read before. Chunks never move
 * onto rows something still maps: {@link #moveUp} copies the kept chunks past the end of
 * raw_data and points the hash table and the kept versions there; once the caller has
 * dropped the other versions, {@link #moveDown} copies them to the start, points everything
 * there and shrinks raw_data. Each version's dataset is replaced by a finished one in one
 * write ({@link Group#relink}); a flush ends every step (taken for all datasets at once), so
 * no step depends on writes still pending.
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
  /** Original row → row the chunk sits at now (and the versions map). */
  private final Map<Long, Long> at = new HashMap<>();
  /** The hash table rows of the copies made by {@link #copy}, not yet written. */
  private HashTable table;
  /** Original row → row of its copy, once {@link #copy} made it. */
  private final Map<Long, Long> copied = new HashMap<>();

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
    }
    kept.keySet().forEach(r -> at.put(r, r));
  }

  /**
   * The compaction of {@code path} for the kept versions' datasets of that path, or null if
   * no kept chunk would move (the dropped ones were all at the end, or none).
   */
  static RawCompaction plan(H5File file, String path, Map<String, StagedDataset> versions)
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

  /**
   * Copies the kept chunks of every compaction past the end of its raw_data and points
   * everything there; each step is done for all of them, then flushed.
   */
  static void moveUp(H5File file, List<RawCompaction> all) throws IOException {
    if (all.isEmpty()) {
      return;
    }
    for (RawCompaction c : all) {
      c.copy((c.raw.shape()[0] + c.chunks[0] - 1) / c.chunks[0] * c.chunks[0]);
    }
    repoint(file, all);
  }

  /**
   * Copies the kept chunks of every compaction to the start of its raw_data, points
   * everything there and shrinks raw_data.
   */
  static void moveDown(H5File file, List<RawCompaction> all) throws IOException {
    if (all.isEmpty()) {
      return;
    }
    for (RawCompaction c : all) {
      c.copy(0);
    }
    repoint(file, all);
    for (RawCompaction c : all) {
      long[] shape = c.raw.shape();
      shape[0] = c.kept.size() * c.chunks[0];
      c.raw.resize(shape);
    }
    file.flush();
  }

  /** Points hash tables, then versions, at the copies; flushed after each step. */
  private static void repoint(H5File file, List<RawCompaction> all) throws IOException {
    file.flush(); // the chunks are in place before anything points at them
    for (RawCompaction c : all) {
      c.table.writeRows();
    }
    file.flush();
    for (RawCompaction c : all) {
      c.table.writeLargestIndex();
    }
    file.flush();
    for (RawCompaction c : all) {
      c.at.putAll(c.copied);
      for (Map.Entry<String, StagedDataset> e : c.versions.entrySet()) {
        c.remap(e.getKey(), e.getValue());
      }
    }
    file.flush();
  }

  /** Copies every kept chunk to consecutive slots from row {@code first}, and hashes it. */
  private void copy(long first) throws IOException {
    long[] shape = raw.shape();
    long need = first + kept.size() * chunks[0];
    if (shape[0] < need) {
      shape[0] = need;
      raw.resize(shape);
    }
    Group g = file.group(VersionLayout.VERSION_DATA + "/" + path);
    table = HashTable.overwriting(g.dataset("hash_table"));
    copied.clear();
    long row = first;
    for (Map.Entry<Long, long[]> e : kept.entrySet()) {
      long[] extent = e.getValue();
      byte[] bytes = elements.read(raw, at.get(e.getKey()), extent);
      elements.write(raw, row, extent, bytes);
      byte[] hash = elements.hash(bytes, extent);
      if (table.find(hash) == null) {
        table.add(hash, row, row + extent[0]);
      }
      copied.put(e.getKey(), row);
      row += chunks[0];
    }
  }

  /** Replaces one version's dataset by a finished one mapping the chunks where they are now. */
  private void remap(String version, StagedDataset d) throws IOException {
    Map<ChunkKey, Long> slots = d.parentSlots();
    if (slots.isEmpty()) {
      return;
    }
    VirtualSpec spec = VirtualSpec.of(d.type, d.shape)
        .fillValue(d.elements.fillValue());
    String rawPath = VersionLayout.rawDataPath(d.path);
    Map<ChunkKey, Long> rows = new HashMap<>();
    slots.forEach((key, row) -> rows.put(key, at.get(row)));
    VersionCommit.mapChunks(spec, rawPath, d.chunks, rows);
    Dataset created = file.createAnonymousVirtualDataset(spec);
    AttributeCopy.write(created.attributes(), d.attributes);
    created.attributes().put(VersionLayout.ATTR_CHUNKS, d.chunks.clone());
    created.attributes().put(VersionLayout.ATTR_RAW_DATA, rawPath);
    Group vg = file.group(VersionLayout.versionPath(version));
    int slash = d.path.lastIndexOf('/');
    Group parent = slash < 0 ? vg : vg.group(d.path.substring(0, slash));
    parent.relink(d.path.substring(slash + 1), created);
  }
}
