package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.Selection;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One committed version, read-only: its datasets (read as the format API reads them, through
 * their virtual mappings), groups and attributes. Paths are relative to the version. Each
 * method is one read of the {@link VersionedFile} it came from: of a file opened read-only,
 * under the shared lock and as the file is now ({@link VersionedFile#openReadOnly}); a
 * version deleted since the view was made is an {@link IllegalStateException}.
 */
public final class VersionView {
  private final VersionedFile owner;
  private final VersionInfo info;

  VersionView(VersionedFile owner, VersionInfo info) {
    this.owner = owner;
    this.info = info;
  }

  /**
   * This version's name.
   *
   * @return the name
   */
  public String name() {
    return info.name();
  }

  /**
   * What the file records of this version: name, parent, timestamp, attributes.
   *
   * @return the version's metadata, as it was when the view was made
   */
  public VersionInfo info() {
    return info;
  }

  /**
   * Paths of every dataset of this version, in the order a depth-first walk meets them.
   *
   * @return a new list of paths relative to the version
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<String> datasetPaths() throws IOException {
    return owner.reading(f -> {
      List<String> out = new ArrayList<>();
      walk(root(f), "", out, false);
      return out;
    });
  }

  /**
   * Paths of every group of this version below its root.
   *
   * @return a new list of paths relative to the version
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<String> groupPaths() throws IOException {
    return owner.reading(f -> {
      List<String> out = new ArrayList<>();
      walk(root(f), "", out, true);
      return out;
    });
  }

  /**
   * The soft and external links of this version, by path: a soft link's absolute target as a
   * path of this version ("/a/b"), as {@link StagedVersion#createSoftLink} took it.
   *
   * @return a new map from the link's path relative to the version to the link, whose name
   *     is the path's last part
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Map<String, io.h5j.Link> links() throws IOException {
    return owner.reading(f -> {
      Map<String, io.h5j.Link> out = new java.util.LinkedHashMap<>();
      links(root(f), "", out);
      return out;
    });
  }

  private void links(Group g, String prefix, Map<String, io.h5j.Link> out) throws IOException {
    for (io.h5j.Link l : g.links()) {
      String p = prefix.isEmpty() ? l.name() : prefix + "/" + l.name();
      VersionLink v = l.kind() == io.h5j.Link.Kind.HARD ? null : VersionLink.stored(l, name());
      if (v != null) {
        out.put(p, new io.h5j.Link(l.name(), l.kind(), -1, v.target(), v.file()));
      } else if (l.kind() == io.h5j.Link.Kind.HARD && g.get(l.name()) instanceof Group child) {
        links(child, p, out);
      }
    }
  }

  /**
   * Whether this version holds a dataset or group at {@code path}.
   *
   * @param path a path relative to the version
   * @return true when a dataset or group is there
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean contains(String path) throws IOException {
    return owner.reading(f -> root(f).contains(VersionLayout.normalize(path)));
  }

  /**
   * A dataset's current dimensions in this version.
   *
   * @param path the dataset's path relative to the version
   * @return a new array of one size per dimension
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long[] shape(String path) throws IOException {
    return owner.reading(f -> dataset(f, path).shape());
  }

  /**
   * A dataset's datatype in this version.
   *
   * @param path the dataset's path relative to the version
   * @return the datatype
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Datatype datatype(String path) throws IOException {
    return owner.reading(f -> dataset(f, path).datatype());
  }

  /**
   * The chunk shape versioned-hdf5 records for the dataset.
   *
   * @param path the dataset's path relative to the version
   * @return a new array of one chunk size per dimension
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long[] chunks(String path) throws IOException {
    return owner.reading(f -> (long[]) dataset(f, path).attributes()
        .get(VersionLayout.ATTR_CHUNKS));
  }

  /**
   * The fill value's stored bytes (zeros when the dataset defines none).
   *
   * @param path the dataset's path relative to the version
   * @return a new array of one element's bytes, in the dataset's datatype
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public byte[] fillValueBytes(String path) throws IOException {
    return owner.reading(f -> {
      Dataset d = dataset(f, path);
      byte[] fill = d.fillValueBytes();
      return fill == null ? new byte[d.datatype().size()] : fill;
    });
  }

  /**
   * Every element as a flat Java array in C order (see {@link Dataset#read()}). With
   * {@link VersionedFile#verifyChunkHashes} on, every raw chunk read is checked first.
   *
   * @param path the dataset's path relative to the version
   * @return a flat Java array, one entry per element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Object read(String path) throws IOException {
    return owner.reading(f -> verified(f, path, null).read());
  }

  /**
   * The elements a selection picks, as a flat Java array (chunks checked as by
   * {@link #read(String)}).
   *
   * @param path the dataset's path relative to the version
   * @param sel the elements to read, within the dataset's shape
   * @return a flat Java array, one entry per selected element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Object read(String path, Selection sel) throws IOException {
    return owner.reading(f -> verified(f, path, sel).read(sel));
  }

  /**
   * The stored bytes of every element in C order (the file's type and byte order); chunks
   * checked as by {@link #read(String)}.
   *
   * @param path the dataset's path relative to the version
   * @return the bytes, datatype size times element count
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public byte[] readBytes(String path) throws IOException {
    return owner.reading(f -> verified(f, path, null).readRaw());
  }

  /**
   * User attributes of a dataset or group ({@code ""} for the version itself).
   *
   * @param path a dataset's or group's path relative to the version, or empty for the version
   * @return a new map from attribute name to value, in storage order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Map<String, Object> attributes(String path) throws IOException {
    return AttributeCopy.values(storedAttributes(path.equals("/") ? "" : path));
  }

  /** User attributes with their stored types, for copying them elsewhere. */
  Map<String, Object> storedAttributes(String path) throws IOException {
    return owner.reading(f -> {
      Node n = path.isEmpty() ? root(f) : root(f).get(VersionLayout.normalize(path));
      Set<String> skip = n instanceof Dataset ? VersionReader.LAYOUT_ATTRS
          : path.isEmpty() ? VersionedFile.VERSION_ATTRS : Set.of();
      return AttributeCopy.read(n.attributes(), skip);
    });
  }

  /**
   * This version's group in the file as it is now; a version deleted since this view was
   * made is an error that says so.
   */
  private Group root(H5File f) throws IOException {
    String p = VersionLayout.versionPath(info.name());
    if (!f.root().contains(p)) {
      throw new IllegalStateException("version " + info.name() + " of " + f.path()
          + " was deleted since this view of it was made");
    }
    return f.group(p);
  }

  private Dataset dataset(H5File f, String path) throws IOException {
    return root(f).dataset(VersionLayout.normalize(path));
  }

  /**
   * The dataset, once the raw chunks that reading {@code sel} (null: all of it) touches are
   * verified, when the file verifies reads.
   */
  private Dataset verified(H5File f, String path, @Nullable Selection sel) throws IOException {
    Dataset d = dataset(f, path);
    ChunkHashVerifier v = owner.chunkVerifier();
    if (v != null) {
      v.verify(f, owner.generation(), info.name(), d, VersionLayout.normalize(path), sel);
    }
    return d;
  }

  private static void walk(Group g, String prefix, List<String> out, boolean groups)
      throws IOException {
    for (io.h5j.Link l : g.links()) {
      if (l.kind() != io.h5j.Link.Kind.HARD) {
        continue; // a link is no dataset or group of this version: see links()
      }
      String name = l.name();
      Node n = g.get(name);
      String p = prefix.isEmpty() ? name : prefix + "/" + name;
      if (n instanceof Group child) {
        if (groups) {
          out.add(p);
        }
        walk(child, p, out, groups);
      } else if (n instanceof Dataset && !groups) {
        out.add(p);
      }
    }
  }

  @Override
  public String toString() {
    return "version " + info.name();
  }
}
