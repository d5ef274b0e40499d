package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.format.H5FormatException;
import io.h5j.Node;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * An HDF5 file of versioned datasets in versioned-hdf5's layout (data_version 4): every
 * version is a group of virtual datasets over shared, de-duplicated raw chunks, so that
 * versioned-hdf5 and h5j read and extend each other's files.
 *
 * <pre>{@code
 * try (VersionedFile vf = VersionedFile.create(Path.of("data.h5"))) {
 *   try (StagedVersion v = vf.stageVersion("v1")) {
 *     v.createDataset("x", DatasetSpec.of(new double[] {1, 2, 3}).chunks(2));
 *   }                                                   // committed here
 *   try (StagedVersion v = vf.stageVersion("v2")) {
 *     v.write("x", new long[] {1}, new long[] {1}, new double[] {20});
 *   }
 *   double[] old = (double[]) vf.version("v1").read("x");
 * }
 * }</pre>
 *
 * <p>One writer at a time per file, across processes: h5j's writers and readers exclude each
 * other through Java's file locks, and a writer also takes libhdf5's flock lock where
 * {@link Libhdf5Locking} says and it can be taken ({@link #holdsLibhdf5Lock()}). Unlike an
 * {@link H5File}, one {@code VersionedFile} is used from one thread at a time; several of one
 * file in one JVM (a writer and readers, a thread each) may run at once.
 */
public final class VersionedFile implements Closeable {
  /** Attributes of a version group that belong to the layout, not the user. */
  static final Set<String> VERSION_ATTRS = Set.of(VersionLayout.ATTR_PREV,
      VersionLayout.ATTR_COMMITTED, VersionLayout.ATTR_TIMESTAMP);

  /** The edits of one version, for {@link #commit(String, String, Edit)}. */
  @FunctionalInterface
  public interface Edit {
    /**
     * Makes the version's changes: create, write, resize and delete datasets and groups, set
     * attributes.
     *
     * @param version the staged version to edit; it is committed once this returns
     * @throws IOException if an edit cannot read or write the file; nothing is committed then
     */
    void apply(StagedVersion version) throws IOException;
  }

  private H5File file;
  private final Path path;
  private final boolean writable;
  /** Null for a snapshot ({@link #openSnapshot}), which takes no lock. */
  private final @Nullable FileLocks locks;
  /** A file the caller passed to {@link #of}: closed by {@link #close()} only. */
  private final H5File callers;
  private @Nullable StagedVersion staged;
  private boolean compactMappings;
  private boolean shareUnchanged = true;
  private java.time.Duration libhdf5Wait = FileLocks.defaultLibhdf5Wait();
  private java.util.function.Consumer<String> lockWaiting = holders -> { };
  private final Map<String, RawStore> stores = new HashMap<>();
  /** Checks the chunks every version read touches; null when reads are not verified. */
  private @Nullable ChunkHashVerifier verifier;
  /** The generation the cached structures show ({@link VersionLayout#ATTR_GENERATION}). */
  private long generation;
  private int readDepth;
  private boolean closed;
  /** How often a reader found the file changed and re-read it: for tests. */
  int refreshes;

  private VersionedFile(H5File file, boolean writable, @Nullable FileLocks locks,
      H5File callers)
      throws IOException {
    this.file = file;
    this.path = file.path();
    this.writable = writable;
    this.locks = locks;
    this.callers = callers;
    this.generation = generationOf(file);
  }

  /**
   * Creates a file with no versions (replacing any file of that name), and opens it to add
   * versions. The file is written whole under a temporary name beside {@code path}, synced,
   * and renamed into place: a crash leaves either what was at {@code path} before or the
   * complete new file, never a part of it. Temporary files that crashed creates left are
   * removed.
   *
   * @param path the file to create
   * @return the file, open to add versions
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static VersionedFile create(Path path) throws IOException {
    return create(path, Libhdf5Locking.configured());
  }

  /**
   * As {@link #create(Path)}, taking libhdf5's lock as {@code libhdf5Locking} says.
   *
   * @param path the file to create
   * @param libhdf5Locking how to take libhdf5's flock lock
   * @return the file, open to add versions
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static VersionedFile create(Path path, Libhdf5Locking libhdf5Locking)
      throws IOException {
    java.util.Objects.requireNonNull(libhdf5Locking, "libhdf5Locking");
    H5File f = H5File.createReplacing(path);
    try {
      Group versions = f.root().createGroup(VersionLayout.VERSIONS);
      Group first = versions.createGroup(VersionLayout.FIRST_VERSION);
      first.attributes().put(VersionLayout.ATTR_TIMESTAMP,
          VersionLayout.formatTimestamp(Instant.now()));
      versions.attributes().put(VersionLayout.ATTR_CURRENT, VersionLayout.FIRST_VERSION);
      versions.attributes().put(VersionLayout.ATTR_DATA_VERSION, VersionLayout.DATA_VERSION);
      f.close(); // synced, then renamed into place
    } catch (IOException | RuntimeException e) {
      f.closeWithoutFlush(); // removes the temporary file
      throw e;
    }
    return open(path, libhdf5Locking);
  }

  /**
   * Opens a versioned file to read and add versions. The file is checked first, read-only.
   * Only one process (and one {@code VersionedFile} per JVM) may have a file open this way:
   * a second one gets an {@link IllegalStateException}, and so does this one if a libhdf5
   * program (h5py, versioned-hdf5) has the file open to write. Readers in other processes that
   * use {@link #openReadOnly} or libhdf5 never see a commit half done (see there and
   * {@link #libhdf5LockWait}). libhdf5's lock is taken as {@link Libhdf5Locking}'s default
   * says (best effort unless configured otherwise).
   *
   * @param path the versioned file to open
   * @return the file, open to read and add versions
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public static VersionedFile open(Path path) throws IOException {
    return open(path, Libhdf5Locking.configured());
  }

  /**
   * As {@link #open(Path)}, taking libhdf5's flock lock as {@code libhdf5Locking} says: h5j's
   * own exclusion of a second writer (Java's file lock) holds in every case.
   *
   * @param path the versioned file to open
   * @param libhdf5Locking how to take libhdf5's flock lock
   * @return the file, open to read and add versions
   * @throws IOException with {@link Libhdf5Locking#REQUIRED}, if libhdf5's lock cannot be
   *     taken here (the message says why)
   */
  public static VersionedFile open(Path path, Libhdf5Locking libhdf5Locking)
      throws IOException {
    java.util.Objects.requireNonNull(libhdf5Locking, "libhdf5Locking");
    FileLocks locks = FileLocks.acquire(path);
    try {
      locks.claimWriter(libhdf5Locking);
      try {
        try (H5File check = H5File.open(path, locks.channel(), false)) {
          checkLayout(check);
        }
        return new VersionedFile(H5File.open(path, locks.channel(), true).atomicFlushes()
            .allowNewerChunkIndexes(), true, locks, null);
      } catch (IOException | RuntimeException e) {
        locks.releaseWriter();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      locks.release();
      throw e;
    }
  }

  /**
   * Versioned access to an HDF5 file the caller opened (read-write to add versions, e.g.
   * through a channel of its own); closing the result closes {@code file}. The locks of
   * {@link #open} and {@link #openReadOnly} apply, but closing {@code file}'s channel drops
   * every lock this process holds on the file: have no other {@code VersionedFile} of the
   * file open in this JVM meanwhile.
   *
   * @param file the open HDF5 file, which holds versions or none yet
   * @param writable whether versions may be added (then {@code file} must be open read-write)
   * @return versioned access to {@code file}
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public static VersionedFile of(H5File file, boolean writable) throws IOException {
    FileLocks locks = FileLocks.acquire(file.path());
    try {
      if (writable) {
        locks.claimWriter(Libhdf5Locking.configured());
      }
      try {
        if (writable) {
          checkLayout(file);
          if (!file.flushesAtomically()) {
            file.atomicFlushes();
          }
          file.allowNewerChunkIndexes(); // every versioned file needs libhdf5 1.10 (VDS)
        } else {
          locks.lockShared();
          try {
            checkLayout(file);
          } finally {
            locks.unlockShared();
          }
        }
        return new VersionedFile(file, writable, locks, file);
      } catch (IOException | RuntimeException e) {
        locks.releaseWriter();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      locks.release();
      throw e;
    }
  }

  /**
   * Opens a versioned file read-only, to read while one writer in this or another process
   * may add versions. Every read (each method of this class and of {@link VersionView})
   * holds a shared lock on the file while it runs, which waits for a commit in progress to
   * end and keeps the next one waiting until the read is done; it first checks whether the
   * file changed since the last read and, if so, reads it anew. So a reader lists only
   * committed versions and reads them whole. The locks are POSIX record locks
   * ({@link java.nio.channels.FileChannel#lock}, fcntl on Linux), which libhdf5 does not see;
   * libhdf5 readers (h5py) are kept out of a change by the flock lock the writer takes as
   * well (see {@link #libhdf5LockWait}), but an h5j reader is not protected from a libhdf5
   * writer.
   *
   * @param path the versioned file to open
   * @return the file, open to read
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public static VersionedFile openReadOnly(Path path) throws IOException {
    FileLocks locks = FileLocks.acquire(path);
    try {
      locks.lockShared();
      try {
        H5File f = H5File.open(path, locks.channel(), false);
        try {
          checkLayout(f);
          return new VersionedFile(f, false, locks, null);
        } catch (IOException | RuntimeException e) {
          f.close();
          throw e;
        }
      } finally {
        locks.unlockShared();
      }
    } catch (IOException | RuntimeException e) {
      locks.release();
      throw e;
    }
  }

  /**
   * Opens the versioned file a byte source holds as a snapshot: read-only, without locks, the
   * versions as they are when it opens. For files no writer changes while they are read, such
   * as files of HDFS or an object store through Hadoop's {@code FileSystem} (h5j writes local
   * files only), where no file lock can be taken; a local file that may be committed to is
   * read with {@link #openReadOnly} instead. Closing the result closes {@code source}, as
   * does a failed open.
   *
   * @param source the file's bytes
   * @return the file, open to read
   * @throws IOException if the source cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public static VersionedFile openSnapshot(io.h5j.format.ByteSource source) throws IOException {
    H5File f = H5File.open(source);
    try {
      checkLayout(f);
      return new VersionedFile(f, false, null, null);
    } catch (IOException | RuntimeException e) {
      f.close();
      throw e;
    }
  }

  /** One read of the file, given the file as it is now. */
  interface Reading<T> {
    T read(H5File f) throws IOException;
  }

  /**
   * Runs a read. A read-only file is read under the shared lock, after re-reading the file if
   * a writer changed it; the writer's own view is always current.
   */
  <T> T reading(Reading<T> r) throws IOException {
    if (writable || locks == null) { // a snapshot is never refreshed
      return r.read(open());
    }
    open();
    locks.lockShared();
    readDepth++;
    try {
      if (readDepth == 1) {
        refreshIfChanged();
      }
      return r.read(open());
    } finally {
      readDepth--;
      locks.unlockShared();
    }
  }

  /** Re-reads the file if its generation moved since it was cached (shared lock held). */
  private void refreshIfChanged() throws IOException {
    H5File fresh = H5File.open(path, locks.channel(), false);
    try {
      long g = generationOf(fresh);
      if (g == generation) {
        fresh.close();
        return;
      }
      checkLayout(fresh);
      H5File old = file;
      file = fresh;
      generation = g;
      stores.clear();
      refreshes++;
      if (old != callers) {
        old.close(); // our own view over the shared channel: the channel stays open
      }
    } catch (IOException | RuntimeException e) {
      if (fresh != file) {
        fresh.close();
      }
      throw e;
    }
  }

  private static long generationOf(H5File f) throws IOException {
    Group versions = f.group(VersionLayout.VERSIONS);
    Object g = versions.attributes().contains(VersionLayout.ATTR_GENERATION)
        ? versions.attributes().get(VersionLayout.ATTR_GENERATION) : null;
    return g instanceof Number n ? n.longValue() : 0;
  }

  /**
   * Runs work that changes the file under the exclusive lock, after raising the generation
   * (so that readers re-read whatever the work leaves, even if it fails half way).
   */
  private void changing(FileWork work) throws IOException {
    locks.lockExclusive(libhdf5Wait, lockWaiting);
    try {
      guarded(() -> {
        open().group(VersionLayout.VERSIONS).attributes().put(VersionLayout.ATTR_GENERATION,
            generation + 1);
        generation++;
        work.run();
      });
    } finally {
      locks.unlockExclusive();
    }
  }

  private static void checkLayout(H5File f) throws IOException {
    if (!f.root().contains(VersionLayout.VERSIONS)
        || !(f.get(VersionLayout.VERSIONS) instanceof Group versions)) {
      throw new H5FormatException("versioned file " + f.path(), -1,
          "has no group " + VersionLayout.VERSIONS + ": it was not written by versioned-hdf5");
    }
    Object dv = versions.attributes().contains(VersionLayout.ATTR_DATA_VERSION)
        ? versions.attributes().get(VersionLayout.ATTR_DATA_VERSION) : null;
    long v = dv instanceof Number n ? n.longValue() : 1;
    if (v != VersionLayout.DATA_VERSION) {
      String why = v == 2 ? "its hash tables are known to be broken (data_version 2)"
          : v < 4 ? "it uses the older layout of data_version " + v
          : "it was written by a newer versioned-hdf5 (data_version " + v + ")";
      throw new H5FormatException("versions group of " + f.path(), versions.address(),
          "h5j reads data_version 4 only, and " + why
              + "; versioned-hdf5 refuses it as well until the file is upgraded");
    }
    Object cur = versions.attributes().contains(VersionLayout.ATTR_CURRENT)
        ? versions.attributes().get(VersionLayout.ATTR_CURRENT) : null;
    if (!(cur instanceof String)) {
      throw new H5FormatException("versions group of " + f.path(), versions.address(),
          "has no string attribute current_version");
    }
  }

  /**
   * The path of the versioned file.
   *
   * @return the path, as given when opened
   */
  public Path path() {
    return path;
  }

  /**
   * The file underneath, for reading it with the format API. For a file opened read-only it
   * is a snapshot: reads through it take no lock, and a later read of this object may replace
   * it by a newer one.
   *
   * @return the HDF5 file
   */
  public H5File h5() {
    return open();
  }

  /**
   * Whether new mapping blocks use the compact encoding of HDF5 2.0 (names stored once): much
   * smaller versions, but only libhdf5 2.0 and h5j read them, not versioned-hdf5 on libhdf5
   * 1.x. Off by default. Returns this file.
   *
   * @param on true for the compact encoding
   * @return this file
   */
  public VersionedFile compactMappings(boolean on) {
    this.compactMappings = on;
    return this;
  }

  /**
   * Whether a dataset that a new version leaves as its parent had it (same shape, chunks and
   * attributes) becomes a second hard link to the parent's virtual dataset instead of a copy of
   * it: smaller files and faster commits. libhdf5 counts such links (versioned-hdf5 reads,
   * commits on and deletes versions of these files). On by default. Returns this file.
   *
   * @param on false to write every dataset of every version as an object of its own
   * @return this file
   */
  public VersionedFile shareUnchanged(boolean on) {
    this.shareUnchanged = on;
    return this;
  }

  /**
   * Whether this writer holds libhdf5's flock lock, so that libhdf5 programs never read its
   * changes half done; false for a reader, with {@link Libhdf5Locking#OFF}, and where
   * {@link Libhdf5Locking#BEST_EFFORT} could not take it (a warning said why).
   *
   * @return true when this writer holds the lock
   */
  public boolean holdsLibhdf5Lock() {
    return writable && locks.holdsLibhdf5();
  }

  /**
   * How long a change (a commit, {@link #deleteVersions}, {@link #rebuildHashTables}) waits for
   * libhdf5 programs (h5py, h5dump, versioned-hdf5) that have the file open to let go of it;
   * default 5 s, or {@code -Dh5j.libhdf5LockWaitMillis}. libhdf5 holds a shared flock(2) lock on
   * a file it reads for as long as it has it open, and cannot see a change as it happens; so
   * the writer takes that lock exclusively from the change's first write to its last flush
   * (through util-linux's {@code /usr/bin/flock}, as Java has no flock), and a libhdf5 program
   * opening the file meanwhile fails at once ("unable to lock file, errno = 11") and may retry.
   * If the file is still open elsewhere after {@code wait}, the change fails with a
   * {@link FileInUseException} and writes nothing. Between changes the writer holds the lock
   * shared, which lets libhdf5 readers in and keeps libhdf5 writers out. Whether the lock is
   * taken at all is {@link Libhdf5Locking}'s to say: off when libhdf5's own switch is
   * ({@code HDF5_USE_FILE_LOCKING=FALSE}: its readers take no lock to respect), with
   * {@code -Dh5j.libhdf5Locking=false} or {@link Libhdf5Locking#OFF}; by default only where it
   * can be taken (Linux, util-linux's flock, a local file system; see
   * {@link #holdsLibhdf5Lock()}). Returns this file.
   *
   * @param wait the longest wait, zero or more
   * @return this file
   * @throws IllegalArgumentException if {@code wait} is negative
   */
  public VersionedFile libhdf5LockWait(java.time.Duration wait) {
    if (wait.isNegative()) {
      throw new IllegalArgumentException("a wait cannot be negative: " + wait);
    }
    this.libhdf5Wait = wait;
    return this;
  }

  /**
   * Tells {@code waiting}, once per change that has to wait for libhdf5 programs to close the
   * file (see {@link #libhdf5LockWait}), which processes have it open, before the wait starts:
   * e.g. "process 812 (python3) shared" (a reader). Returns this file.
   *
   * @param waiting called on the thread of the change, with the holders described for a person
   * @return this file
   */
  public VersionedFile onLibhdf5LockWait(java.util.function.Consumer<String> waiting) {
    this.lockWaiting = java.util.Objects.requireNonNull(waiting, "waiting");
    return this;
  }

  /**
   * Whether reads of this file's versions ({@link VersionView#read}, {@link
   * VersionView#readBytes}) first check every raw chunk they touch against the SHA-256 that
   * versioned-hdf5 keeps for it in the dataset's hash table. With it on, a read touching a
   * chunk whose bytes do not hash to the hash-table row of its raw_data slot (or that has no
   * such row) fails with an {@link H5FormatException} naming the dataset, the chunk, its
   * raw_data rows and the file, instead of returning damaged values. Off by default: each
   * chunk a read touches is then read a second time and hashed, which cost 1.8 times the
   * reading thread's CPU for whole reads of 8 KiB chunks (the benchmarks'
   * {@code VerifiedReadCost}, {@code benchmarks/results-verified-read.md}). Returns this file.
   *
   * @param on true to verify every raw chunk read against its hash
   * @return this file
   */
  public VersionedFile verifyChunkHashes(boolean on) {
    verifier = on ? (verifier == null ? new ChunkHashVerifier() : verifier) : null;
    return this;
  }

  /** The verifier of version reads, or null when they are not verified. */
  @Nullable ChunkHashVerifier chunkVerifier() {
    return verifier;
  }

  /** The generation of the file as this object shows it ({@link VersionLayout#ATTR_GENERATION}). */
  long generation() {
    return generation;
  }

  /**
   * Every committed version, oldest first.
   *
   * @return a new list of the committed versions, empty for a file without any
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<VersionInfo> versions() throws IOException {
    return reading(f -> versions(f));
  }

  private static List<VersionInfo> versions(H5File f) throws IOException {
    List<VersionInfo> out = new ArrayList<>();
    Group versions = f.group(VersionLayout.VERSIONS);
    for (String name : versions.memberNames()) {
      if (name.equals(VersionLayout.FIRST_VERSION)) {
        continue;
      }
      VersionInfo info = readInfo(versions, name);
      if (info != null) {
        out.add(info);
      }
    }
    out.sort(Comparator.comparing((VersionInfo i) -> i.time() == null ? Instant.MIN : i.time())
        .thenComparing(VersionInfo::name));
    return out;
  }

  /** A version's record, or null if the group is an uncommitted leftover. */
  private static @Nullable VersionInfo readInfo(Group versions, String name)
      throws IOException {
    Node n = versions.get(name);
    if (!(n instanceof Group g)) {
      throw new H5FormatException("version " + name, n.address(), "is not a group");
    }
    Map<String, Object> attrs = AttributeCopy.values(AttributeCopy.read(g.attributes(),
        Set.of()));
    if (!isTrue(attrs.get(VersionLayout.ATTR_COMMITTED))) {
      return null;
    }
    if (!(attrs.get(VersionLayout.ATTR_PREV) instanceof String prev)
        || !(attrs.get(VersionLayout.ATTR_TIMESTAMP) instanceof String ts)) {
      throw new H5FormatException("version group " + g.path(), g.address(),
          "lacks a string prev_version or timestamp attribute");
    }
    Map<String, Object> user = new LinkedHashMap<>(attrs);
    user.keySet().removeAll(VERSION_ATTRS);
    return new VersionInfo(name, prev, ts, VersionLayout.parseTimestamp(ts), user);
  }

  private static boolean isTrue(Object v) {
    return "TRUE".equals(v) || Boolean.TRUE.equals(v)
        || (v instanceof Number n && n.longValue() != 0);
  }

  /**
   * The current version's name, or null before the first commit.
   *
   * @return the name, or null when no version is committed yet
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public @Nullable String currentVersion() throws IOException {
    String c = reading(f -> (String) f.group(VersionLayout.VERSIONS).attributes()
        .get(VersionLayout.ATTR_CURRENT));
    return VersionLayout.FIRST_VERSION.equals(c) ? null : c;
  }

  /**
   * The record of one committed version.
   *
   * @param name a committed version's name
   * @return the version's name, parent, time and attributes
   * @throws IllegalArgumentException when no committed version has that name
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public VersionInfo info(String name) throws IOException {
    VersionInfo i = reading(f -> {
      Group versions = f.group(VersionLayout.VERSIONS);
      return name == null || name.equals(VersionLayout.FIRST_VERSION)
          || name.contains("/") || !versions.contains(name) ? null : readInfo(versions, name);
    });
    if (i == null) {
      throw new IllegalArgumentException("no committed version '" + name + "' in " + path);
    }
    return i;
  }

  /**
   * A committed version, read-only.
   *
   * @param name a committed version's name
   * @return a view of the version
   * @throws IllegalArgumentException when no committed version has that name
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public VersionView version(String name) throws IOException {
    return new VersionView(this, info(name));
  }

  /**
   * The {@code n}-th ancestor of {@code name} (0: the version itself).
   *
   * @param name a committed version's name
   * @param n how many parents to go back, 0 or more
   * @return a view of the ancestor
   * @throws IllegalArgumentException when there is no such version or it has fewer than {@code n}
   *     ancestors
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public VersionView version(String name, int n) throws IOException {
    return reading(f -> ancestor(name, n));
  }

  private VersionView ancestor(String name, int n) throws IOException {
    VersionInfo i = info(name);
    for (int k = 0; k < n; k++) {
      if (i.isRoot()) {
        throw new IllegalArgumentException("version " + name + " has fewer than " + n
            + " versions before it");
      }
      i = info(i.parent());
    }
    return new VersionView(this, i);
  }

  /**
   * The latest version committed at or before {@code time}.
   *
   * @param time the instant asked for
   * @return a view of that version
   * @throws IllegalArgumentException when no version was committed at or before {@code time}
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public VersionView versionAt(Instant time) throws IOException {
    VersionInfo best = null;
    for (VersionInfo i : versions()) {
      if (i.time() != null && !i.time().isAfter(time)) {
        best = i;
      }
    }
    if (best == null) {
      throw new IllegalArgumentException("no version was committed at or before " + time);
    }
    return new VersionView(this, best);
  }

  /**
   * Stages a version on top of the current one (or as the first one).
   *
   * @param name the new version's name, not taken yet
   * @return the staged version, to edit and commit
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public StagedVersion stageVersion(String name) throws IOException {
    return stageVersion(name, currentVersion());
  }

  /**
   * Stages version {@code name} on top of {@code parent}; a null parent starts a new history
   * with no datasets. Only one version can be staged at a time.
   *
   * @param name the new version's name, not taken yet
   * @param parent the committed version to build on, or null for a new history
   * @return the staged version, to edit and commit
   * @throws IllegalStateException when another version is staged
   * @throws IllegalArgumentException when {@code name} is taken
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public StagedVersion stageVersion(String name, @Nullable String parent) throws IOException {
    checkWritable();
    VersionLayout.checkVersionName(name);
    if (staged != null) {
      throw new IllegalStateException("version " + staged.name() + " is still staged; commit"
          + " or abort it first");
    }
    Group versions = open().group(VersionLayout.VERSIONS);
    if (versions.contains(name) && readInfo(versions, name) != null) {
      throw new IllegalArgumentException("version '" + name + "' exists already in " + path);
    }
    StagedVersion s;
    if (parent == null || parent.equals(VersionLayout.FIRST_VERSION)) {
      s = new StagedVersion(this, name, VersionLayout.FIRST_VERSION, Map.of(), Map.of(),
          Map.of());
    } else {
      info(parent);
      VersionReader.Tree t = VersionReader.read(open(), parent, stores);
      s = new StagedVersion(this, name, parent, t.groups(), t.datasets(), t.links());
    }
    staged = s;
    return s;
  }

  /**
   * Stages version {@code name} on {@code parent}, applies {@code edits} and commits; if the
   * edits throw, nothing is written and the exception passes on.
   *
   * @param name the new version's name, not taken yet
   * @param parent the committed version to build on, or null for a new history
   * @param edits the changes the new version makes to its parent
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void commit(String name, @Nullable String parent, Edit edits) throws IOException {
    StagedVersion s = stageVersion(name, parent);
    try {
      edits.apply(s);
    } catch (IOException | RuntimeException | Error e) {
      s.abort();
      throw e;
    }
    s.commit();
  }

  void commitStaged(StagedVersion s) throws IOException {
    try {
      VersionCommit.prepare(open(), s, stores);
    } catch (IOException | RuntimeException e) {
      released(s);
      throw e;
    }
    try {
      // on failure the file holds at most an uncommitted version group
      changing(() -> VersionCommit.run(open(), s, stores, Instant.now(),
          new VersionCommit.Options(compactMappings, shareUnchanged)));
    } finally {
      released(s);
    }
  }

  void released(StagedVersion s) {
    if (staged == s) {
      staged = null;
    }
  }

  /**
   * The version graph, oldest first: each version with its parent, time and the datasets it
   * changed against its parent (added, removed, or mapped differently).
   *
   * @return a new list of one entry per committed version
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<LogEntry> log() throws IOException {
    return log(CountProgress.NONE);
  }

  /**
   * {@link #log()}, telling {@code progress} of each version as it is compared.
   *
   * @param progress told of the versions compared so far, on the calling thread
   * @return a new list of one entry per committed version
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<LogEntry> log(CountProgress progress) throws IOException {
    return reading(f -> VersionLog.of(f, versions(), progress));
  }

  /**
   * One line of {@link #log()}.
   *
   * @param version the committed version
   * @param changedDatasets the paths of the datasets it added, removed or mapped differently
   *     than its parent did
   */
  public record LogEntry(VersionInfo version, List<String> changedDatasets) {}

  /**
   * The chunks of dataset {@code path} that differ between two versions (stored in different
   * slots, present in only one, or trimmed differently), as element offsets in C order.
   *
   * @param path the dataset's path relative to a version
   * @param v1 a committed version's name
   * @param v2 another committed version's name
   * @return the element offset of each differing chunk, one coordinate per dimension
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<long[]> diff(String path, String v1, String v2) throws IOException {
    return reading(f -> chunkDiff(path, v1, v2));
  }

  private List<long[]> chunkDiff(String path, String v1, String v2) throws IOException {
    String p = VersionLayout.normalize(path);
    Map<ChunkKey, String> a = chunkStates(p, v1);
    Map<ChunkKey, String> b = chunkStates(p, v2);
    long[] chunks = chunksOf(p, a.isEmpty() && !b.isEmpty() ? v2 : v1);
    Set<ChunkKey> all = new TreeSet<>(a.keySet());
    all.addAll(b.keySet());
    List<long[]> out = new ArrayList<>();
    for (ChunkKey k : all) {
      if (!java.util.Objects.equals(a.get(k), b.get(k))) {
        out.add(k.offset(chunks));
      }
    }
    return out;
  }

  private long[] chunksOf(String p, String v) throws IOException {
    VersionView view = version(v);
    return view.contains(p) ? view.chunks(p) : new long[0];
  }

  /** Per chunk of a version's dataset: its slot and trimmed extent, or "fill". */
  private Map<ChunkKey, String> chunkStates(String p, String v) throws IOException {
    Map<ChunkKey, String> out = new java.util.TreeMap<>();
    info(v);
    Group g = open().group(VersionLayout.versionPath(v));
    if (!g.contains(p)) {
      return out;
    }
    StagedDataset d = VersionReader.dataset(open(), g.dataset(p), p, stores);
    Map<ChunkKey, Long> slots = d.parentSlots();
    for (ChunkKey k : Boxes.allChunks(d.shape, d.chunks)) {
      Long s = slots.get(k);
      out.put(k, (s == null ? "fill" : "slot " + s) + " "
          + java.util.Arrays.toString(Boxes.trimmed(k, d.shape, d.chunks)));
    }
    return out;
  }

  /**
   * Deletes versions and the chunks only they used: each dataset's raw_data is compacted to
   * the chunks the remaining versions map, its hash table rebuilt, and every remaining version
   * re-mapped; children of a deleted version get its nearest kept ancestor as parent, and so
   * does the current version if it was deleted. The space freed inside the file is reused by
   * later writes; a repack returns it to the file system. It is one flush: a crash or a
   * failure at any write leaves the file as it was or with the deletion done.
   *
   * @param names the names of committed versions
   * @throws IllegalArgumentException when a name is no committed version (nothing is deleted then)
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void deleteVersions(String... names) throws IOException {
    checkWritable();
    if (staged != null) {
      throw new IllegalStateException("version " + staged.name() + " is staged; commit or"
          + " abort it first");
    }
    stores.clear(); // raw data is rewritten: cached stores would point at the old one
    List<VersionInfo> all = versions();
    Set<String> known = VersionMaintenance.names(all);
    for (String n : names) {
      if (!known.contains(n)) {
        throw new IllegalArgumentException("no committed version '" + n + "' to delete in "
            + path);
      }
    }
    changing(() -> VersionMaintenance.deleteVersions(open(), all, java.util.Set.of(names)));
  }

  private interface FileWork {
    void run() throws IOException;
  }

  /**
   * Runs work that changes the file; if it fails, drops what was not flushed, closes the file
   * and gives up the writer's claim, so that it can be opened again.
   */
  private void guarded(FileWork work) throws IOException {
    try {
      work.run();
    } catch (IOException | RuntimeException e) {
      H5File f = file;
      file = null;
      try {
        f.closeWithoutFlush();
      } finally {
        locks.releaseWriter();
      }
      throw e;
    }
  }

  /**
   * Checks the whole file without changing it: every version group's attributes, parents and
   * commit mark, current_version, every committed version's datasets and mappings (each one
   * whole chunk inside raw_data), the dataset groups and their hash tables, and every raw chunk
   * against its hash-table row, naming each damaged chunk with the versions and chunks that
   * read it. Every problem is reported, not only the first. Reads every raw chunk once.
   *
   * @return every finding; damage is reported there, not thrown
   * @throws IOException if the file cannot be read at all
   */
  public CheckReport check() throws IOException {
    return check(CheckProgress.NONE);
  }

  /**
   * {@link #check()}, telling {@code progress} of the raw chunks as they are hashed.
   *
   * @param progress told of the chunks and bytes hashed, on the checking thread
   * @return every finding; damage is reported there, not thrown
   * @throws IOException if the file cannot be read at all
   */
  public CheckReport check(CheckProgress progress) throws IOException {
    return reading(f -> VersionCheck.run(f, progress));
  }

  /**
   * Repairs what a killed commit leaves and can be repaired without guessing, and returns each
   * repair made (none on a file that needs none): an uncommitted version group is deleted; a
   * current_version naming one goes back to that version's parent; a dataset group lacking
   * raw_data or hash_table that no committed version uses is deleted, and so is an empty
   * leftover group; the newest version, committed on the current one but not made
   * current, is made current. The rules,
   * and why each gives a state versioned-hdf5 reads and commits on, are in
   * {@code VersionGroupsCheck} and {@code DatasetGroupsCheck}; damaged chunks are not
   * repaired. Run {@link #check()} afterwards for what is left.
   *
   * @return one entry per repair made; empty when none was needed
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public List<CheckReport.Repair> repair() throws IOException {
    checkWritable();
    if (staged != null) {
      throw new IllegalStateException("version " + staged.name() + " is staged; commit or"
          + " abort it first");
    }
    RepairPlan plan = VersionCheck.repairs(open());
    List<CheckReport.Repair> done = new ArrayList<>();
    if (!plan.isEmpty()) {
      stores.clear();
      changing(() -> {
        done.addAll(plan.apply(open()));
        open().flush();
      });
    }
    return done;
  }

  /**
   * Rebuilds every dataset's hash table from the chunks the versions map, as versioned-hdf5's
   * {@code rebuild_hashtables} does (the repair for hash tables of data_version 2).
   *
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void rebuildHashTables() throws IOException {
    checkWritable();
    stores.clear();
    java.util.Set<String> names = VersionMaintenance.names(versions());
    changing(() -> VersionMaintenance.rebuildHashTables(open(), names));
  }

  /** The chunk shape the raw data of dataset {@code path} has, or null if it has none yet. */
  long @Nullable [] storedChunks(String path) throws IOException {
    String raw = VersionLayout.rawDataPath(VersionLayout.normalize(path));
    return reading(f -> f.root().contains(raw) ? RawStore.chunksOf(f.dataset(raw)) : null);
  }

  private H5File open() {
    if (file == null) {
      throw new IllegalStateException("versioned file " + path + " was closed after a failed"
          + " commit; open it again (every committed version is intact)");
    }
    return file;
  }

  private void checkWritable() {
    if (!writable) {
      throw new IllegalStateException("versioned file " + path + " is open read-only; use"
          + " VersionedFile.open to add versions");
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (staged != null) {
      staged.abort();
    }
    try {
      if (file != null) {
        H5File f = file;
        file = null;
        if (writable) {
          // closing flushes: h5j readers wait for it; libhdf5 readers need not, as every change
          // was flushed under their lock and this writes the same superblock again
          locks.lockExclusive();
          try {
            f.close();
          } finally {
            locks.unlockExclusive();
          }
        } else {
          f.close();
        }
      }
      if (callers != null) {
        callers.close(); // no-op if it was the file closed above
      }
    } finally {
      if (writable) {
        locks.releaseWriter();
      }
      if (locks != null) {
        locks.release();
      }
    }
  }
}
