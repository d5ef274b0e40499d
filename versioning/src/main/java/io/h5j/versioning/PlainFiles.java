package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Versions to and from plain HDF5 files: a plain file's datasets become a new version
 * (each chunk stored once across all versions), and one version becomes a plain file.
 */
public final class PlainFiles {
  private PlainFiles() {}

  /**
   * Commits the datasets, groups and attributes of {@code plain} as version {@code name} on
   * {@code parent} (null: the current version): what the plain file lacks is deleted from the
   * version, chunks equal to stored ones are not stored again. A dataset keeps the chunk shape
   * its path already has in the versioned file, else the plain file's, else a guess.
   *
   * @param vf the versioned file to commit to, open for writing
   * @param plain an HDF5 file without versions
   * @param name the new version's name, not taken yet
   * @param parent the version to commit on, or null for the current one
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static void commitFrom(VersionedFile vf, Path plain, String name, @Nullable String parent)
      throws IOException {
    String base = parent != null ? parent : vf.currentVersion();
    try (H5File in = H5File.open(plain)) {
      Map<String, Dataset> datasets = new LinkedHashMap<>();
      Map<String, Group> groups = new LinkedHashMap<>();
      walk(in.root(), "", datasets, groups);
      vf.commit(name, base, s -> {
        for (String p : s.datasetPaths()) {
          if (!datasets.containsKey(p) && s.contains(p)) {
            s.delete(p);
          }
        }
        for (Map.Entry<String, Group> g : groups.entrySet()) {
          s.createGroup(g.getKey());
          copyAttributes(g.getValue(), s, g.getKey());
        }
        for (Map.Entry<String, Dataset> e : datasets.entrySet()) {
          put(vf, s, e.getKey(), e.getValue());
        }
        copyAttributes(in.root(), s, "");
      });
    }
  }

  private static void copyAttributes(Node from, StagedVersion s, String path)
      throws IOException {
    for (Map.Entry<String, Object> a : AttributeCopy.read(from.attributes(), Set.of())
        .entrySet()) {
      s.attributesOf(path).put(a.getKey(), a.getValue());
    }
  }

  private static void put(VersionedFile vf, StagedVersion s, String path, Dataset d)
      throws IOException {
    long[] shape = d.shape();
    if (shape.length == 0) {
      throw new IllegalArgumentException("dataset " + d.path() + " is a scalar; versioned"
          + " datasets have rank 1 or more");
    }
    Object values = d.read();
    if (s.contains(path) && (!s.datatype(path).equals(d.datatype())
        || s.chunks(path).length != shape.length)) {
      s.delete(path);
    }
    if (!s.contains(path)) {
      long[] chunks = vf.storedChunks(path);
      if (chunks == null && d.layout().isChunked()) {
        chunks = Arrays.copyOf(d.layout().chunkShape(), shape.length);
      }
      DatasetSpec spec = DatasetSpec.empty(d.datatype(), shape);
      if (chunks != null) {
        spec.chunks(chunks);
      }
      byte[] fill = d.fillValueBytes();
      if (fill != null) {
        spec.fillValue(StagedElements.of(d.datatype(), fill, path).fillValue());
      }
      s.createDataset(path, spec);
    } else {
      s.resize(path, shape);
    }
    s.write(path, values);
    Map<String, Object> attrs = s.attributesOf(path);
    attrs.clear();
    attrs.putAll(AttributeCopy.read(d.attributes(), Set.of()));
  }

  private static void walk(Group g, String prefix, Map<String, Dataset> datasets,
      Map<String, Group> groups) throws IOException {
    for (String n : g.memberNames()) {
      Node node = g.get(n);
      String p = prefix.isEmpty() ? n : prefix + "/" + n;
      if (node instanceof Group child) {
        if (!groups.containsKey(p)) {
          groups.put(p, child);
          walk(child, p, datasets, groups);
        }
      } else if (node instanceof Dataset d) {
        datasets.put(p, d);
      }
    }
  }

  /**
   * Writes version {@code version} as a plain HDF5 file: groups, chunked datasets, attributes.
   *
   * @param vf the versioned file to read
   * @param version the name of a committed version
   * @param out the new file; an existing file is replaced
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static void checkout(VersionedFile vf, String version, Path out) throws IOException {
    VersionView v = vf.version(version);
    try (H5File f = H5File.create(out)) {
      AttributeCopy.write(f.root().attributes(), v.storedAttributes(""));
      for (String g : v.groupPaths()) {
        AttributeCopy.write(f.root().createGroup(g).attributes(), v.storedAttributes(g));
      }
      for (String p : v.datasetPaths()) {
        long[] shape = v.shape(p);
        long[] chunks = v.chunks(p);
        for (int d = 0; d < chunks.length; d++) {
          chunks[d] = Math.min(chunks[d], Math.max(1, shape[d])); // a plain file's chunks fit
        }
        DatasetSpec spec = DatasetSpec.of(v.read(p)).datatype(v.datatype(p)).shape(shape)
            .chunks(chunks).layout(DatasetSpec.Layout.CHUNKED)
            .fillValue(StagedElements.of(v.datatype(p), v.fillValueBytes(p), p).fillValue());
        Dataset d = f.root().createDataset(p, spec);
        AttributeCopy.write(d.attributes(), v.storedAttributes(p));
      }
    }
  }
}
