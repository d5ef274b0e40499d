package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import java.io.IOException;
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

  /**
   * Drops versions and the chunks only they used, in one atomic flush of {@code file} (see
   * {@link H5File#atomicFlushes} and {@link RawCompaction}): a crash or a failure at any write
   * leaves the file as it was or with all of it done, never in between.
   */
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
    List<RawCompaction> compactions = new ArrayList<>();
    for (Map.Entry<String, Map<String, StagedDataset>> e : kept.entrySet()) {
      RawCompaction c = RawCompaction.plan(file, e.getKey(), e.getValue());
      if (c != null) {
        compactions.add(c);
      }
    }
    for (RawCompaction c : compactions) {
      c.run();
    }
    Group versions = file.group(VersionLayout.VERSIONS);
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
    versions.delete(drop.toArray(new String[0]));
    for (String path : before.keySet()) {
      if (!kept.containsKey(path)) {
        dropStore(file, path);
      }
    }
    file.flush(); // the one atomic switch: all of it or nothing
  }

  private static void dropStore(H5File file, String path) throws IOException {
    String g = VersionLayout.VERSION_DATA + "/" + path;
    int slash = g.lastIndexOf('/');
    if (file.root().contains(g)) {
      file.group(g.substring(0, slash)).delete(g.substring(slash + 1));
    }
  }

  /**
   * Rebuilds every dataset's hash table from the chunks its versions map (the first slot of
   * equal chunks wins), replacing the stored table: the repair for a damaged or lost table.
   */
  static void rebuildHashTables(H5File file, Collection<String> versions) throws IOException {
    for (Map.Entry<String, Map<String, StagedDataset>> p : byPath(file, versions).entrySet()) {
      String path = p.getKey();
      Dataset rawData = file.dataset(VersionLayout.rawDataPath(path));
      StagedElements elements = StagedElements.of(rawData.datatype(),
          rawData.fillValueBytes(), path);
      TreeMap<Long, long[]> used = new TreeMap<>();
      for (StagedDataset d : p.getValue().values()) {
        for (Map.Entry<ChunkKey, Long> e : d.parentSlots().entrySet()) {
          used.putIfAbsent(e.getValue(), Boxes.trimmed(e.getKey(), d.shape, d.chunks));
        }
        d.partialSlots().values().forEach(s -> used.putIfAbsent(s.row(), s.extent()));
      }
      Group g = file.group(VersionLayout.VERSION_DATA + "/" + path);
      if (g.contains("hash_table")) {
        g.delete("hash_table");
      }
      HashTable table = HashTable.create(g);
      for (Map.Entry<Long, long[]> e : used.entrySet()) {
        byte[] bytes = elements.read(rawData, e.getKey(), e.getValue());
        byte[] hash = elements.hash(bytes, e.getValue());
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
