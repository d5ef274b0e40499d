package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
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
   * Commits the datasets, groups, attributes, soft and external links (as links, not copies of
   * their targets) of {@code plain} as version {@code name} on
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
    commitFrom(vf, plain, name, parent, CountProgress.NONE);
  }

  /**
   * {@link #commitFrom(VersionedFile, Path, String, String)}, telling {@code progress} of each
   * dataset as it is read from {@code plain} and staged (the commit's own write follows).
   *
   * @param vf the versioned file to commit to, open for writing
   * @param plain an HDF5 file without versions
   * @param name the new version's name, not taken yet
   * @param parent the version to commit on, or null for the current one
   * @param progress told of the datasets staged so far, on the calling thread
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static void commitFrom(VersionedFile vf, Path plain, String name,
      @Nullable String parent, CountProgress progress) throws IOException {
    String base = parent != null ? parent : vf.currentVersion();
    try (H5File in = H5File.open(plain)) {
      Map<String, Dataset> datasets = new LinkedHashMap<>();
      Map<String, Group> groups = new LinkedHashMap<>();
      Map<String, VersionLink> links = new LinkedHashMap<>();
      walk(in.root(), "", datasets, groups, links);
      vf.commit(name, base, s -> {
        for (String p : s.datasetPaths()) {
          if (!datasets.containsKey(p) && s.contains(p)) {
            s.delete(p);
          }
        }
        for (String p : s.linkPaths()) {
          if (s.contains(p)) {
            s.delete(p); // the plain file's links replace the parent's
          }
        }
        for (Map.Entry<String, Group> g : groups.entrySet()) {
          s.createGroup(g.getKey());
          copyAttributes(g.getValue(), s, g.getKey());
        }
        long staged = 0;
        for (Map.Entry<String, Dataset> e : datasets.entrySet()) {
          put(vf, s, e.getKey(), e.getValue());
          progress.update(++staged, datasets.size());
        }
        for (Map.Entry<String, VersionLink> l : links.entrySet()) {
          if (s.contains(l.getKey())) {
            s.delete(l.getKey()); // a parent's dataset or group where the plain file has a link
          }
          if (l.getValue().file() == null) {
            s.createSoftLink(l.getKey(), l.getValue().target());
          } else {
            s.createExternalLink(l.getKey(), l.getValue().file(), l.getValue().target());
          }
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

  /** Collects a plain file's tree; soft and external links are kept as links, not followed. */
  private static void walk(Group g, String prefix, Map<String, Dataset> datasets,
      Map<String, Group> groups, Map<String, VersionLink> links) throws IOException {
    for (Link l : g.links()) {
      String p = prefix.isEmpty() ? l.name() : prefix + "/" + l.name();
      if (l.kind() != Link.Kind.HARD) {
        VersionLink link = VersionLink.plain(l);
        if (link != null) {
          links.put(p, link);
        }
        continue;
      }
      Node node = g.get(l.name());
      if (node instanceof Group child) {
        if (!groups.containsKey(p)) {
          groups.put(p, child);
          walk(child, p, datasets, groups, links);
        }
      } else if (node instanceof Dataset d) {
        datasets.put(p, d);
      }
    }
  }

  /**
   * Writes version {@code version} as a plain HDF5 file: groups, chunked datasets, attributes,
   * soft and external links.
   *
   * @param vf the versioned file to read
   * @param version the name of a committed version
   * @param out the new file; an existing file is replaced once the new one is complete (a
   *     failed checkout leaves it as it was)
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static void checkout(VersionedFile vf, String version, Path out) throws IOException {
    VersionView v = vf.version(version);
    H5File f = H5File.createReplacing(out); // out appears only once it is complete
    try {
      writeVersion(v, f);
    } catch (IOException | RuntimeException e) {
      f.closeWithoutFlush();
      throw e;
    }
    f.close();
  }

  private static void writeVersion(VersionView v, H5File f) throws IOException {
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
    for (Map.Entry<String, Link> e : v.links().entrySet()) {
      String p = e.getKey();
      int slash = p.lastIndexOf('/');
      Group in = slash < 0 ? f.root() : f.root().group(p.substring(0, slash));
      new VersionLink(e.getValue().file(), e.getValue().target()).create(in,
          p.substring(slash + 1), null);
    }
  }
}
