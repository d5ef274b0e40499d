package io.h5j.versioning;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Names and encodings of versioned-hdf5's on-disk layout (data_version 4): where each part
 * lives and how timestamps are written. One place, so that reader and writer agree.
 */
final class VersionLayout {
  private VersionLayout() {}

  static final String VERSION_DATA = "/_version_data";
  static final String VERSIONS = "/_version_data/versions";
  static final String FIRST_VERSION = "__first_version__";
  static final long DATA_VERSION = 4;

  static final String ATTR_CURRENT = "current_version";
  static final String ATTR_DATA_VERSION = "data_version";
  static final String ATTR_PREV = "prev_version";
  static final String ATTR_COMMITTED = "committed";
  static final String ATTR_TIMESTAMP = "timestamp";
  static final String ATTR_RAW_DATA = "raw_data";
  static final String ATTR_CHUNKS = "chunks";
  static final String ATTR_LARGEST_INDEX = "largest_index";
  /**
   * h5j's own attribute of the versions group (int64), raised by every change h5j makes to
   * the file so that readers in other processes know to drop what they cached; versioned-hdf5
   * ignores it.
   */
  static final String ATTR_GENERATION = "h5j_generation";

  /** Python's {@code %Y-%m-%d %H:%M:%S.%f%z} for a UTC time: {@code 2026-11-29 13:53:16.629195+0000}. */
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSxx").withZone(ZoneOffset.UTC);

  static String formatTimestamp(Instant t) {
    return TIMESTAMP.format(t);
  }

  /** The instant of a stored timestamp, or null if it does not parse. */
  static Instant parseTimestamp(String s) {
    try {
      return java.time.OffsetDateTime.parse(s, TIMESTAMP).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** Where the raw chunks of dataset {@code path} (relative, no leading slash) live. */
  static String rawDataPath(String path) {
    return VERSION_DATA + "/" + path + "/raw_data";
  }

  static String hashTablePath(String path) {
    return VERSION_DATA + "/" + path + "/hash_table";
  }

  static String versionPath(String version) {
    return VERSIONS + "/" + version;
  }

  /** A dataset or group path without leading/trailing slashes and empty parts. */
  static String normalize(String path) {
    StringBuilder b = new StringBuilder();
    for (String part : path.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        throw new IllegalArgumentException("path '" + path + "' may not contain '..'");
      }
      if (b.length() > 0) {
        b.append('/');
      }
      b.append(part);
    }
    if (b.length() == 0) {
      throw new IllegalArgumentException("path '" + path + "' names no object");
    }
    return b.toString();
  }

  /** A version name must be a single non-empty link name that is not the reserved root. */
  static void checkVersionName(String name) {
    if (name == null || name.isEmpty() || name.contains("/") || name.equals(".")
        || name.equals("..") || name.equals(FIRST_VERSION)) {
      throw new IllegalArgumentException("'" + name + "' cannot name a version: use a"
          + " non-empty name without '/' other than " + FIRST_VERSION);
    }
  }
}
