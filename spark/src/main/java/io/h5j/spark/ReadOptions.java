package io.h5j.spark;

import java.io.Serializable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.jspecify.annotations.Nullable;

/**
 * The options of a read, as {@code spark.read.format("hdf5").option(...)} gives them, checked
 * once on the driver and shipped to the executors with each partition (a few strings).
 *
 * @param path the file
 * @param dataset the dataset's path in the file (or in the version)
 * @param version the version to read, or null
 * @param timestampAsOf the time whose latest version to read, or null
 * @param enumAsNumber enums as their numbers rather than their names
 * @param partitionBytes the decoded bytes a partition aims at
 * @param rows option {@code layout} {@code rows}: one row per first index of a 2-d dataset
 */
record ReadOptions(String path, String dataset, @Nullable String version,
    @Nullable Instant timestampAsOf, boolean enumAsNumber, long partitionBytes, boolean rows)
    implements Serializable {
  /** 128 MiB of decoded elements per partition unless option {@code partitionBytes} says. */
  static final long DEFAULT_PARTITION_BYTES = 128L << 20;

  /** The options of {@code options} (case-insensitive keys, as Spark passes them). */
  static ReadOptions of(Map<String, String> options) {
    String path = options.get("path");
    if (path == null || path.isEmpty()) {
      throw new IllegalArgumentException("hdf5: no file given; use load(path) or"
          + " option(\"path\", ...)");
    }
    String dataset = options.get("dataset");
    if (dataset == null || dataset.isEmpty()) {
      throw new IllegalArgumentException("hdf5: no dataset given for " + path
          + "; use option(\"dataset\", \"/name\")");
    }
    String version = options.get("version");
    String asOf = options.get("timestampAsOf");
    if (version != null && asOf != null) {
      throw new IllegalArgumentException("hdf5: give option version or timestampAsOf, not both");
    }
    return new ReadOptions(path, dataset, version,
        asOf == null ? null : instant(asOf, sessionZone()),
        Boolean.parseBoolean(options.getOrDefault("enumAsNumber", "false")),
        partitionBytes(options.get("partitionBytes")), rows(options.get("layout")));
  }

  /**
   * The zone of a time without an offset: the active session's {@code
   * spark.sql.session.timeZone} (as Spark SQL reads timestamps), else the JVM's.
   */
  static ZoneId sessionZone() {
    scala.Option<SparkSession> s = SparkSession.getActiveSession();
    if (s.isEmpty()) {
      s = SparkSession.getDefaultSession();
    }
    return s.isDefined() ? ZoneId.of(s.get().sessionState().conf().sessionLocalTimeZone())
        : ZoneId.systemDefault();
  }

  /** Whether a version of a versioned file is read rather than a plain dataset. */
  boolean versioned() {
    return version != null || timestampAsOf != null;
  }

  /** The same read of another file (one of a directory's). */
  /** The same read of version {@code name}. */
  ReadOptions withVersion(String name) {
    return new ReadOptions(path, dataset, name, null, enumAsNumber, partitionBytes, rows);
  }

  ReadOptions withPath(String other) {
    return new ReadOptions(other, dataset, version, timestampAsOf, enumAsNumber,
        partitionBytes, rows);
  }

  /** Parses {@code text}, a time without an offset being one in {@code zone}. */
  static Instant instant(String text, ZoneId zone) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      try {
        return OffsetDateTime.parse(text).toInstant();
      } catch (DateTimeParseException e2) {
        try {
          return java.time.LocalDateTime.parse(text.replace(' ', 'T')).atZone(zone).toInstant();
        } catch (DateTimeParseException e3) {
          throw new IllegalArgumentException("hdf5: option timestampAsOf " + text
              + " is no ISO-8601 time (such as 2026-01-31T12:00:00Z; without an offset, in the"
              + " session time zone, here " + zone + ")");
        }
      }
    }
  }

  private static boolean rows(@Nullable String layout) {
    if (layout == null || layout.equalsIgnoreCase("elements")) {
      return false;
    } else if (layout.equalsIgnoreCase("rows")) {
      return true;
    }
    throw new IllegalArgumentException("hdf5: option layout " + layout
        + " is neither elements (one row per element, the default) nor rows (one row per"
        + " first index of a 2-d dataset)");
  }

  private static long partitionBytes(@Nullable String text) {
    if (text == null) {
      return DEFAULT_PARTITION_BYTES;
    }
    try {
      long n = Long.parseLong(text.trim());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("hdf5: option partitionBytes " + text
        + " is no positive number of bytes");
  }
}
