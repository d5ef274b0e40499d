package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.VirtualSpec;
import io.h5j.format.message.Dataspace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Whole-file upkeep: dropping versions (and the chunks only they used, raw_data compacted and
 * every remaining version re-mapped), and rebuilding hash tables from the chunks the versions
 * map. Both cost in proportion to the chunks kept, as in versioned-hdf5.
 */
final class VersionMaintenance {
  private VersionMaintenance() {}

  /** Every dataset of every listed version, by dataset path, then version. */
  private static Map<String, Map<String, StagedDataset>> byPath(H5File file,
      Collection<String> versions) throws IOException {
    Map<String, Map<String, StagedDataset>> out = new TreeMap<>();
    Map<String, RawStore> stores = new HashMap<>();
    for (String v : versions) {
      for (StagedDataset d : VersionReader.read(file, v, stores).datasets().values()) {
        out.computeIfAbsent(d.path, k -> new LinkedHashMap<>()).put(v, d);
      }
    }
    return out;
  }

  static void deleteVersions(H5File file, List<VersionInfo> all, Collection<String> drop)
      throws IOException {
    Map<String, VersionInfo> byName = new LinkedHashMap<>();
    all.forEach(i -> byName.put(i.name(), i));
    List<String> keep = new ArrayList<>();
    for (VersionInfo i : all) {
      if (!drop.contains(i.name())) {
        keep.add(i.name());
      }
    }
    Map<String, Map<String, StagedDataset>> before = byPath(file, byName.keySet());
    Map<String, Map<String, StagedDataset>> kept = byPath(file, keep);
    Group versions = file.group(VersionLayout.VERSIONS);
    for (String path : before.keySet()) {
      if (!kept.containsKey(path)) {
        dropStore(file, path);
      } else {
        compact(file, path, kept.get(path));
      }
    }
    for (String v : keep) {
      VersionInfo i = byName.get(v);
      String parent = i.parent();
      while (drop.contains(parent)) {
        parent = byName.get(parent).parent();
      }
      if (!parent.equals(i.parent())) {
        versions.group(v).attributes().put(VersionLayout.ATTR_PREV, parent);
      }
    }
    String current = (String) versions.attributes().get(VersionLayout.ATTR_CURRENT);
    while (drop.contains(current)) {
      current = byName.get(current).parent();
    }
    versions.attributes().put(VersionLayout.ATTR_CURRENT, current);
    for (String d : drop) {
      versions.delete(d);
    }
    file.flush();
  }

  private static void dropStore(H5File file, String path) throws IOException {
    String g = VersionLayout.VERSION_DATA + "/" + path;
    int slash = g.lastIndexOf('/');
    if (file.root().contains(g)) {
      file.group(g.substring(0, slash)).delete(g.substring(slash + 1));
    }
  }

