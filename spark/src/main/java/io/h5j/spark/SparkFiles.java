package io.h5j.spark;

import io.h5j.H5File;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The one place the Spark source opens files. Local paths (and {@code file:} URIs) for now;
 * when the format layer reads through a positional byte source, this class switches to
 * Hadoop's {@code FileSystem} and nothing else in the module changes.
 */
final class SparkFiles {
  private SparkFiles() {}

  /** The local path a Spark path string names ({@code /a/b.h5} or {@code file:/a/b.h5}). */
  static Path local(String path) {
    if (path.startsWith("file:")) {
      return Path.of(java.net.URI.create(path));
    }
    if (path.matches("^[a-zA-Z][a-zA-Z0-9+.-]+://.*")) {
      throw new IllegalArgumentException("h5j-spark reads local files only for now, not "
          + path + "; copy the file to a local or NFS path");
    }
    return Path.of(path);
  }

  /** Opens a plain HDF5 file to read. */
  static H5File open(String path) throws IOException {
    return H5File.open(local(path));
  }

  /** Opens a versioned file (versioned-hdf5 layout) to read. */
  static VersionedFile openVersioned(String path) throws IOException {
    return VersionedFile.openReadOnly(local(path));
  }
}
