package io.h5j.versioning;

import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One committed version: its name, its parent ({@code __first_version__} for a root), when it
 * was committed (as stored, and parsed; null if it does not parse) and its user attributes.
 *
 * @param name the version's name
 * @param parent the parent version's name, {@code __first_version__} for a root
 * @param timestamp the commit time as stored, in versioned-hdf5's format
 * @param time the commit time parsed, or null when the stored one does not parse
 * @param attributes the version's user attributes (versioned-hdf5's own left out)
 */
public record VersionInfo(String name, String parent, String timestamp, @Nullable Instant time,
    Map<String, Object> attributes) {
  /**
   * Copies the attributes: a record is a value.
   *
   * @param name the version's name
   * @param parent the parent version's name, {@code __first_version__} for a root
   * @param timestamp the commit time as stored, in versioned-hdf5's format
   * @param time the commit time parsed, or null when the stored one does not parse
   * @param attributes the version's user attributes (versioned-hdf5's own left out)
   */
  public VersionInfo {
    attributes = Map.copyOf(attributes);
  }

  /**
   * Whether this version starts a history (its parent is the meta-version).
   *
   * @return true for a root version
   */
  public boolean isRoot() {
    return VersionLayout.FIRST_VERSION.equals(parent);
  }
}
