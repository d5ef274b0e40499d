package io.h5j.spark;

import io.h5j.H5File;
import io.h5j.format.ByteSource;
import io.h5j.format.CachingByteSource;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.jspecify.annotations.Nullable;

/**
 * The one place the Spark source opens files. A local path ({@code /a/b.h5}, {@code file:})
 * is opened as a local file (a {@code FileChannel}, memory-mapped for long reads); any other
 * URI ({@code hdfs://}, {@code s3a://}, ...) through Hadoop's {@code FileSystem} with the
 * session's Hadoop configuration, behind h5j's block cache ({@link CachingByteSource}), whose
 * block and cache sizes the Hadoop keys {@value #BLOCK_BYTES} and {@value #CACHE_BYTES} set
 * (e.g. {@code spark.hadoop.h5j.read.cacheBytes}; 4 MiB blocks, 16 MiB per open file by
 * default). Every file a task opens decodes its chunks on the task's thread unless the key
 * {@value #WORKER_THREADS} gives it threads of its own.
 *
 * <p>The driver's instance reads the session's configuration; the executors' instance carries
 * it as a broadcast (made once per scan), so a task ships a handle, not the configuration. A
 * scan of local files alone needs none of it but {@value #WORKER_THREADS}: its instance
 * carries that number, read on the driver, and no broadcast (making one costs the driver
 * about 7 ms of CPU per query, before any task can start).
 */
final class SparkFiles implements Serializable {
  private static final long serialVersionUID = 1L;
  /** Hadoop configuration key: bytes per request to the file system (4 MiB by default). */
  static final String BLOCK_BYTES = "h5j.read.blockBytes";
  /** Hadoop configuration key: bytes of blocks a file open in a task keeps. */
  static final String CACHE_BYTES = "h5j.read.cacheBytes";
  /**
   * Hadoop configuration key: threads that decode a file's chunks beside the task's own
   * (0 by default: Spark already runs a task per core, and more threads per task would only
   * contend with the other tasks for them).
   */
  static final String WORKER_THREADS = "h5j.read.workerThreads";
  /**
   * 16 MiB: four blocks hold a file's metadata and the read-ahead of a task that reads its
   * chunks in order; more would be multiplied by the tasks an executor runs at once.
   */
  static final long DEFAULT_CACHE_BYTES = 16L << 20;

  private final @Nullable Broadcast<SerializableHadoopConf> broadcast;
  private final @Nullable Integer localWorkerThreads; // local files only: no configuration
  private transient @Nullable Configuration conf;

  private SparkFiles(@Nullable Broadcast<SerializableHadoopConf> broadcast,
      @Nullable Integer localWorkerThreads, @Nullable Configuration conf) {
    this.broadcast = broadcast;
    this.localWorkerThreads = localWorkerThreads;
    this.conf = conf;
  }

  /** Opens files on the driver, with the active session's Hadoop configuration. */
  static SparkFiles onDriver() {
    return new SparkFiles(null, null, SparkSession.active().sessionState().newHadoopConf());
  }

  /** Opens files on the executors: the session's Hadoop configuration, broadcast once. */
  static SparkFiles forExecutors() {
    SparkSession s = SparkSession.active();
    Broadcast<SerializableHadoopConf> b = JavaSparkContext.fromSparkContext(s.sparkContext())
        .broadcast(new SerializableHadoopConf(s.sessionState().newHadoopConf()));
    return new SparkFiles(b, null, null);
  }

  /**
   * Opens {@code paths} on the executors: as {@link #forExecutors()} when one of them is not
   * local; else with the session's {@value #WORKER_THREADS} alone, without a broadcast.
   */
  static SparkFiles forExecutorsReading(Iterable<String> paths) {
    for (String path : paths) {
      if (!isLocal(path)) {
        return forExecutors();
      }
    }
    Configuration c = SparkSession.active().sessionState().newHadoopConf();
    return new SparkFiles(null, c.getInt(WORKER_THREADS, 0), null);
  }

  /** The Hadoop configuration files are opened with. */
  Configuration hadoopConf() {
    Configuration c = conf;
    if (c == null) {
      if (localWorkerThreads != null) {
        throw new IllegalStateException("hdf5: this scan was planned for local files only"
            + " and carries no Hadoop configuration");
      }
      c = broadcast != null ? broadcast.value().get() : new Configuration();
      conf = c;
    }
    return c;
  }

  /** Whether {@code path} names a local file (no scheme, or {@code file:}). */
  static boolean isLocal(String path) {
    String scheme = new org.apache.hadoop.fs.Path(path).toUri().getScheme();
    return scheme == null || scheme.equals("file");
  }

  /** The local path a local Spark path string names ({@code /a/b.h5} or {@code file:/a/b.h5}). */
  static Path local(String path) {
    if (path.startsWith("file:")) {
      // as Hadoop writes it (a directory's listing: file:/a b/c.h5), so not always a valid URI
      return Path.of(new org.apache.hadoop.fs.Path(path).toUri().getPath());
    }
    return Path.of(path);
  }

  /** The files a load path names (a file, a directory's, a glob's). */
  FileListing list(String path) throws IOException {
    return FileListing.of(path, hadoopConf());
  }

  /** Opens a plain HDF5 file to read. */
  H5File open(String path) throws IOException {
    H5File f = isLocal(path) ? H5File.open(local(path)) : H5File.open(source(path));
    return f.workerThreads(workerThreads());
  }

  private int workerThreads() {
    return localWorkerThreads != null ? localWorkerThreads
        : hadoopConf().getInt(WORKER_THREADS, 0);
  }

  /**
   * The cached Hadoop source of a file that is not local: the file, or where a replace of it
   * on a file system that cannot rename over a file keeps the old one ({@link HadoopReplace}).
   */
  ByteSource source(String path) throws IOException {
    Configuration c = hadoopConf();
    int block = Math.toIntExact(c.getLong(BLOCK_BYTES, CachingByteSource.DEFAULT_BLOCK_BYTES));
    long cache = Math.max(block, c.getLong(CACHE_BYTES, DEFAULT_CACHE_BYTES));
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    org.apache.hadoop.fs.FileSystem fs = p.getFileSystem(c);
    // the old file a replace keeps aside while it runs, or that a killed one left
    org.apache.hadoop.fs.FileStatus current = HadoopReplace.status(fs, p);
    return CachingByteSource.of(current != null ? HadoopByteSource.of(fs, current, c)
        : HadoopByteSource.open(p, c), block, cache);
  }

  /**
   * Opens a versioned file (versioned-hdf5 layout) to read: a local file under the shared
   * locks that keep out a commit in progress; any other as a snapshot without locks (HDFS and
   * object stores have no file locks, and h5j commits to local files only).
   */
  VersionedFile openVersioned(String path) throws IOException {
    VersionedFile vf = isLocal(path) ? VersionedFile.openReadOnly(local(path))
        : VersionedFile.openSnapshot(source(path));
    vf.h5().workerThreads(workerThreads());
    return vf;
  }
}
