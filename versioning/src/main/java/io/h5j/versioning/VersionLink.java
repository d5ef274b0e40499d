package io.h5j.versioning;

import io.h5j.Group;
import io.h5j.Link;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * A soft or external link of a version, as the user sees it: a soft link's absolute target is
 * a path of the version ("/a/b"), stored inside the version's group so that libhdf5 readers
 * of the stored version resolve it there too; relative targets and external links are stored
 * as given.
 *
 * @param file an external link's file name, or null for a soft link
 * @param target a soft link's path, or an external link's object path
 */
record VersionLink(@Nullable String file, String target) {
  /** Link {@code l} as stored in a group of {@code version}; null if hard or user-defined. */
  static @Nullable VersionLink stored(Link l, String version) {
    return switch (l.kind()) {
      case SOFT -> new VersionLink(null, plainTarget(version, l.target()));
      case EXTERNAL -> new VersionLink(l.file(), l.target());
      default -> null;
    };
  }

  /** The link {@code l} of a plain file, or null if it is hard or user-defined. */
  static @Nullable VersionLink plain(Link l) {
    return switch (l.kind()) {
      case SOFT -> new VersionLink(null, l.target());
      case EXTERNAL -> new VersionLink(l.file(), l.target());
      default -> null;
    };
  }

  /** Creates this link as {@code name} in {@code g} (of {@code version}; null: a plain file). */
  void create(Group g, String name, @Nullable String version) throws IOException {
    if (file != null) {
      g.createExternalLink(name, file, target);
    } else {
      g.createSoftLink(name, version == null || !target.startsWith("/") ? target
          : VersionLayout.versionPath(version) + target);
    }
  }

  private static String plainTarget(String version, String stored) {
    String root = VersionLayout.versionPath(version);
    return stored.startsWith(root + "/") ? stored.substring(root.length()) : stored;
  }
}
