package io.h5j.cli;

import io.h5j.versioning.VersionInfo;

/** How {@code log} and {@code show} name a version's parent, so that both say the same. */
final class VersionWords {
  private VersionWords() {}

  /** The parent's name, or "-" for a version that starts a history. */
  static String parent(VersionInfo v) {
    return v.isRoot() ? "-" : v.parent();
  }
}
