package io.h5j.versioning;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Whether a writer ({@link VersionedFile#open(java.nio.file.Path, Libhdf5Locking)}) also
 * takes the flock(2) lock that libhdf5 programs (h5py, h5dump, versioned-hdf5) take and obey,
 * so that they never read a change half done nor write beside h5j. h5j's own writers and
 * readers exclude each other through Java's file locks whatever this says.
 *
 * <p>The default is {@link #BEST_EFFORT}, unless set by {@code -Dh5j.libhdf5Locking}
 * ({@code true}, {@code best-effort} or {@code false}) or by libhdf5's own switch,
 * {@code HDF5_USE_FILE_LOCKING} ({@code TRUE}, {@code BEST_EFFORT}, {@code FALSE}), the
 * property taking precedence.
 */
public enum Libhdf5Locking {
  /** Take the lock, and refuse to open the file (an {@code IOException}) where it cannot. */
  REQUIRED,
  /**
   * Take the lock where it can be taken (Linux, util-linux's {@code flock} installed, the
   * file on a local file system), else open the file without it and log a warning saying
   * why ({@link VersionedFile#holdsLibhdf5Lock()} tells which).
   */
  BEST_EFFORT,
  /**
   * Do not take it: for files no libhdf5 program opens while h5j writes, or when libhdf5's
   * programs take no lock either ({@code HDF5_USE_FILE_LOCKING=FALSE}).
   */
  OFF;

  /** System property that sets the default: true, best-effort or false. */
  static final String PROPERTY = "h5j.libhdf5Locking";

  /** The default as the system property or, without it, libhdf5's environment sets it. */
  static Libhdf5Locking configured() {
    Libhdf5Locking p = parse(System.getProperty(PROPERTY));
    if (p != null) {
      return p;
    }
    Libhdf5Locking e = parse(System.getenv("HDF5_USE_FILE_LOCKING"));
    return e != null ? e : BEST_EFFORT;
  }

  /** TRUE/1, BEST_EFFORT/best-effort, FALSE/0 in any case; null for anything else. */
  static @Nullable Libhdf5Locking parse(@Nullable String value) {
    if (value == null) {
      return null;
    }
    switch (value.strip().toLowerCase(Locale.ROOT).replace('-', '_')) {
      case "true", "1", "required":
        return REQUIRED;
      case "best_effort":
        return BEST_EFFORT;
      case "false", "0", "off":
        return OFF;
      default:
        return null;
    }
  }
}
