package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.versioning.CheckReport.Kind;
import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Walks every committed version's datasets: each one's layout attributes ({@code raw_data},
 * {@code chunks}) and type against its raw_data, and every mapping (one whole chunk of the
 * version from one slot of raw_data). Collects, per dataset path, which versions map which
 * slot, for the chunk check; a dataset whose mappings cannot be read is reported and skipped.
 */
final class VersionTreesCheck {
  private VersionTreesCheck() {}

  /** What the committed versions map in one dataset path's raw_data. */
  static final class Mapped {
    /** Each slot as mapped (start row, extent) → the indices of the versions mapping it. */
    final Map<SlotCheck.Slot, BitSet> readers = new HashMap<>();
    /** Indices of the versions that have a dataset at this path. */
    final BitSet versions = new BitSet();
    /** Per dimension past the first, every trimmed extent a mapping has. */
    final Map<Integer, Set<Long>> extents = new HashMap<>();
  }

  /** Dataset path → what the committed versions (by index in {@code committed}) map there. */
  static Map<String, Mapped> run(H5File f, List<String> committed, Findings out)
      throws IOException {
    Map<String, Mapped> byPath = new TreeMap<>();
    for (int i = 0; i < committed.size(); i++) {
      String v = committed.get(i);
      Group g = f.group(VersionLayout.versionPath(v));
      walk(f, v, i, g, "", byPath, new HashSet<>(), out);
    }
    return byPath;
  }

  private static void walk(H5File f, String version, int index, Group g, String prefix,
      Map<String, Mapped> byPath, Set<Long> seen, Findings out) throws IOException {
    if (!seen.add(g.address())) {
      out.add(Kind.LAYOUT, "version " + version, "reaches group " + g.path() + " twice (a"
          + " cycle of hard links)");
      return;
    }
    for (io.h5j.Link l : g.links()) {
      if (l.kind() != io.h5j.Link.Kind.HARD) {
        continue; // a soft or external link of the version holds no data; its target is checked
      }
      String name = l.name();
      String path = prefix.isEmpty() ? name : prefix + "/" + name;
      Node n;
      try {
        n = g.get(name);
      } catch (IOException | RuntimeException e) {
        out.add(Kind.LAYOUT, "version " + version, "member " + path + " cannot be opened: "
            + e.getMessage());
        continue;
      }
      if (n instanceof Group child) {
        walk(f, version, index, child, path, byPath, seen, out);
      } else if (n instanceof Dataset d) {
        Mapped m = byPath.computeIfAbsent(path, p -> new Mapped());
        m.versions.set(index);
        dataset(f, version, index, d, path, m, out);
      }
    }
  }

  private static void dataset(H5File f, String version, int index, Dataset d, String path,
      Mapped m, Findings out) throws IOException {
    String subject = "dataset " + path + " of version " + version;
    String raw = VersionLayout.rawDataPath(path);
    Object rawAttr = d.attributes().contains(VersionLayout.ATTR_RAW_DATA)
        ? d.attributes().get(VersionLayout.ATTR_RAW_DATA) : null;
    if (!raw.equals(rawAttr)) {
      out.add(Kind.LAYOUT, subject, "has raw_data attribute " + (rawAttr == null ? "none"
          : "'" + rawAttr + "'") + ", not '" + raw + "'");
    }
    StagedDataset sd;
    try {
      sd = VersionReader.dataset(f, d, path, new HashMap<>());
    } catch (IOException | RuntimeException e) {
      out.add(Kind.LAYOUT, subject, "cannot be read as a versioned dataset: "
          + e.getMessage());
      return;
    }
    if (f.root().contains(raw) && f.get(raw) instanceof Dataset r) {
      if (!r.datatype().equals(d.datatype())) {
        out.add(Kind.LAYOUT, subject, "has type " + d.datatype() + ", its raw_data "
            + r.datatype());
      }
      Object rc = r.attributes().contains(VersionLayout.ATTR_CHUNKS)
          ? r.attributes().get(VersionLayout.ATTR_CHUNKS) : null;
      if (rc instanceof long[] rawChunks && !Arrays.equals(rawChunks, sd.chunks)) {
        out.add(Kind.LAYOUT, subject, "has chunks " + Arrays.toString(sd.chunks)
            + ", its raw_data " + Arrays.toString(rawChunks));
      }
    }
    for (Map.Entry<ChunkKey, Long> e : sd.parentSlots().entrySet()) {
      long[] extent = Boxes.trimmed(e.getKey(), sd.shape, sd.chunks);
      m.readers.computeIfAbsent(new SlotCheck.Slot(e.getValue(), extent), s -> new BitSet())
          .set(index);
      for (int k = 1; k < extent.length; k++) {
        m.extents.computeIfAbsent(k, x -> new TreeSet<>()).add(extent[k]);
      }
    }
  }

  /**
   * The chunks (element offsets) of dataset {@code path} in {@code version} that map
   * {@code slot}: read again for a damaged slot, so that the walk need not keep every mapping.
   */
  static List<long[]> chunksMapping(H5File f, String version, String path, SlotCheck.Slot slot)
      throws IOException {
    Dataset d = f.group(VersionLayout.versionPath(version)).dataset(path);
    StagedDataset sd = VersionReader.dataset(f, d, path, new HashMap<>());
    return sd.parentSlots().entrySet().stream()
        .filter(e -> e.getValue() == slot.start()
            && Arrays.equals(Boxes.trimmed(e.getKey(), sd.shape, sd.chunks), slot.extent()))
        .map(e -> e.getKey().offset(sd.chunks)).toList();
  }
}
