package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.Selection;
import io.h5j.format.datatype.Datatype;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One committed version, read-only: its datasets (read as the format API reads them, through
 * their virtual mappings), groups and attributes. Paths are relative to the version.
 */
public final class VersionView {
  private final H5File file;
  private final VersionInfo info;

  VersionView(H5File file, VersionInfo info) {
    this.file = file;
    this.info = info;
  }

  public String name() {
    return info.name();
  }

  public VersionInfo info() {
    return info;
  }

  /** Paths of every dataset of this version, in the order a depth-first walk meets them. */
  public List<String> datasetPaths() throws IOException {
    List<String> out = new ArrayList<>();
    walk(root(), "", out, false);
    return out;
  }

  /** Paths of every group of this version below its root. */
  public List<String> groupPaths() throws IOException {
    List<String> out = new ArrayList<>();
    walk(root(), "", out, true);
    return out;
  }

  public boolean contains(String path) throws IOException {
    return root().contains(VersionLayout.normalize(path));
  }

  public long[] shape(String path) throws IOException {
    return dataset(path).shape();
  }

  public Datatype datatype(String path) throws IOException {
    return dataset(path).datatype();
  }

  /** The chunk shape versioned-hdf5 records for the dataset. */
  public long[] chunks(String path) throws IOException {
    return (long[]) dataset(path).attributes().get(VersionLayout.ATTR_CHUNKS);
  }

  /** The fill value's stored bytes (zeros when the dataset defines none). */
  public byte[] fillValueBytes(String path) throws IOException {
    Dataset d = dataset(path);
    byte[] f = d.fillValueBytes();
    return f == null ? new byte[d.datatype().size()] : f;
  }

  /** Every element as a flat Java array in C order (see {@link Dataset#read()}). */
  public Object read(String path) throws IOException {
    return dataset(path).read();
  }

  /** The elements a selection picks, as a flat Java array. */
  public Object read(String path, Selection sel) throws IOException {
    return dataset(path).read(sel);
  }

  /** The stored bytes of every element in C order (the file's type and byte order). */
  public byte[] readBytes(String path) throws IOException {
    return dataset(path).readRaw();
  }

  /** User attributes of a dataset or group ({@code ""} for the version itself). */
  public Map<String, Object> attributes(String path) throws IOException {
    return AttributeCopy.values(storedAttributes(path.equals("/") ? "" : path));
  }

  /** User attributes with their stored types, for copying them elsewhere. */
  Map<String, Object> storedAttributes(String path) throws IOException {
    Node n = path.isEmpty() ? root() : root().get(VersionLayout.normalize(path));
    Set<String> skip = n instanceof Dataset ? VersionReader.LAYOUT_ATTRS
        : path.isEmpty() ? VersionedFile.VERSION_ATTRS : Set.of();
    return AttributeCopy.read(n.attributes(), skip);
  }

  private Group root() throws IOException {
    return file.group(VersionLayout.versionPath(info.name()));
  }

  private Dataset dataset(String path) throws IOException {
    return root().dataset(VersionLayout.normalize(path));
  }

  private static void walk(Group g, String prefix, List<String> out, boolean groups)
      throws IOException {
    for (String name : g.memberNames()) {
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
