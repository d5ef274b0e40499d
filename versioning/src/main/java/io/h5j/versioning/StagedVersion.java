package io.h5j.versioning;

import io.h5j.DatasetSpec;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A version being made: a copy of its parent's tree, edited in memory (create, resize and
 * delete datasets and groups, write any box, set attributes) and written to the file only by
 * {@link #commit()}, or by {@link #close()} at the end of a try-with-resources block unless
 * {@link #abort()} was called. Only the chunks a write touches are read and changed.
 *
 * <p>If any edit of this version throws, the version can no longer be committed: neither
 * {@code commit()} nor {@code close()} writes it. An exception thrown by the caller's own
 * code between edits does not reach {@code close()} (Java does not tell it); to have any
 * exception abandon the version, use
 * {@link VersionedFile#commit(String, String, VersionedFile.Edit)}.
 */
public final class StagedVersion implements AutoCloseable {
  private final VersionedFile owner;
  private final String name;
  private final String parent;
  private final Map<String, Map<String, Object>> groups;
  private final Map<String, StagedDataset> datasets;
  private final Map<String, VersionLink> links;
  private final Map<String, Object> versionAttributes = new LinkedHashMap<>();
  private boolean done;
  private @Nullable Throwable failedEdit;

  StagedVersion(VersionedFile owner, String name, String parent,
      Map<String, Map<String, Object>> groups, Map<String, StagedDataset> datasets,
      Map<String, VersionLink> links) {
    this.owner = owner;
    this.name = name;
    this.parent = parent;
    this.groups = new TreeMap<>(groups);
    this.datasets = new TreeMap<>(datasets);
    this.links = new TreeMap<>(links);
  }

  /**
   * This version's name, as it will be stored under {@code _version_data/versions}.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * The parent version, or {@code __first_version__} for a new root.
   *
   * @return the parent's name
   */
  public String parent() {
    return parent;
  }

  /**
   * The datasets of this version as staged, parents' and new ones alike.
   *
   * @return a new list of paths relative to the version, sorted
   */
  public List<String> datasetPaths() {
    return new ArrayList<>(datasets.keySet());
  }

  /**
   * The groups of this version as staged.
   *
   * @return a new list of paths relative to the version, sorted
   */
  public List<String> groupPaths() {
    return new ArrayList<>(groups.keySet());
  }

  /**
   * The soft and external links of this version as staged.
   *
   * @return a new list of paths relative to the version, sorted
   */
  public List<String> linkPaths() {
    return new ArrayList<>(links.keySet());
  }

  /**
   * Whether a dataset, group or link is staged at {@code path}.
   *
   * @param path a path relative to the version
   * @return true when a dataset, group or link is there
   */
  public boolean contains(String path) {
    String p = VersionLayout.normalize(path);
    return datasets.containsKey(p) || groups.containsKey(p) || links.containsKey(p);
  }

  /**
   * Creates a soft link (and any missing parent groups): a path, followed when read. An
   * absolute target ("/a/b") is a path of this version, and is stored so that libhdf5
   * readers of the version (h5py, versioned-hdf5) resolve it inside the version too.
   *
   * @param path the link's path relative to the version, not taken yet
   * @param target the path the link points to; it need not exist
   */
  public void createSoftLink(String path, String target) {
    createLink(path, new VersionLink(null, target));
  }

  /**
   * Creates an external link (and any missing parent groups): an object of another file.
   *
   * @param path the link's path relative to the version, not taken yet
   * @param file the other file's name, as libhdf5 resolves it
   * @param objectPath the object's path in that file
   */
  public void createExternalLink(String path, String file, String objectPath) {
    createLink(path, new VersionLink(file, objectPath));
  }

  private void createLink(String path, VersionLink link) {
    edit(() -> {
      String p = VersionLayout.normalize(path);
      if (contains(p)) {
        throw new IllegalArgumentException("'" + p + "' exists in version " + name
            + "; delete it first");
      }
      int slash = p.lastIndexOf('/');
      if (slash > 0) {
        createGroup(p.substring(0, slash));
      }
      links.put(p, link);
    });
  }

  /**
   * Creates a group (and any missing parents).
   *
   * @param path the group's path relative to the version
   */
  public void createGroup(String path) {
    edit(() -> {
      String p = VersionLayout.normalize(path);
      if (datasets.containsKey(p) || links.containsKey(p)) {
        throw new IllegalArgumentException("'" + p + "' is a dataset or link; delete it first");
      }
      String[] parts = p.split("/");
      StringBuilder b = new StringBuilder();
      for (String part : parts) {
        b.append(b.length() == 0 ? "" : "/").append(part);
        String at = b.toString();
        if (datasets.containsKey(at) || links.containsKey(at)) {
          throw new IllegalArgumentException("'" + at + "' is a dataset or link, not a group");
        }
        groups.putIfAbsent(at, new LinkedHashMap<>());
      }
    });
  }

  /**
   * Creates a dataset: datatype, shape, chunks (the spec's or a guess) and fill value come
   * from {@code spec}, and its data if it has any. Any dimension may grow later.
   *
   * @param path the dataset's path relative to the version, not taken yet
   * @param spec the dataset's datatype, shape, chunks, fill value and optional data
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void createDataset(String path, DatasetSpec spec) throws IOException {
    edit(() -> {
      String p = VersionLayout.normalize(path);
      if (contains(p)) {
        throw new IllegalArgumentException("'" + p + "' exists in version " + name
            + "; delete it first");
      }
      Datatype type = spec.datatype();
      if (type == null) {
        throw new IllegalArgumentException("the spec needs a datatype");
      }
      long[] shape = spec.shape();
      if (shape.length == 0) {
        throw new IllegalArgumentException("versioned datasets have rank 1 or more");
      }
      long[] chunks = spec.chunks();
      StagedElements elements = StagedElements.forSpec(type, spec.fillValue(), p);
      int slash = p.lastIndexOf('/');
      if (slash > 0) {
        createGroup(p.substring(0, slash));
      }
      StagedDataset d = new StagedDataset(p, type, shape, chunks, elements, Map.of(), null,
          null, (start, extent) -> {
            throw new IllegalStateException("a new dataset has no stored chunks");
          });
      datasets.put(p, d);
      if (spec.data() != null) {
        write(p, spec.data());
      }
    });
  }

  /**
   * Deletes a dataset, a link, or a group with everything below it.
   *
   * @param path the dataset's, link's or group's path relative to the version
   */
  public void delete(String path) {
    edit(() -> {
      String p = VersionLayout.normalize(path);
      if (!contains(p)) {
        throw new IllegalArgumentException("no '" + p + "' in version " + name);
      }
      datasets.remove(p);
      groups.remove(p);
      links.remove(p);
      datasets.keySet().removeIf(k -> k.startsWith(p + "/"));
      groups.keySet().removeIf(k -> k.startsWith(p + "/"));
      links.keySet().removeIf(k -> k.startsWith(p + "/"));
    });
  }

  /**
   * A staged dataset's current dimensions.
   *
   * @param path the dataset's path relative to the version
   * @return a new array of one size per dimension
   */
  public long[] shape(String path) {
    return dataset(path).shape.clone();
  }

  /**
   * A staged dataset's datatype.
   *
   * @param path the dataset's path relative to the version
   * @return the datatype
   */
  public Datatype datatype(String path) {
    return dataset(path).type;
  }

  /**
   * A staged dataset's chunk shape, in elements.
   *
   * @param path the dataset's path relative to the version
   * @return a new array of one chunk size per dimension
   */
  public long[] chunks(String path) {
    return dataset(path).chunks.clone();
  }

  /**
   * Changes a dataset's shape; new elements read as its fill value.
   *
   * @param path the dataset's path relative to the version
   * @param shape the new size of each dimension
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void resize(String path, long... shape) throws IOException {
    edit(() -> {
      dataset(path).resize(shape);
    });
  }

  /**
   * Overwrites every element with {@code flatArray} (C order; see {@link io.h5j.Dataset#read()}).
   *
   * @param path the dataset's path relative to the version
   * @param flatArray one value per element, of a kind the dataset's datatype takes
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void write(String path, Object flatArray) throws IOException {
    edit(() -> {
      StagedDataset d = dataset(path);
      write(path, new long[d.shape.length], d.shape, flatArray);
    });
  }

  /**
   * Writes {@code flatArray} (C order) into the box of {@code extent} elements at {@code start}.
   *
   * @param path the dataset's path relative to the version
   * @param start the box's first element, one coordinate per dimension
   * @param extent the box's size in each dimension
   * @param flatArray one value per element of the box, C order
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void write(String path, long[] start, long[] extent, Object flatArray)
      throws IOException {
    edit(() -> {
      StagedDataset d = dataset(path);
      long n = Boxes.count(extent);
      if (flatArray == null || !flatArray.getClass().isArray() || Array.getLength(flatArray) != n) {
        throw new IllegalArgumentException("the box " + Arrays.toString(extent) + " holds " + n
            + " elements; got " + (flatArray == null || !flatArray.getClass().isArray()
                ? String.valueOf(flatArray) : Array.getLength(flatArray) + ""));
      }
      d.write(start, extent, d.elements.encode(flatArray));
    });
  }

  /**
   * Every element as this staged version holds it, as a flat Java array.
   *
   * @param path the dataset's path relative to the version
   * @return a flat Java array, one entry per element
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Object read(String path) throws IOException {
    StagedDataset d = dataset(path);
    return read(path, new long[d.shape.length], d.shape);
  }

  /**
   * The box of {@code extent} elements at {@code start}, as a flat Java array.
   *
   * @param path the dataset's path relative to the version
   * @param start the box's first element, one coordinate per dimension
   * @param extent the box's size in each dimension
   * @return a flat Java array, one entry per element of the box, C order
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Object read(String path, long[] start, long[] extent) throws IOException {
    StagedDataset d = dataset(path);
    return d.elements.decode(d.read(start, extent), (int) Boxes.count(extent));
  }

  /**
   * Sets an attribute of a dataset, a group, or ({@code path} empty) the version itself,
   * typed as {@link io.h5j.Attributes#put(String, Object)} types it.
   *
   * @param path a dataset's or group's path relative to the version, or empty for the version
   * @param attribute the attribute's name
   * @param value the value: a Java array, flat or n-d, or a boxed scalar or String
   */
  public void setAttribute(String path, String attribute, Object value) {
    edit(() -> {
      if (VersionReader.LAYOUT_ATTRS.contains(attribute) && !path.isEmpty()
          && datasets.containsKey(VersionLayout.normalize(path))) {
        throw new IllegalArgumentException("'" + attribute + "' is kept by the versioning layout");
      }
      attributesOf(path).put(attribute, value);
    });
  }

  /**
   * Removes an attribute; no error if it was not there.
   *
   * @param path a dataset's or group's path relative to the version, or empty for the version
   * @param attribute the attribute's name
   */
  public void removeAttribute(String path, String attribute) {
    edit(() -> {
      attributesOf(path).remove(attribute);
    });
  }

  /**
   * User attributes of a dataset, group or ({@code ""}) the version, as staged.
   *
   * @param path a dataset's or group's path relative to the version, or empty for the version
   * @return a new map from attribute name to value, in the order set
   */
  public Map<String, Object> attributes(String path) {
    return AttributeCopy.values(attributesOf(path));
  }

  Map<String, Object> attributesOf(String path) {
    if (path.isEmpty() || path.equals("/")) {
      return versionAttributes;
    }
    String p = VersionLayout.normalize(path);
    if (datasets.containsKey(p)) {
      return datasets.get(p).attributes;
    }
    Map<String, Object> g = groups.get(p);
    if (g == null) {
      throw new IllegalArgumentException("no '" + p + "' in version " + name);
    }
    return g;
  }

  /**
   * Writes this version to the file and makes it current.
   *
   * @throws IllegalStateException if an edit of this version threw: the version is dropped
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void commit() throws IOException {
    checkOpen();
    if (failedEdit != null) {
      abort();
      throw new IllegalStateException("version " + name + " was not committed: an edit of it"
          + " failed (" + failedEdit + ")", failedEdit);
    }
    done = true;
    owner.commitStaged(this);
  }

  /** Drops this version: nothing is written. */
  public void abort() {
    if (!done) {
      done = true;
      owner.released(this);
    }
  }

  /**
   * Commits unless already committed or aborted; after an edit of this version threw, drops
   * it and throws {@link IllegalStateException} instead (suppressed behind the edit's own
   * exception when that one ends the try-with-resources block).
   */
  @Override
  public void close() throws IOException {
    if (!done) {
      commit();
    }
  }

  boolean isDone() {
    return done;
  }

  Map<String, Map<String, Object>> groups() {
    return groups;
  }

  Map<String, StagedDataset> datasets() {
    return datasets;
  }

  Map<String, VersionLink> links() {
    return links;
  }

  Map<String, Object> versionAttributes() {
    return versionAttributes;
  }

  private StagedDataset dataset(String path) {
    StagedDataset d = datasets.get(VersionLayout.normalize(path));
    if (d == null) {
      throw new IllegalArgumentException("no dataset '" + path + "' in version " + name);
    }
    return d;
  }

  /** A change to the staged tree that may throw {@code X}. */
  private interface Edit<X extends Exception> {
    void run() throws X;
  }

  /**
   * Runs an edit; if it throws, remembers that, so that this version (possibly half-edited)
   * is never committed.
   */
  private <X extends Exception> void edit(Edit<X> edit) throws X {
    checkOpen();
    try {
      edit.run();
    } catch (Throwable t) {
      if (failedEdit == null) {
        failedEdit = t;
      }
      throw t;
    }
  }

  private void checkOpen() {
    if (done) {
      throw new IllegalStateException("version " + name + " was already committed or aborted;"
          + " stage a new one");
    }
  }
}