  /**
   * Copies the chunks the kept versions map into a new raw_data, in their old order, builds
   * its hash table, and re-maps every kept version of the dataset to the new slots.
   */
  private static void compact(H5File file, String path, Map<String, StagedDataset> versions)
      throws IOException {
    RawStore old = RawStore.open(file, path);
    long[] chunks = old.chunks();
    TreeMap<Long, long[]> used = new TreeMap<>(); // old row -> trimmed extent
    for (StagedDataset d : versions.values()) {
      for (Map.Entry<ChunkKey, Long> e : d.parentSlots().entrySet()) {
        used.putIfAbsent(e.getValue(), Boxes.trimmed(e.getKey(), d.shape, d.chunks));
      }
    }
    Map<Long, Long> moved = new HashMap<>();
    long row = 0;
    for (long r : used.keySet()) {
      moved.put(r, row);
      row += chunks[0];
    }
    if (moved.entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue()))) {
      return; // nothing to move: the dropped chunks were all at the end, or none
    }
    Group g = file.group(VersionLayout.VERSION_DATA + "/" + path);
    Dataset oldRaw = old.raw();
    long[] shape = chunks.clone();
    shape[0] = row;
    long[] max = chunks.clone();
    max[0] = Dataspace.UNLIMITED;
    DatasetSpec spec = DatasetSpec.empty(oldRaw.datatype(), shape).maxShape(max).chunks(chunks);
    byte[] fill = oldRaw.fillValueBytes();
    if (fill != null) {
      spec.fillValue(ElementCodec.decode(oldRaw.datatype(), fill, 1));
    }
    Dataset raw = g.createDataset("raw_data_compacted", spec);
    raw.attributes().put(VersionLayout.ATTR_CHUNKS, chunks.clone());
    g.delete("hash_table");
    HashTable table = HashTable.create(g);
    for (Map.Entry<Long, long[]> e : used.entrySet()) {
      byte[] bytes = old.read(e.getKey(), e.getValue());
      long to = moved.get(e.getKey());
      long[] at = new long[chunks.length];
      at[0] = to;
      raw.write(Selection.box(at, e.getValue()), ByteBuffer.wrap(bytes));
      byte[] hash = ChunkHash.of(bytes, e.getValue());
      if (table.find(hash) == null) {
        table.add(hash, to, to + e.getValue()[0]);
      }
    }
    table.writeRows();
    table.writeLargestIndex();
    for (Map.Entry<String, StagedDataset> e : versions.entrySet()) {
      remap(file, e.getKey(), e.getValue(), moved);
    }
    g.delete("raw_data");
    g.rename("raw_data_compacted", "raw_data");
  }

  /** Re-creates one version's dataset with its chunks at their new rows. */
  private static void remap(H5File file, String version, StagedDataset d, Map<Long, Long> moved)
      throws IOException {
    Map<ChunkKey, Long> slots = d.parentSlots();
    if (slots.isEmpty()) {
      return;
    }
    Group vg = file.group(VersionLayout.versionPath(version));
    String parent = d.path.contains("/") ? d.path.substring(0, d.path.lastIndexOf('/')) : null;
    String leaf = d.path.substring(d.path.lastIndexOf('/') + 1);
    (parent == null ? vg : vg.group(parent)).delete(leaf);
    VirtualSpec spec = VirtualSpec.of(d.type, d.shape)
        .fillValue(ElementCodec.decode(d.type, d.fill, 1));
    String raw = VersionLayout.rawDataPath(d.path);
    for (Map.Entry<ChunkKey, Long> e : new TreeMap<>(slots).entrySet()) {
      long[] src = new long[d.shape.length];
      src[0] = moved.get(e.getValue());
      spec.map(".", raw, src, e.getKey().offset(d.chunks),
          Boxes.trimmed(e.getKey(), d.shape, d.chunks));
    }
    Dataset created = vg.createVirtualDataset(d.path, spec);
    AttributeCopy.write(created.attributes(), d.attributes);
    created.attributes().put(VersionLayout.ATTR_CHUNKS, d.chunks.clone());
    created.attributes().put(VersionLayout.ATTR_RAW_DATA, raw);
  }

  /**
   * Rebuilds every dataset's hash table from the chunks its versions map (the first slot of
   * equal chunks wins), replacing the stored table: the repair for a damaged or lost table.
   */
  static void rebuildHashTables(H5File file, Collection<String> versions) throws IOException {
    for (Map.Entry<String, Map<String, StagedDataset>> p : byPath(file, versions).entrySet()) {
      String path = p.getKey();
      Dataset rawData = file.dataset(VersionLayout.rawDataPath(path));
      int size = rawData.datatype().size();
      TreeMap<Long, long[]> used = new TreeMap<>();
      for (StagedDataset d : p.getValue().values()) {
        for (Map.Entry<ChunkKey, Long> e : d.parentSlots().entrySet()) {
          used.putIfAbsent(e.getValue(), Boxes.trimmed(e.getKey(), d.shape, d.chunks));
        }
      }
      Group g = file.group(VersionLayout.VERSION_DATA + "/" + path);
      if (g.contains("hash_table")) {
        g.delete("hash_table");
      }
      HashTable table = HashTable.create(g);
      for (Map.Entry<Long, long[]> e : used.entrySet()) {
        long[] at = new long[e.getValue().length];
        at[0] = e.getKey();
        ByteBuffer b = ByteBuffer.allocate((int) Boxes.count(e.getValue()) * size);
        rawData.read(Selection.box(at, e.getValue()), b);
        byte[] hash = ChunkHash.of(b.array(), e.getValue());
        if (table.find(hash) == null) {
          table.add(hash, e.getKey(), e.getKey() + e.getValue()[0]);
        }
      }
      table.writeRows();
      table.writeLargestIndex();
    }
    file.flush();
  }

  static TreeSet<String> names(List<VersionInfo> infos) {
    TreeSet<String> out = new TreeSet<>();
    infos.forEach(i -> out.add(i.name()));
    return out;
  }
}
