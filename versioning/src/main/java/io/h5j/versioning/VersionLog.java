package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The entries of {@link VersionedFile#log}: which datasets each version changed against its
 * parent. Each version's datasets are read once, as a fingerprint (shape, layout and the
 * mapping block's bytes), and compared with the parent's: datasets are looked up, not
 * opened for reading, so no source dataset is opened and no read index built.
 */
final class VersionLog {
  private final H5File file;
  private final Map<String, Map<String, Fingerprint>> byVersion = new HashMap<>();

  private VersionLog(H5File file) {
    this.file = file;
  }

  /** One dataset's identity as far as the log cares: shape, layout and mapping block bytes. */
  private record Fingerprint(long[] shape, String layout, byte[] mappings) {
    boolean same(Fingerprint o) {
      return Arrays.equals(shape, o.shape) && layout.equals(o.layout)
          && Arrays.equals(mappings, o.mappings);
    }
  }

  static List<VersionedFile.LogEntry> of(H5File file, List<VersionInfo> versions,
      CountProgress progress) throws IOException {
    VersionLog log = new VersionLog(file);
    Map<String, Integer> children = new HashMap<>();
    for (VersionInfo v : versions) {
      children.merge(v.name(), 0, Integer::sum);
      if (!v.isRoot()) {
        children.merge(v.parent(), 1, Integer::sum);
      }
    }
    List<VersionedFile.LogEntry> out = new ArrayList<>(versions.size());
    for (VersionInfo v : versions) {
      out.add(new VersionedFile.LogEntry(v, log.changed(v)));
      // a version's fingerprints are dropped once its last child is compared: a linear
      // history holds two versions' mapping blocks at a time, not every one
      log.done(v.name(), children);
      if (!v.isRoot()) {
        log.done(v.parent(), children);
      }
      progress.update(out.size(), versions.size());
    }
    return out;
  }

  private void done(String version, Map<String, Integer> children) {
    if (version.equals(VersionLayout.FIRST_VERSION)) {
      return;
    }
    int left = children.merge(version, -1, Integer::sum);
    if (left < 0) {
      byVersion.remove(version);
    }
  }

  private List<String> changed(VersionInfo v) throws IOException {
    Map<String, Fingerprint> mine = fingerprints(v.name());
    Map<String, Fingerprint> parent = v.isRoot() ? Map.of() : fingerprints(v.parent());
    Set<String> out = new TreeSet<>();
    for (Map.Entry<String, Fingerprint> e : mine.entrySet()) {
      Fingerprint p = parent.get(e.getKey());
      if (p == null || !p.same(e.getValue())) {
        out.add(e.getKey());
      }
    }
    for (String p : parent.keySet()) {
      if (!mine.containsKey(p)) {
        out.add(p);
      }
    }
    return new ArrayList<>(out);
  }

  /** The fingerprints of a version's datasets, read once per log (a parent has many children). */
  private Map<String, Fingerprint> fingerprints(String version) throws IOException {
    Map<String, Fingerprint> known = byVersion.get(version);
    if (known == null) {
      known = new HashMap<>();
      walk(file.group(VersionLayout.versionPath(version)), "", known);
      byVersion.put(version, known);
    }
    return known;
  }

  private static void walk(Group g, String prefix, Map<String, Fingerprint> out)
      throws IOException {
    for (io.h5j.Link l : g.links()) {
      if (l.kind() != io.h5j.Link.Kind.HARD) {
        continue; // soft and external links point at data; they hold none
      }
      String name = l.name();
      Node n = g.get(name); // not Group.dataset: that prepares a virtual dataset for reading
      String p = prefix.isEmpty() ? name : prefix + "/" + name;
      if (n instanceof Group child) {
        walk(child, p, out);
      } else if (n instanceof Dataset d) {
        String layout = d.layoutName();
        // the stored bytes only: decoding the block (and indexing it for reads) was most of
        // the log's time, and kept thousands of decoded blocks in the file's caches
        byte[] block = layout.equals("VIRTUAL") ? d.virtualMappingBytes() : new byte[0];
        out.put(p, new Fingerprint(d.shape(), layout, block));
      }
    }
  }

}
