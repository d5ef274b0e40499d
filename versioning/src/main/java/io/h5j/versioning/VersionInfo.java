package io.h5j.versioning;

import java.time.Instant;
import java.util.Map;

/**
 * One committed version: its name, its parent ({@code __first_version__} for a root), when it
 * was committed (as stored, and parsed; null if it does not parse) and its user attributes.
 */
public record VersionInfo(String name, String parent, String timestamp, Instant time,
    Map<String, Object> attributes) {
  public VersionInfo {
    attributes = Map.copyOf(attributes);
  }

  /** Whether this version starts a history (its parent is the meta-version). */
  public boolean isRoot() {
    return VersionLayout.FIRST_VERSION.equals(parent);
  }
}
