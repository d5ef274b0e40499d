package io.h5j;

import io.h5j.format.ByteSource;
import io.h5j.format.H5FormatException;
import io.h5j.format.dataset.EngineFile;
import io.h5j.format.dataset.Values;
import io.h5j.format.dataset.VirtualDatasetWriter;
import io.h5j.format.datatype.RegionReferenceCodec;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.io.DurableFiles;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.object.H5Context;
import io.h5j.type.Reference;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An open HDF5 file. The file is its root group: {@link #root()} and the path shortcuts
 * {@link #get}, {@link #group} and {@link #dataset} start there.
 *
 * <pre>{@code
 * try (H5File f = H5File.create(Path.of("demo.h5"))) {
 *   f.root().createDataset("x", DatasetSpec.of(new double[] {1, 2, 3}));
 * }
 * try (H5File f = H5File.open(Path.of("demo.h5"))) {
 *   double[] x = (double[]) f.dataset("x").read();
 * }
 * }</pre>
 *
 * <p>Changes reach the file as they are made; {@link #flush()} (and {@link #close()}) write
 * the superblock last, so a crash leaves the file as of the last flush, plus unreferenced
 * space. {@link #close()} syncs the file unless {@link #syncOnClose(boolean)} says not to, and
 * unmaps the memory mappings of a read-only file where the JDK lets it.
 *
 * <p><b>Threads:</b> an {@code H5File} and the handles from it ({@link Group}, {@link Dataset},
 * {@link Attributes}, ...) may be shared by any number of threads, to read and to write: calls
 * through one file run one at a time, each whole (a large read still decompresses its chunks
 * on several cores), and see what a single thread would. For reads in parallel, open the file
 * once per thread. After {@link #close()}, reads and writes fail with an
 * {@link IllegalStateException}.
 *
 * <p><b>Exceptions:</b> an {@link IOException} (an {@link H5FormatException} for bytes that are
 * not valid HDF5, naming the structure, its offset and the file) is about the file or the
 * system; an {@link IllegalArgumentException} or {@link IllegalStateException} is about the
 * call (arguments, or a closed or read-only file). The repository's {@code docs/CONTRACTS.md}
 * sets these rules out in full.
 */
public final class H5File implements Closeable {
  /** Options for {@link #create(Path, int)}. */
  public static final int SUPERBLOCK_V2 = 2;
  /**
   * Superblock version 3 (libhdf5 1.10+): as version 2, with the file consistency flags that
   * libhdf5's single-writer, many-readers mode needs; the default of {@link #create(Path)}.
   */
  public static final int SUPERBLOCK_V3 = 3;

  private final Path path;
  private final H5Context ctx;
  /** The dataset engine's state for this file: values, chunk cache, workers, options. */
  private final EngineFile engine;
  private final PathResolver resolver;
  /** The files external links and virtual sources led to, by absolute path or source name. */
  private final Map<String, H5File> externals = new HashMap<>();
  /**
   * Objects {@link #createAnonymousVirtualDataset} made that no link reaches yet: their
   * header's count of 1 stands for the first link made to them, as libhdf5 counts an
   * anonymous object 0 until it is linked.
   */
  private final java.util.Set<Long> unlinked = new java.util.HashSet<>();
  /** What this file was read from when not a local file, else null: names its siblings. */
  private final @Nullable ByteSource source;
  private boolean closed;
  private boolean syncOnClose = true;
  /** Where {@link #close()} renames this file ({@link #createReplacing}), else null. */
  private Path replaces;
  /**
   * Serializes the calls into this file ({@link EngineCalls} says why); the files opened for its
   * external links and virtual sources share it.
   */
  final java.util.concurrent.locks.ReentrantLock calls;

  /** Default memory bound of the chunk cache: 64 MiB. */
  public static final long DEFAULT_CHUNK_CACHE_BYTES = EngineFile.DEFAULT_CHUNK_CACHE_BYTES;

  private H5File(Path path, H5Context ctx, java.util.concurrent.locks.ReentrantLock calls,
      @Nullable ByteSource source) {
    this.path = path;
    this.source = source;
    this.ctx = ctx;
    this.calls = calls;
    this.resolver = new PathResolver(this);
    this.engine = new EngineFile(path, ctx, new EngineFile.Links() {
      @Override
      public @Nullable EngineFile external(String name) throws IOException {
        H5File f = EngineCalls.call(H5File.this, () -> H5File.this.external(name));
        return f == null ? null : f.engine;
      }

      @Override
      public EngineFile.@Nullable Found resolve(String link) throws IOException {
        Node n = EngineCalls.call(H5File.this, () -> resolver.tryResolve(root(), link));
        return n == null ? null : new EngineFile.Found(n.file.engine, n.path(), n.address(),
            n instanceof Dataset);
      }
    });
  }

  /**
   * Opens an existing file read-only.
   *
   * @param path the file to open
   * @return the open file; close it when done
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public static H5File open(Path path) throws IOException {
    return open(FileAccess.openRead(path), path);
  }

  /**
   * Opens an existing file to read and change it, whatever format version it uses.
   *
   * @param path the file to open
   * @return the open file; close it to write what is pending
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public static H5File openReadWrite(Path path) throws IOException {
    return open(FileAccess.openReadWrite(path), path);
  }

  /** Read-write through a wrapped channel: for tests that inject I/O faults. */
  static H5File openReadWrite(Path path, java.util.function.UnaryOperator<
      java.nio.channels.FileChannel> wrap) throws IOException {
    return open(FileAccess.openReadWrite(path, wrap), path);
  }

  /**
   * Opens {@code path} through a channel the caller opened and keeps (read-write if
   * {@code writable}): {@link #close()} writes what is pending but leaves the channel open.
   * For callers that share one channel among several views of a file, for instance to keep
   * POSIX record locks ({@link FileChannel#lock}), which closing any channel of the file
   * drops for the whole process.
   *
   * @param path the file's path, for messages and for files it names by relative path
   * @param channel an open channel of that file, readable, and writable if {@code writable}
   * @param writable whether the file may be changed
   * @return the open file
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public static H5File open(Path path, FileChannel channel, boolean writable)
      throws IOException {
    return open(FileAccess.borrow(path, channel, writable), path);
  }

  /**
   * Opens a file read-only from a source of bytes other than a local file, e.g. one of
   * Hadoop's file systems (HDFS, S3); closing the file closes the source (as does a failed
   * open). External links and
   * virtual dataset sources in other files are opened through {@link ByteSource#sibling}.
   * Wrap a source whose requests are costly in a {@link io.h5j.format.CachingByteSource}.
   * {@link #path()} is the source's {@linkplain ByteSource#name() name} as a path.
   *
   * @param source the file's bytes
   * @return the open file; close it when done
   * @throws IOException if the source cannot be read, or (as {@link H5FormatException}, which
   *     names the source) a structure read is malformed, unsupported, or cut short by the end
   *     of the source
   */
  public static H5File open(ByteSource source) throws IOException {
    FileAccess fa = FileAccess.openRead(source);
    return open(fa, fa.path(), EngineCalls.newLock(), source);
  }

  private static H5File open(FileAccess fa, Path path) throws IOException {
    return open(fa, path, EngineCalls.newLock(), null);
  }

  private static H5File open(FileAccess fa, Path path,
      java.util.concurrent.locks.ReentrantLock calls, @Nullable ByteSource source)
      throws IOException {
    try {
      return new H5File(path, H5Context.open(fa), calls, source);
    } catch (H5FormatException e) {
      fa.close();
      throw e.inFile(path);
    } catch (IOException | RuntimeException e) {
      fa.close();
      throw e;
    }
  }

  /**
   * Creates (or truncates) a file with superblock version 3 and an empty root group.
   *
   * @param path the file to create; an existing file is replaced
   * @return the new file, open to read and write
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static H5File create(Path path) throws IOException {
    return create(path, SUPERBLOCK_V3);
  }

  /**
   * Creates a file with superblock version 2 or 3.
   *
   * @param path the file to create; an existing file is replaced
   * @param superblockVersion {@link #SUPERBLOCK_V2} or {@link #SUPERBLOCK_V3}
   * @return the new file, open to read and write
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static H5File create(Path path, int superblockVersion) throws IOException {
    return create(path, superblockVersion, 8, 8);
  }

  /**
   * Creates a file with superblock version 2 or 3 whose addresses take {@code offsetSize}
   * bytes and lengths {@code lengthSize} (2, 4 or 8 each; libhdf5's {@code H5Pset_sizes}).
   * Meant for copying files that use such sizes (repack keeps them): h5j's own datatypes for
   * variable-length data and references assume 8-byte addresses, so datasets of those types
   * cannot be created in a file with other sizes yet.
   *
   * @param path the file to create; an existing file is replaced
   * @param superblockVersion {@link #SUPERBLOCK_V2} or {@link #SUPERBLOCK_V3}
   * @param offsetSize the size of addresses in bytes: 2, 4 or 8
   * @param lengthSize the size of lengths in bytes: 2, 4 or 8
   * @return the new file, open to read and write
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public static H5File create(Path path, int superblockVersion, int offsetSize,
      int lengthSize) throws IOException {
    if (superblockVersion != SUPERBLOCK_V2 && superblockVersion != SUPERBLOCK_V3) {
      throw new IllegalArgumentException("h5j writes superblock version 2 or 3, not "
          + superblockVersion);
    }
    if (!FileParams.validSize(offsetSize) || !FileParams.validSize(lengthSize)) {
      throw new IllegalArgumentException("sizes of offsets and lengths are 2, 4 or 8 bytes, not "
          + offsetSize + " and " + lengthSize);
    }
    FileAccess fa = FileAccess.create(path);
    try {
      H5Context ctx = H5Context.create(fa, superblockVersion,
          new FileParams(offsetSize, lengthSize, 0));
      H5File f = new H5File(path, ctx, EngineCalls.newLock(), null);
      var h = ctx.createHeader(2, 0,
          io.h5j.format.group.GroupLinkWriter.newStyleGroupMessages(ctx));
      ctx.superblock(ctx.superblock().withRootAddress(h.address()));
      ctx.flush();
      return f;
    } catch (IOException | RuntimeException e) {
      fa.close();
      throw e;
    }
  }

  /**
   * Creates a file as {@link #create(Path)} does that takes the place of {@code path} only when
   * {@link #close()} succeeds: until then it is written under a hidden temporary name beside
   * {@code path} (which {@link #path()} gives), and close syncs it, renames it over
   * {@code path} in one step and syncs the folder. So a crash or a power cut leaves either
   * what was at {@code path} before or the complete new file, never a part of it; a failed
   * close or {@link #closeWithoutFlush()} removes the temporary file. Temporary files that
   * crashed creates of {@code path} left are removed first.
   *
   * @param path where the file is to be once closed; what is there stays until then
   * @return the new file, open for writing
   * @throws IOException if the temporary file cannot be created
   */
  public static H5File createReplacing(Path path) throws IOException {
    DurableFiles.removeAbandoned(path);
    Path temp = DurableFiles.temporaryBeside(path);
    H5File f;
    try {
      f = create(temp);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    f.replaces = path;
    return f;
  }

  /**
   * The path this file was opened or created with (for {@link #createReplacing}, the
   * temporary path until close).
   *
   * @return the path, as given
   */
  public Path path() {
    return path;
  }

  /**
   * The superblock version of this file (0..3).
   *
   * @return the version number in the superblock
   */
  public int superblockVersion() {
    return EngineCalls.locked(this, () -> ctx.superblock().version());
  }

  /**
   * The root group, {@code /}.
   *
   * @return the root group
   * @throws IllegalStateException if the file is closed
   */
  public Group root() {
    return EngineCalls.locked(this, () -> {
      checkOpen();
      return new Group(this, "/", ctx.superblock().rootAddress());
    });
  }

  /**
   * The object at {@code path}, as {@link Group#get} finds it from the root.
   *
   * @param path an absolute or root-relative /-separated path
   * @return the group, dataset or committed datatype there
   * @throws IllegalArgumentException if nothing is there
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Node get(String path) throws IOException {
    return root().get(path);
  }

  /**
   * The group at {@code path}, as {@link Group#group} finds it from the root.
   *
   * @param path an absolute or root-relative /-separated path
   * @return the group
   * @throws IllegalArgumentException if nothing is there or the object is not a group
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Group group(String path) throws IOException {
    return root().group(path);
  }

  /**
   * The dataset at {@code path}, as {@link Group#dataset} finds it from the root.
   *
   * @param path an absolute or root-relative /-separated path
   * @return the dataset
   * @throws IllegalArgumentException if nothing is there or the object is not a dataset
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Dataset dataset(String path) throws IOException {
    return root().dataset(path);
  }

  /**
   * The object a revised (HDF5 1.12+) reference points to: for a region reference the dataset
   * (the reference holds the selection), for an attribute reference the object
   * holding it ({@code attributes().get(ref.attribute())}). An external reference is followed
   * into the file it names, opened read-only relative to this file's folder as external links
   * are; null when that file does not exist. The node's path is the first that a walk over
   * hard links finds ("" for an object no link leads to), so this walks the file.
   *
   * @param ref a revised reference, as read from a dataset or attribute of this file
   * @return the referenced object, or null when its external file does not exist
   * @throws H5FormatException when no object header is at the referenced address
   */
  public @Nullable Node dereference(Reference ref) throws IOException {
    checkOpen();
    H5File in = ref.file() == null ? this
        : EngineCalls.call(this, () -> external(ref.file()));
    return in == null ? null : ReferenceTargets.find(in, ref.address());
  }

  /**
   * Decodes a dataset region reference of the old kind as read from a dataset or attribute of
   * this file: a region reference type reads as {@code byte[][]}, one element of
   * {@code ReferenceType.size()} bytes each (a global heap ID), and the heap object it names
   * holds the dataset's address and the selection.
   *
   * @param element one element's stored bytes
   * @return the dataset's address and the region, or null for a null reference
   * @throws H5FormatException when the element or its heap object is malformed
   */
  public @Nullable RegionReference region(byte[] element) throws IOException {
    checkOpen();
    return EngineCalls.call(this, () -> {
      GlobalHeapId id = RegionReferenceCodec.heapId(element, ctx.params());
      if (id == null) {
        return null;
      }
      RegionReferenceCodec.Region r = RegionReferenceCodec.decode(
          engine.values().heapObject(id.collectionAddress(), id.index()),
          id.collectionAddress(), ctx.params());
      return new RegionReference(r.address(), StoredSelections.of(r.selection()));
    });
  }

  /**
   * The dataset a region reference of this file selects from. Its path is the first a walk
   * over hard links finds, as for {@link #dereference(Reference)}.
   *
   * @param ref a region reference from {@link #region}
   * @return the dataset
   * @throws H5FormatException when no dataset's object header is at the referenced address
   */
  public Dataset dereference(RegionReference ref) throws IOException {
    checkOpen();
    Node n = ReferenceTargets.find(this, ref.address());
    if (n instanceof Dataset d) {
      return d;
    }
    throw new H5FormatException("region reference", ref.address(), "the object there is not"
        + " a dataset");
  }

  /**
   * Creates a virtual dataset as {@code spec} maps it that no group links to yet (as
   * libhdf5's {@code H5Dcreate_anon}): set its attributes, then link it with
   * {@link Group#createHardLink} or put it in place of another with {@link Group#relink}.
   *
   * @param spec the virtual dataset's type, shape and mappings
   * @return the new dataset, reachable by its address only until linked
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public Dataset createAnonymousVirtualDataset(VirtualSpec spec) throws IOException {
    checkWritable();
    return EngineCalls.call(this, () -> {
      long address = VirtualDatasetWriter.create(engine, spec.creation());
      unlinked.add(address);
      return new Dataset(this, "(anonymous dataset at " + address + ")", address);
    });
  }

  /**
   * Bounds the memory that recently read chunks may hold (default 64 MiB; 0 turns the cache
   * off); chunks changed but not yet written may take half as much again per dataset.
   * Returns this file.
   *
   * @param bytes the bound in bytes, 0 or more
   * @return this file
   */
  public H5File chunkCacheBytes(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("a cache size cannot be negative: " + bytes);
    }
    engine.chunkCache().capacity(bytes);
    return this;
  }

  /**
   * Sets how many threads read, decode and encode chunks for this file beside the calling
   * thread (default: one per core). 0 keeps all of it on the calling thread: for callers that
   * already run one reader per core, such as Spark's tasks, where more threads per file would
   * only contend for the same cores. Set it before the first read or write of chunked data.
   * Returns this file.
   *
   * <pre>{@code
   * try (H5File f = H5File.open(path).workerThreads(0)) {
   *   double[] x = (double[]) f.dataset("/x").read();
   * }
   * }</pre>
   *
   * @param threads 0 or more
   * @return this file
   * @throws IllegalStateException once chunk work has started on the file's threads
   */
  public H5File workerThreads(int threads) {
    engine.workerThreads(threads);
    return this;
  }

  /**
   * How many threads work on this file's chunks beside the calling thread.
   *
   * @return 0 or more; see {@link #workerThreads(int)}
   */
  public int workerThreads() {
    return engine.workerThreads();
  }

  /**
   * Gives up crash safety between flushes for speed: the superblock and the global heap
   * collections new headers point into are written at {@link #flush} and close only, not
   * before every header write. For files nothing reads until they are complete (a temporary
   * output renamed into place afterwards); a crash before the flush may leave a file that
   * cannot be opened. Returns this file.
   *
   * @return this file
   */
  public H5File deferSuperblockToFlush() {
    checkOpen();
    EngineCalls.locked(this, () -> {
      ctx.deferCommitOrderToFlush();
      return null;
    });
    return this;
  }

  /**
   * Makes every later {@link #flush} (and the flush of {@link #close}) all or nothing: a
   * crash, a kill or a power cut at any moment leaves the file as the last completed flush
   * left it or as the next one leaves it, for libhdf5 readers as for h5j. No byte the file's
   * last flushed state uses is written over: changed structures are written to new space
   * (object headers too, with the links that lead to them, up to the root group), the file
   * is synced, one write of the superblock switches it to the new state, and it is synced
   * again. Space the old state used is reused by later flushes of this session. So changed
   * objects get new addresses ({@link Node#address()} of their handles follows), and a
   * flush costs two syncs.
   *
   * <p>Objects referred to by address other than through links cannot move and are refused
   * an atomic change ({@link IllegalStateException}): committed datatypes, and dimension
   * scales and datasets with scales attached; object and region references stored in data
   * to an object that changes are not followed (they name its old place). Data written into
   * contiguous storage of the last flushed state goes to a copy of the whole storage; data of
   * external files is written in place. After a failed flush the file can only be closed.
   *
   * @return this file
   * @throws IllegalStateException if the file is read-only, has changes not flushed yet, or
   *     was told not to sync ({@link #syncOnClose(boolean)})
   */
  public H5File atomicFlushes() {
    EngineCalls.locked(this, () -> {
      atomicFlushesLocked();
      return null;
    });
    return this;
  }

  private void atomicFlushesLocked() {
    checkWritable();
    if (!syncOnClose) {
      throw new IllegalStateException("file " + path + " does not sync on close"
          + " (syncOnClose(false)); atomic flushes need their syncs");
    }
    io.h5j.format.group.LinkRetargeting links = new io.h5j.format.group.LinkRetargeting(ctx);
    ctx.atomicFlushes(new H5Context.HeaderMoves() {
      @Override
      public void retarget(long from, long to, int expectedLinks) throws IOException {
        links.retarget(from, to, expectedLinks);
      }

      @Override
      public void moved(Map<Long, Long> moves) {
        links.moved(moves);
        moves.keySet().forEach(engine.chunkCache()::invalidate);
      }
    });
  }


  /**
   * Lets h5j give a chunk index it rebuilds the type of layout version 4 even where the
   * dataset had a v1 B-tree (layout version 3): with {@link #atomicFlushes()}, the index of a
   * dataset that can grow is rebuilt as a v2 B-tree, which later flushes update at a cost in
   * proportion to the chunks they change, where a v1 B-tree is rebuilt whole at every flush.
   * libhdf5 1.10 and later read and extend it; libhdf5 1.8 does not, so ask for this only in
   * files that need 1.10 anyway (virtual datasets, as every versioned file has). Returns this
   * file.
   *
   * @return this file
   */
  public H5File allowNewerChunkIndexes() {
    EngineCalls.locked(this, () -> {
      checkWritable();
      ctx.allowNewerChunkIndexes();
      return null;
    });
    return this;
  }

  /**
   * Whether {@link #close()} syncs the file to disk ({@code fsync}) after writing what is
   * pending: true by default. With false, close writes everything to the operating system
   * (other processes read the complete file at once) but does not wait for the disk, and no
   * background syncs run while the file is written; a power cut or an operating system crash
   * soon after may then lose or tear the file (a crash of the JVM does not). For scratch files
   * and tests. {@link #flush()} still syncs. No effect on a read-only file. Returns this file.
   *
   * @param sync whether close waits for the disk
   * @return this file
   * @throws IllegalStateException with false, if {@link #atomicFlushes()} was asked for: its
   *     guarantee is made of its syncs
   */
  public H5File syncOnClose(boolean sync) {
    EngineCalls.locked(this, () -> syncOnCloseLocked(sync));
    return this;
  }

  private H5File syncOnCloseLocked(boolean sync) {
    checkOpen();
    if (!sync && ctx.atomic()) {
      throw new IllegalStateException("file " + path + " flushes atomically, which needs its"
          + " syncs; syncOnClose(false) is for files without atomicFlushes()");
    }
    if (!sync && replaces != null) {
      throw new IllegalStateException("file " + path + " replaces " + replaces + " at close,"
          + " which must sync it before the rename; syncOnClose(false) is for other files");
    }
    this.syncOnClose = sync;
    if (ctx.writable()) {
      ctx.access().backgroundSyncs(sync);
    }
    return this;
  }

  /**
   * Whether {@link #close()} syncs the file ({@link #syncOnClose(boolean)}).
   *
   * @return true unless {@code syncOnClose(false)} was called
   */
  public boolean syncsOnClose() {
    return syncOnClose;
  }

  /**
   * Whether {@link #atomicFlushes()} was asked for.
   *
   * @return true once {@link #atomicFlushes()} was called
   */
  public boolean flushesAtomically() {
    return ctx.atomic();
  }

  /**
   * Writes pending metadata and the superblock, and forces the file to disk.
   *
   * @throws IOException if the file cannot be written or synced
   */
  public void flush() throws IOException {
    EngineCalls.run(this, () -> {
      checkOpen();
      ctx.flush();
    });
  }

  @Override
  public void close() throws IOException {
    EngineCalls.run(this, this::closeLocked);
  }

  private void closeLocked() throws IOException {
    if (closed) {
      return;
    }
    boolean complete = false;
    boolean placed = false;
    try {
      try {
        if (ctx.writable() && !ctx.flushFailed()) { // a failed flush was reported already
          ctx.flush(syncOnClose); // pending writes still need the open file
          complete = true;
        }
      } finally {
        release();
      }
      if (replaces != null && complete) {
        DurableFiles.moveIntoPlace(path, replaces);
        placed = true;
      }
    } finally {
      if (replaces != null && !placed) {
        Files.deleteIfExists(path); // incomplete: what was at the final name stays
      }
    }
  }

  /**
   * Closes the file without writing what is pending since the last {@link #flush}: after a
   * failed edit, the file stays as that flush left it (plus space nothing references). A file
   * of {@link #createReplacing} is removed instead, and its final name keeps what it had.
   *
   * @throws IOException if the file cannot be closed
   */
  public void closeWithoutFlush() throws IOException {
    EngineCalls.run(this, () -> {
      if (!closed) {
        try {
          release();
        } finally {
          if (replaces != null) {
            Files.deleteIfExists(path);
          }
        }
      }
    });
  }

  private void release() throws IOException {
    closed = true;
    engine.close();
    for (H5File e : externals.values()) {
      e.close();
    }
    ctx.access().close();
  }

  // ---- shared with the API classes of this package ----

  H5Context context() {
    checkOpen();
    return ctx;
  }

  /** The dataset engine of this file. */
  EngineFile engine() {
    return engine;
  }

  Values values() {
    return engine.values();
  }

  PathResolver resolver() {
    return resolver;
  }

  /** Old-format files (superblock 0/1) get old-style objects, as their readers expect. */
  boolean oldStyle() {
    return engine.oldStyle();
  }

  int headerVersion() {
    return engine.headerVersion();
  }

  void checkOpen() {
    if (closed) {
      throw new IllegalStateException("file " + path + " is closed");
    }
  }

  /**
   * Whether the object at {@code address} was anonymous until now, i.e. whether the link
   * about to be made to it is its first, already counted in its header.
   */
  boolean firstLinkTo(long address) {
    return unlinked.remove(address);
  }

  /** Notes the object at {@code address} as anonymous again: the link made to it failed. */
  void stillUnlinked(long address) {
    unlinked.add(address);
  }

  void checkWritable() {
    checkOpen();
    if (!ctx.writable()) {
      throw new IllegalStateException("file " + path
          + " is open read-only; use H5File.openReadWrite to change it");
    }
  }

  /**
   * How virtual datasets treat a source file or dataset that cannot be opened: by default a
   * read that needs it fails, naming it; with {@code true} its elements read as the fill
   * value, as libhdf5 does. Applies to virtual datasets of this file. Returns this file.
   *
   * @param fill whether missing sources read as the fill value
   * @return this file
   */
  public H5File fillMissingVirtualSources(boolean fill) {
    engine.virtual().fillMissingSources(fill);
    return this;
  }

  /**
   * Makes reads of this file's virtual datasets wait until a mapping block is verified
   * (checksum, every entry) before they return a value read through it, as libhdf5 verifies
   * it when it opens the dataset: a block of 1 MiB or more (some 12,000 mappings) is then
   * verified when the dataset is opened by path (about 8 ms for 100,000 mappings; the
   * checksum runs on a second core while the entries are scanned), a smaller one by the first
   * read that needs it. A bad block fails the reads, not the open, so that the dataset's other
   * metadata stay readable. Returns this file.
   *
   * <p>This is the default: no value is returned through a mapping that was not verified.
   * {@link #deferVirtualBlockVerification()} trades that for an open that reads nothing of the
   * block and first reads that return before it is verified.
   *
   * @return this file
   */
  public H5File verifyVirtualBlocksBeforeReads() {
    engine.virtual().deferBlockVerification(false);
    return this;
  }

  /**
   * Verifies a virtual dataset's mapping block after, not before, the first reads through it
   * (opt-in; {@link #verifyVirtualBlocksBeforeReads()}, the default, restores the check first).
   * Opening a virtual dataset reads only its object header (the shape of a dataset whose
   * maximum shape is unlimited may need the whole block: unlimited mappings extend it). Reads
   * of a block of 64 KiB or more that touch at most 8 chunks of its grid find their mappings,
   * until the block is verified, by reading a few entries of the stored block (versioned
   * files' blocks: entries of one size in chunk order) and return at once; the check then
   * starts on a low-priority thread. A read the probe cannot answer, and every mapping query
   * ({@link Dataset#virtualMappings()}), loads and verifies the whole block first. When the
   * check completes, the mappings the early reads used are compared with the full index. A
   * block that fails the check, or answers that differ, make every later read of the dataset
   * fail with an {@link H5FormatException} naming it, but values already returned are not
   * taken back. Returns this file.
   *
   * @return this file
   */
  public H5File deferVirtualBlockVerification() {
    engine.virtual().deferBlockVerification(true);
    return this;
  }

  /** Replaces the HDF5_VDS_PREFIX this file saw when it was opened: for tests. */
  void vdsPrefix(String value) {
    engine.virtual().prefix(value);
  }

  /**
   * How far virtual datasets with unlimited mappings extend (libhdf5's
   * {@code H5Pset_virtual_view}); {@link VirtualView#LAST_AVAILABLE} by default. Applies to
   * the virtual datasets of this file from their next {@code shape()} or read. Returns this
   * file.
   *
   * @param view the view: first missing or last available source
   * @return this file
   */
  public H5File virtualView(VirtualView view) {
    if (view == null) {
      throw new IllegalArgumentException("a view is needed: LAST_AVAILABLE or FIRST_MISSING");
    }
    engine.virtual().firstMissingView(view == VirtualView.FIRST_MISSING);
    return this;
  }

  /**
   * The view set with {@link #virtualView(VirtualView)}.
   *
   * @return the view, {@link VirtualView#LAST_AVAILABLE} unless set
   */
  public VirtualView virtualView() {
    return engine.virtual().firstMissingView() ? VirtualView.FIRST_MISSING
        : VirtualView.LAST_AVAILABLE;
  }

  /**
   * How many missing source datasets in a row a printf-style mapping looks past for more
   * under {@link VirtualView#LAST_AVAILABLE} (libhdf5's {@code H5Pset_virtual_printf_gap});
   * 0 by default: it stops at the first missing one. Returns this file.
   *
   * @param gap the number of missing source datasets looked past, 0 or more
   * @return this file
   */
  public H5File virtualPrintfGap(long gap) {
    if (gap < 0) {
      throw new IllegalArgumentException("a printf gap cannot be negative: " + gap);
    }
    engine.virtual().printfGap(gap);
    return this;
  }

  /**
   * The gap set with {@link #virtualPrintfGap(long)}.
   *
   * @return the gap, 0 unless set
   */
  public long virtualPrintfGap() {
    return engine.virtual().printfGap();
  }

  /**
   * Whether missing virtual dataset sources read as the fill value.
   *
   * @return the value given to {@link #fillMissingVirtualSources(boolean)}, false by default
   */
  public boolean fillsMissingVirtualSources() {
    return engine.virtual().fillMissingSources();
  }

  /**
   * Where datasets stored in external files (the external data files message) find files named
   * by a relative path, as libhdf5's {@code H5Pset_efile_prefix}: the prefix is put before the
   * name, {@code ${ORIGIN}} at its start standing for this file's folder; an empty prefix (the
   * default) leaves the name relative to the working directory, as libhdf5 does. The
   * environment variable {@code HDF5_EXTFILE_PREFIX}, when set, takes precedence, as in
   * libhdf5. Returns this file.
   *
   * @param prefix the prefix, empty for none
   * @return this file
   */
  public H5File externalFilePrefix(String prefix) {
    engine.externalFilePrefix(java.util.Objects.requireNonNull(prefix, "prefix"));
    return this;
  }

  /**
   * The prefix set by {@link #externalFilePrefix(String)}; empty by default.
   *
   * @return the prefix
   */
  public String externalFilePrefix() {
    return engine.externalFilePrefix();
  }

  /**
   * An externally linked file, opened once (read-only) relative to this file's folder; it
   * shares this file's call lock.
   */
  H5File external(String fileName) throws IOException {
    assert EngineCalls.inCall(this) : "external files are opened inside a call";
    if (source != null) {
      return externalSibling(fileName);
    }
    Path p = Path.of(fileName);
    if (!p.isAbsolute()) {
      Path dir = path.toAbsolutePath().getParent();
      p = dir == null ? p : dir.resolve(p);
    }
    p = p.normalize();
    if (!Files.exists(p)) {
      return null;
    }
    if (p.equals(path.toAbsolutePath().normalize())) {
      return this;
    }
    H5File f = externals.get(p.toString());
    if (f == null) {
      f = open(FileAccess.openRead(p), p, calls, null);
      externals.put(p.toString(), f);
    }
    return f;
  }

  /** As {@link #external}, for a file read from a source: the file its sibling holds. */
  private @Nullable H5File externalSibling(String fileName) throws IOException {
    ByteSource s = source.sibling(fileName);
    if (s == null) {
      return null;
    }
    H5File f = s.name().equals(source.name()) ? this : externals.get(s.name());
    if (f != null) {
      s.close();
      return f;
    }
    FileAccess fa = FileAccess.openRead(s);
    f = open(fa, fa.path(), calls, s);
    externals.put(s.name(), f);
    return f;
  }
}
