package io.h5j.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The options of a write, as {@code df.write().format("hdf5").option(...)} gives them, checked
 * on the driver before any task runs.
 *
 * @param path the target file: a local path or a Hadoop file system's URI
 * @param dataset the dataset's path in the target file
 * @param shape the dataset's shape, or null to take max index + 1 per dimension
 * @param chunks the chunk shape, or null for {@link ChunkShapes#defaultFor}
 * @param fill the fill value as written, or null for 0
 * @param merge one plain chunked file rather than a virtual dataset over part files
 * @param bufferBytes the bytes of chunks a task holds before it spills them to its part file
 * @param version the version to add to the versioned file at {@code path}, or null for a
 *     plain file
 */
record WriteOptions(String path, String dataset, long @Nullable [] shape,
    long @Nullable [] chunks, @Nullable String fill, boolean merge, long bufferBytes,
    @Nullable String version)
    implements Serializable {
  /** 64 MiB of chunk buffers per task unless option {@code bufferBytes} says. */
  static final long DEFAULT_BUFFER_BYTES = 64L << 20;

  /** The options of {@code options} (case-insensitive keys, as Spark passes them). */
  static WriteOptions of(Map<String, String> options) {
    String path = options.get("path");
    if (path == null || path.isEmpty()) {
      throw new IllegalArgumentException("hdf5: no file to write given; use save(path)");
    }
    String dataset = options.get("dataset");
    if (dataset == null || dataset.isEmpty() || !dataset.startsWith("/")) {
      throw new IllegalArgumentException("hdf5: no dataset path given to write " + path
          + "; use option(\"dataset\", \"/name\")");
    }
    if (options.get("timestampAsOf") != null) {
      throw new IllegalArgumentException("hdf5: option timestampAsOf is for reads; a write"
          + " adds a version named by option version");
    }
    boolean merge = Boolean.parseBoolean(options.getOrDefault("merge", "false"));
    String version = options.get("version");
    if (version != null && merge) {
      throw new IllegalArgumentException("hdf5: option merge is for plain files; a version"
          + " (option version " + version + ") always copies its chunks into the file");
    }
    return new WriteOptions(path, dataset, sizes(options.get("shape"), "shape", 0),
        sizes(options.get("chunks"), "chunks", 1), options.get("fill"), merge,
        bufferBytes(options.get("bufferBytes")), version);
  }

  /** Checks the sizes given against the rank the table's index columns have. */
  WriteOptions checkRank(int rank) {
    for (long[] sizes : new long[][] {shape, chunks}) {
      if (sizes != null && sizes.length != rank) {
        throw new IllegalArgumentException("hdf5: option " + (sizes == shape ? "shape "
            : "chunks ") + Arrays.toString(sizes) + " has rank " + sizes.length
            + " but the table has " + rank + " index columns (i0..i" + (rank - 1) + ")");
      }
    }
    return this;
  }

  /** Comma-separated sizes, each at least {@code min}, or null when absent. */
  private static long @Nullable [] sizes(@Nullable String text, String name, long min) {
    if (text == null || text.isBlank()) {
      return null;
    }
    String[] parts = text.replace("(", "").replace(")", "").split(",");
    long[] out = new long[parts.length];
    for (int k = 0; k < parts.length; k++) {
      try {
        out[k] = Long.parseLong(parts[k].trim());
      } catch (NumberFormatException e) {
        out[k] = -1;
      }
      if (out[k] < min) {
        throw new IllegalArgumentException("hdf5: option " + name + " \"" + text + "\" needs"
            + " comma-separated sizes of at least " + min + ", such as \"100,200\"");
      }
    }
    return out;
  }

  private static long bufferBytes(@Nullable String text) {
    if (text == null) {
      return DEFAULT_BUFFER_BYTES;
    }
    try {
      long n = Long.parseLong(text.trim());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("hdf5: option bufferBytes " + text
        + " is no positive number of bytes");
  }
}
