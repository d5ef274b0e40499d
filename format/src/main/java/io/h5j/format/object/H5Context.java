package io.h5j.format.object;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.format.superblock.Superblock;
import io.h5j.format.superblock.SuperblockCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one open file shares: its channel, superblock, space allocator, decoded object
 * headers and the pending writes that {@link #flush} performs in a crash-safe order
 * (new structures, then links to them, then the superblock).
 */
public final class H5Context {
  /** Work deferred to flush time, keyed so that repeated edits of one object merge. */
  public interface PendingWrite {
    void write() throws IOException;
  }

  private final FileAccess fa;
  private Superblock superblock;
  private final SpaceAllocator allocator;
  private final Map<PendingKey, PendingWrite> pending = new LinkedHashMap<>();

  /** Flush-time work of one kind for the object whose header is at {@code address}. */
  private record PendingKey(String kind, long address) {}
  /**
   * Decoded headers, the most recently used ones only: a walk over a file of many objects
   * must not hold them all. Headers are written when created or rewritten, so one dropped
   * here is read again from the file.
   */
  private final Map<Long, ObjectHeader> headers = recentlyUsed(CACHED_HEADERS);
  /** Structures decoded from an object's header (e.g. a group's links), dropped on rewrite. */
  private final Map<Long, Map<String, Object>> derived = recentlyUsed(CACHED_HEADERS);
  /** Headers whose cached messages are newer than the file's copy (see {@link #stageHeader}). */
  private final java.util.Set<Long> staged = new java.util.HashSet<>();
  /** Writes every header commit must be preceded by (e.g. global heap collections). */
  private final List<PendingWrite> beforeCommit = new ArrayList<>();
  private SharedMessages shared;
  private boolean superblockDirty;
  private boolean commitOrderDeferred;
  /** Counts header writes and forgotten derivations: a cheap "did anything change?" stamp. */
  private long changes;
  /** Whether every flush is atomic ({@link #atomicFlushes}). */
  private boolean atomic;
  /**
   * Atomic flushes: headers of the durable state changed since it, by their durable address;
   * the flush writes each anew and points what refers to it at the copy.
   */
  private final Map<Long, ObjectHeader> moving = new LinkedHashMap<>();
  /** Atomic flushes: where headers moved during the flush under way (old → new). */
  private final Map<Long, Long> movedThisFlush = new LinkedHashMap<>();
  private HeaderMoves headerMoves;
  /** Set when an atomic flush failed: the file on disk is as of the flush before. */
  private String failure;
  /** Atomic flushes: the file's write count when its last durable state was reached. */
  private long writesAtDurable;

  private static final int CACHED_HEADERS = 4096;

  /**
   * A map that forgets its least recently used entry beyond {@code max} entries, but only
   * while no write is deferred to flush: a derived structure may hold what such a write
   * still needs (a dataset's chunks not yet indexed), and a second copy of it, derived
   * afresh from the file, would not see them.
   */
  private <V> Map<Long, V> recentlyUsed(int max) {
    return new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, V> eldest) {
        return size() > max && pending.isEmpty() && moving.isEmpty();
      }
    };
  }

  public H5Context(FileAccess fa, Superblock superblock) throws IOException {
    this.fa = fa;
    this.superblock = superblock;
    long eoa = Math.max(superblock.endOfFileAddress(), fa.size());
    this.allocator = fa.writable() ? new SpaceAllocator(eoa) : null;
  }

  /** Opens an existing file: finds and decodes the superblock. */
  public static H5Context open(FileAccess fa) throws IOException {
    Superblock sb = SuperblockCodec.read(fa);
    H5Context ctx = new H5Context(fa, sb);
    if (sb.version() >= 2) {
      java.util.NavigableMap<Long, byte[]> image =
          MetadataCacheImage.entries(ctx, sb.extensionAddress());
      if (!image.isEmpty()) {
        if (fa.writable()) {
          throw new H5FormatException("metadata cache image", sb.extensionAddress(),
              "libhdf5 left an image of its metadata cache in the file, which h5j reads but"
              + " does not update: open it read-only, or repack it");
        }
        fa.overlay(image);
        ctx.headers.clear();
      }
    }
    ctx.shared = SharedMessages.load(ctx);
    return ctx;
  }

  /** Starts a new file whose superblock is written at flush. */
  public static H5Context create(FileAccess fa, int superblockVersion) throws IOException {
    return create(fa, superblockVersion, FileParams.DEFAULT);
  }

  /** Starts a new file with the sizes of offsets and lengths of {@code p} (no user block). */
  public static H5Context create(FileAccess fa, int superblockVersion, FileParams p)
      throws IOException {
    fa.params(p);
    long end = SuperblockCodec.encodedSize(superblockVersion, p);
    Superblock sb = new Superblock(0, superblockVersion, p, Superblock.DEFAULT_GROUP_LEAF_K,
        Superblock.DEFAULT_GROUP_INTERNAL_K, Superblock.DEFAULT_CHUNK_INTERNAL_K, 0,
        FileParams.UNDEFINED, end, FileParams.UNDEFINED, FileParams.UNDEFINED, 0,
        FileParams.UNDEFINED, FileParams.UNDEFINED);
    fa.write(0, new byte[(int) end]);
    H5Context ctx = new H5Context(fa, sb);
    ctx.shared = SharedMessages.none();
    return ctx;
  }

  public FileAccess access() {
    return fa;
  }

  private final ObjectRefs refs = new ObjectRefs();

  /**
   * The reference a handle of the object at {@code address} keeps: shared by all handles of
   * that object in a writable file (so that a flush moving its header moves them all), a
   * fixed one in a read-only file.
   */
  public ObjectRef ref(long address) {
    return fa.writable() ? refs.intern(address) : ObjectRef.fixed(address);
  }

  public FileParams params() {
    return fa.params();
  }

  public Superblock superblock() {
    return superblock;
  }

  /** Replaces the superblock; it reaches the file before the next header commit. */
  public void superblock(Superblock sb) {
    this.superblock = sb;
    this.superblockDirty = true;
  }

  public SharedMessages shared() {
    return shared;
  }

  public boolean writable() {
    return fa.writable();
  }

  /** The allocator; fails for read-only files with a message saying what to do. */
  public SpaceAllocator allocator() {
    if (allocator == null) {
      throw new IllegalStateException("file " + fa.path()
          + " is open read-only; use H5File.openReadWrite to change it");
    }
    return allocator;
  }

  public ObjectHeaderWriter headerWriter() {
    return new ObjectHeaderWriter(fa, allocator(), this::persistSuperblock);
  }

  /**
   * Writes the superblock now if the end of allocation grew or the superblock changed since
   * it was last written, so that a header about to point into new space never points past
   * the end of file that libhdf5 would read.
   */
  public void persistSuperblock() throws IOException {
    if (commitOrderDeferred || atomic) {
      return; // atomic: nothing is reachable before the flush's superblock write
    }
    for (PendingWrite w : beforeCommit) {
      w.write();
    }
    long eoa = allocator().endOfAllocation();
    if (eoa > superblock.endOfFileAddress() || superblockDirty) {
      writeSuperblock(Math.max(eoa, superblock.endOfFileAddress()));
    }
  }

  private void writeSuperblock(long eoa) throws IOException {
    if (fa.size() < eoa) {
      fa.write(eoa - 1, new byte[1]); // libhdf5 refuses a file shorter than its EOA
    }
    superblock = superblock.withEndOfFile(eoa);
    fa.write(superblock.location() - fa.params().baseAddress(),
        SuperblockCodec.encode(superblock));
    superblockDirty = false;
  }

  /**
   * Stops writing the superblock (and the writes headers depend on) before every header
   * commit; {@link #flush} still writes them all. Only for a file that nobody reads before
   * it is flushed, such as a temporary output renamed into place when complete: a crash
   * before the flush leaves a file libhdf5 may not open.
   */
  public void deferCommitOrderToFlush() {
    commitOrderDeferred = true;
  }

  /** The object header at {@code address}, decoded once and cached. */
  public ObjectHeader header(long address) throws IOException {
    ObjectHeader m = moving.isEmpty() ? null : moving.get(address);
    if (m != null) {
      return m;
    }
    ObjectHeader h = headers.get(address);
    if (h == null) {
      if (address < 0) {
        throw new H5FormatException("object header", address, "address is undefined");
      }
      h = ObjectHeaderReader.read(fa, address);
      headers.put(address, h);
    }
    return h;
  }

  /** Writes a new header and caches it. */
  public ObjectHeader createHeader(int version, int flags, List<StoredMessage> messages)
      throws IOException {
    return createHeader(version, flags, -1, -1, messages);
  }

  /**
   * As {@link #createHeader(int, int, List)}, with the attribute phase change values
   * {@code maxCompact} and {@code minDense} stored in a version 2 header's prefix, or -1 for
   * libhdf5's defaults.
   */
  public ObjectHeader createHeader(int version, int flags, int maxCompact, int minDense,
      List<StoredMessage> messages) throws IOException {
    ObjectHeader h = headerWriter().create(version, flags, maxCompact, minDense, messages);
    headers.put(h.address(), h);
    changes++;
    return h;
  }

  /** Replaces the messages of header {@code address}. */
  public ObjectHeader rewriteHeader(long address, List<StoredMessage> messages)
      throws IOException {
    return rewrite(header(address), messages);
  }

  /**
   * Replaces the messages of header {@code address} and its attribute creation order flags
   * (see {@link ObjectHeader#withAttributeOrderFlags}): the messages must carry creation
   * indexes to match.
   */
  public ObjectHeader rewriteHeader(long address, int attributeOrderFlags,
      List<StoredMessage> messages) throws IOException {
    return rewrite(header(address).withAttributeOrderFlags(attributeOrderFlags), messages);
  }

  /**
   * Sets the hard link count in the prefix of version 1 header {@code address} (version 2
   * headers keep it in a message: use {@link #rewriteHeader(long, List)}).
   */
  public ObjectHeader rewriteRefCount(long address, int count) throws IOException {
    ObjectHeader h = header(address);
    return rewrite(h.withRefCount(count), h.messages());
  }

  private ObjectHeader rewrite(ObjectHeader old, List<StoredMessage> messages)
      throws IOException {
    if (mustMove(old)) {
      ObjectHeader h = move(old, messages);
      derived.remove(old.address());
      return h;
    }
    ObjectHeader h = headerWriter().rewrite(old, messages);
    headers.put(old.address(), h);
    staged.remove(old.address());
    derived.remove(old.address());
    changes++;
    return h;
  }

  /**
   * Replaces the messages of header {@code address} in memory only; the file's copy is
   * rewritten at flush (or by an earlier {@link #rewriteHeader}), after the pending writes
   * registered before this call. For edits repeated many times between flushes (a dataset's
   * extent as rows are appended), which then cost no write each. What was derived from the
   * header is kept: the caller updates what the changed messages affect.
   */
  public void stageHeader(long address, List<StoredMessage> messages) throws IOException {
    ObjectHeader h = header(address);
    if (mustMove(h)) {
      move(h, messages); // written anew at flush anyway: nothing to stage
      return;
    }
    headers.put(address, h.withMessages(messages, h.chunks()));
    changes++; // what was derived from several objects (a VDS extent) sees the new messages
    if (staged.add(address)) {
      defer("header", address, () -> writeStagedHeader(address));
    }
  }

  /**
   * Writes header {@code address} now if {@link #stageHeader} changed it since it was last
   * written, for a pending write that must follow it (an index that may now hold chunks only
   * the new extent covers).
   */
  public void writeStagedHeader(long address) throws IOException {
    if (staged.contains(address)) {
      rewriteHeader(address, header(address).messages());
    }
  }

  /**
   * Forgets what was derived from the object at {@code address} (as a header rewrite does),
   * for changes made in place to structures its header points at, such as a chunk index.
   */
  public void forgetDerived(long address) {
    derived.remove(address);
    changes++;
  }

  /**
   * A number that grows whenever an object header is created or rewritten or a derivation is
   * forgotten: what was derived from several objects (a virtual dataset's extent from its
   * sources) stays valid while it is unchanged.
   */
  public long changes() {
    return changes;
  }

  /** Computes something from an object's header once; rewriting the header forgets it. */
  public interface Derivation<T> {
    T derive() throws IOException;
  }

  /**
   * The value {@code kind} (e.g. "links") derived from the header at {@code address}, computed
   * on first use and forgotten when that header is rewritten.
   */
  @SuppressWarnings("unchecked")
  public <T> T derived(long address, String kind, Derivation<T> derivation) throws IOException {
    Map<String, Object> forObject = derived.computeIfAbsent(address, a -> new HashMap<>());
    Object v = forObject.get(kind);
    if (v == null) {
      v = derivation.derive();
      forObject.put(kind, v);
    }
    return (T) v;
  }

  private final Map<Class<?>, Object> attachments = new HashMap<>();

  /** Per-file state a layer above keeps here, created on first use. */
  public <T> T attachment(Class<T> type, java.util.function.Supplier<T> create) {
    return type.cast(attachments.computeIfAbsent(type, t -> create.get()));
  }

  /**
   * Registers (or replaces) flush-time work of {@code kind} ("header", "chunks", "links",
   * "attributes") that rewrites the header at {@code address} and no other.
   */
  public void defer(String kind, long address, PendingWrite write) {
    allocator();
    pending.put(new PendingKey(kind, address), write);
  }

  /** Whether flush-time work waits to rewrite the header at {@code address}. */
  private boolean pendingFor(long address) {
    for (PendingKey k : pending.keySet()) {
      if (k.address() == address) {
        return true;
      }
    }
    return false;
  }

  /**
   * Registers a write that must reach the file before any header commits, because headers
   * may point into what it writes (a global heap collection holding new vlen data).
   */
  public void beforeEveryCommit(PendingWrite write) {
    beforeCommit.add(write);
  }

  /**
   * Performs pending writes, then records the end of file in the superblock, and syncs the
   * file. With {@link #atomicFlushes} the flush is all or nothing (see there).
   */
  public void flush() throws IOException {
    flush(true);
  }

  /**
   * As {@link #flush()}, syncing the file at the end only if {@code sync}; an atomic flush
   * always syncs (its guarantee is made of its two syncs).
   */
  public void flush(boolean sync) throws IOException {
    if (!fa.writable()) {
      return;
    }
    checkNotFailed();
    if (atomic) {
      try {
        atomicFlush();
      } catch (IOException | RuntimeException | Error e) {
        failure = e.toString();
        throw e;
      }
      return;
    }
    runPending();
    for (PendingWrite w : beforeCommit) {
      w.write();
    }
    long eoa = allocator.endOfAllocation();
    writeSuperblock(eoa);
    if (fa.size() > eoa) {
      fa.truncate(eoa); // space freed at the end goes back to the file system
    }
    if (sync) {
      fa.force();
    } else {
      fa.checkBackgroundSyncs();
    }
  }

  private void runPending() throws IOException {
    while (!pending.isEmpty()) {
      PendingKey key = pending.keySet().iterator().next();
      pending.remove(key).write();
    }
  }

  // ---- atomic flushes ----

  /**
   * What refers to object headers by address, besides the superblock (the group layer's
   * links): told when an atomic flush writes a header anew.
   */
  public interface HeaderMoves {
    /**
     * Points what refers to the header at {@code from} (durable) at its copy at {@code to},
     * through this context's ordinary writes: at least {@code expectedLinks} hard links
     * should lead there (the header's link count), more may.
     */
    void retarget(long from, long to, int expectedLinks) throws IOException;

    /** The flush that moved headers ({@code old → new}) is durable. */
    void moved(Map<Long, Long> moves);
  }

  /**
   * Makes every later {@link #flush} atomic: a crash, kill or power cut at any moment leaves
   * the file as the last completed flush left it or as this one leaves it, for libhdf5 as for
   * h5j. Nothing the last durable state uses is written over: changed structures go to new
   * space (headers of that state written anew, their parents' links pointed at the copies, up
   * to the root), the file is synced, then one write of the superblock (one sector) switches
   * to the new state, and the file is synced again. Space the old state used is reused only
   * after that. {@code moves} learns where headers went.
   *
   * @throws IllegalStateException if changes are pending (flush first) or the file is
   *     read-only
   */
  public void atomicFlushes(HeaderMoves moves) {
    allocator();
    if (!pending.isEmpty() || superblockDirty) {
      throw new IllegalStateException("file " + fa.path() + " has changes not yet flushed;"
          + " flush before making flushes atomic");
    }
    // What lies past the durable end of allocation is garbage of an interrupted writer:
    // reused from the start.
    allocator.restartAt(superblock.endOfFileAddress());
    allocator.keepDurableState();
    fa.restrictWrites(allocator::isFresh);
    this.headerMoves = moves;
    this.writesAtDurable = fa.writes();
    this.atomic = true;
  }

  /** Whether {@link #atomicFlushes} was asked for. */
  public boolean atomic() {
    return atomic;
  }

  private boolean newerChunkIndexes;

  /**
   * Lets a chunk index of layout version 3 (a v1 B-tree, which libhdf5 1.8 reads) be rebuilt
   * as a type of layout version 4 (libhdf5 1.10 and later): for files that need 1.10 anyway.
   */
  public void allowNewerChunkIndexes() {
    newerChunkIndexes = true;
  }

  public boolean newerChunkIndexesAllowed() {
    return newerChunkIndexes;
  }

  /**
   * During an atomic flush, where the header that was at {@code address} when the flush
   * began is now (the address itself if it did not move).
   */
  public long currentAddress(long address) {
    Long to = movedThisFlush.get(address);
    return to == null ? address : to;
  }

  /** Whether an atomic flush failed: the file can then only be closed without flushing. */
  public boolean flushFailed() {
    return failure != null;
  }

  private void checkNotFailed() {
    if (failure != null) {
      throw new IllegalStateException("a flush of " + fa.path() + " failed (" + failure
          + "); the file holds what the flush before it wrote: open it again");
    }
  }

  /** Whether a change to {@code h} must go to a copy: it belongs to the durable state. */
  private boolean mustMove(ObjectHeader h) {
    if (!atomic) {
      return false;
    }
    for (ObjectHeader.Chunk c : h.chunks()) {
      if (!allocator.isFresh(c.address(), c.size())) {
        return true;
      }
    }
    return false;
  }

  /** Keeps the changed header of the durable state in memory until the flush moves it. */
  private ObjectHeader move(ObjectHeader old, List<StoredMessage> messages) {
    MovedHeaders.refuseUnmovable(old, fa.path());
    ObjectHeader h = old.withMessages(messages, old.chunks());
    moving.put(old.address(), h);
    headers.put(old.address(), h);
    staged.remove(old.address());
    changes++;
    return h;
  }

  /** A header waiting to move that no flush-time work will change, or null. */
  private ObjectHeader nextToMove() {
    for (ObjectHeader h : moving.values()) {
      if (pending.isEmpty() || !pendingFor(h.address())) {
        return h;
      }
    }
    return null;
  }

  private void atomicFlush() throws IOException {
    movedThisFlush.clear();
    runPending();
    // One header at a time. Its move edits the links to it: at once in a compact group, or,
    // in an indexed one, as flush-time work rewriting that group's storage once, however many
    // of its members move. A header is written anew only when no such work waits for it
    // (the work then changes the header still waiting here, or the copy, never a copy
    // written before it); only when every waiting header has some does that work run.
    while (!moving.isEmpty() || !pending.isEmpty()) {
      ObjectHeader old = nextToMove();
      if (old == null) {
        runPending();
        continue;
      }
      moving.remove(old.address());
      ObjectHeader copy = headerWriter().writeAnew(old);
      headers.remove(old.address());
      derived.remove(old.address());
      headers.put(copy.address(), copy);
      movedThisFlush.put(old.address(), copy.address());
      changes++;
      int links = MovedHeaders.linkCount(old);
      if (old.address() == superblock.rootAddress()) {
        superblock(superblock.withRootAddress(copy.address()));
        links--;
      }
      if (headerMoves != null) {
        headerMoves.retarget(old.address(), copy.address(), links);
      }
      for (ObjectHeader.Chunk c : old.chunks()) {
        allocator.free(c.address(), c.size()); // set aside until the new state is durable
      }
    }
    for (PendingWrite w : beforeCommit) {
      w.write();
    }
    long eoa = allocator.endOfAllocation();
    if (fa.writes() == writesAtDurable && !superblockDirty
        && eoa == superblock.endOfFileAddress()) {
      return; // nothing changed
    }
    if (fa.size() < eoa) {
      fa.write(eoa - 1, new byte[1]); // libhdf5 refuses a file shorter than its EOA
    }
    fa.force(); // everything the new state uses is on disk before the switch
    superblock = superblock.withEndOfFile(eoa);
    fa.writeCommitPoint(superblock.location() - fa.params().baseAddress(),
        SuperblockCodec.encode(superblock));
    superblockDirty = false;
    fa.force();
    allocator.markDurable();
    writesAtDurable = fa.writes();
    if (fa.size() > eoa) {
      fa.truncate(eoa); // garbage of interrupted writers, or space freed at the end
    }
    Map<Long, Long> moves = new LinkedHashMap<>(movedThisFlush);
    movedThisFlush.clear();
    for (Map.Entry<Long, Long> e : moves.entrySet()) {
      refs.move(e.getKey(), e.getValue());
    }
    if (headerMoves != null && !moves.isEmpty()) {
      headerMoves.moved(moves);
    }
  }
}
