package io.h5j.spark;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.StorageLayout;
import io.h5j.raw.VirtualMapping;
import io.h5j.raw.VirtualMappings;
import io.h5j.type.Datatype;
import io.h5j.versioning.VersionView;
import io.h5j.versioning.VersionedFile;
import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The dataset a read names, open: a plain file's dataset, or a dataset of one version of a
 * versioned file. Driver and executors open it alike, each for itself.
 */
final class SourceDataset implements Closeable {
  /** Above this many mappings a virtual dataset's grid is not derived (one row per unit). */
  private static final int MAX_MAPPINGS_SCANNED = 1_000_000;
  /** The group versioned-hdf5 keeps its versions under. */
  private static final String VERSIONS_GROUP = "_version_data";

  private final ReadOptions options;
  private final @Nullable H5File file;
  private final @Nullable VersionedFile versioned;
  private final @Nullable Dataset dataset;
  private final @Nullable VersionView version;

  private SourceDataset(ReadOptions options, @Nullable H5File file,
      @Nullable VersionedFile versioned, @Nullable Dataset dataset,
      @Nullable VersionView version) {
    this.options = options;
    this.file = file;
    this.versioned = versioned;
    this.dataset = dataset;
    this.version = version;
  }

  /**
   * Opens the file through {@code files} and finds the dataset (of the version) named. A
   * versioned-hdf5 file read without a version whose root lacks the dataset is read as its
   * current version, which {@link #options()} then names: the driver pins it, so that every
   * task reads the version the scan was planned on even if a commit comes in between.
   */
  static SourceDataset open(ReadOptions o, SparkFiles files) throws IOException {
    if (o.versioned()) {
      VersionedFile vf = files.openVersioned(o.path());
      try {
        VersionView v = o.version() != null ? vf.version(o.version())
            : vf.versionAt(o.timestampAsOf());
        if (!v.contains(o.dataset())) {
          throw new IllegalArgumentException("hdf5: version " + v.name() + " of " + o.path()
              + " has no dataset " + o.dataset() + "; it has " + v.datasetPaths());
        }
        return new SourceDataset(o, null, vf, null, v);
      } catch (IOException | RuntimeException e) {
        vf.close();
        throw e;
      }
    }
    H5File f = files.open(o.path());
    IllegalArgumentException missing;
    boolean versioned;
    try {
      try {
        return new SourceDataset(o, f, null, f.dataset(o.dataset()), null);
      } catch (IllegalArgumentException e) {
        missing = e;
        versioned = f.root().contains(VERSIONS_GROUP);
      }
    } catch (IOException | RuntimeException e) {
      f.close();
      throw e;
    }
    f.close();
    String current = versioned ? currentVersion(o, files) : null;
    if (current != null) {
      return open(o.withVersion(current), files);
    }
    throw new IllegalArgumentException("hdf5: file " + o.path() + " has no dataset "
        + o.dataset() + " (" + missing.getMessage() + ")" + (versioned ? "; it is a"
        + " versioned-hdf5 file with no version yet" : ""), missing);
  }

  private static @Nullable String currentVersion(ReadOptions o, SparkFiles files)
      throws IOException {
    try (VersionedFile vf = files.openVersioned(o.path())) {
      return vf.currentVersion();
    }
  }

  /** The options the dataset was read with: with the version a plain read was pinned to. */
  ReadOptions options() {
    return options;
  }

  /** The dataset's current shape. */
  long[] shape() throws IOException {
    return dataset != null ? dataset.shape() : version.shape(options.dataset());
  }

  /** The dataset's datatype. */
  Datatype datatype() throws IOException {
    return dataset != null ? dataset.datatype() : version.datatype(options.dataset());
  }

  /** Whether the elements are stored in chunks (so that a chunk count means something). */
  boolean chunked() throws IOException {
    return dataset == null || dataset.layout().kind() == StorageLayout.Kind.CHUNKED;
  }

  /**
   * The grid partitions align to: the chunk shape of a chunked dataset (a version's too); a
   * virtual dataset's mapping shape when its mappings tile it on a regular grid; else one
   * element per unit in every dimension.
   */
  long[] grid() throws IOException {
    long[] dims = shape();
    long[] ones = new long[dims.length];
    Arrays.fill(ones, 1);
    if (version != null) {
      return version.chunks(options.dataset());
    }
    StorageLayout layout = dataset.layout();
    if (layout.kind() == StorageLayout.Kind.CHUNKED) {
      return layout.chunkShape();
    }
    if (layout.kind() == StorageLayout.Kind.VIRTUAL && dims.length > 0) {
      long[] g = mappingGrid(dataset.virtualMappings(), dims.length);
      return g != null ? g : ones;
    }
    return ones;
  }

  /** The common shape of mappings that all start on its multiples, or null if there is none. */
  private static long @Nullable [] mappingGrid(VirtualMappings m, int rank) throws IOException {
    if (m.count() == 0 || m.count() > MAX_MAPPINGS_SCANNED || !m.allBoxes()) {
      return null;
    }
    long[] grid = null;
    for (int i = 0; i < m.count(); i++) {
      VirtualMapping.Box b = m.mapping(i).virtualBox();
      if (b == null || b.rank() != rank) {
        return null;
      }
      if (grid == null) {
        grid = b.shape();
      }
      long[] start = b.start();
      long[] shape = b.shape();
      for (int k = 0; k < rank; k++) {
        // an edge mapping may be shorter than the grid, never longer
        if (grid[k] <= 0 || start[k] % grid[k] != 0 || shape[k] > grid[k]) {
          return null;
        }
      }
    }
    return grid;
  }

  /** The elements of {@code sel} as a flat Java array (as {@link Dataset#read(Selection)}). */
  Object read(Selection sel) throws IOException {
    return dataset != null ? dataset.read(sel) : version.read(options.dataset(), sel);
  }

  /**
   * Reads the elements of {@code sel} into {@code into} from index 0, when a plain dataset
   * reads so ({@link Dataset#read(Selection, double[])} and its siblings: the array a read of
   * this dataset gives, no new one); false, having read nothing, for a version's dataset or
   * an array of another kind. The array must hold the selection.
   */
  boolean readInto(Selection sel, Object into) throws IOException {
    if (dataset == null) {
      return false;
    } else if (into instanceof double[] a) {
      dataset.read(sel, a);
    } else if (into instanceof float[] a) {
      dataset.read(sel, a);
    } else if (into instanceof long[] a) {
      dataset.read(sel, a);
    } else if (into instanceof int[] a) {
      dataset.read(sel, a);
    } else if (into instanceof short[] a) {
      dataset.read(sel, a);
    } else if (into instanceof byte[] a) {
      dataset.read(sel, a);
    } else {
      return false;
    }
    return true;
  }

  @Override
  public void close() throws IOException {
    if (file != null) {
      file.close();
    }
    if (versioned != null) {
      versioned.close();
    }
  }
}
