package io.h5j.format.heap;

import io.h5j.format.io.Tasks;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds objects to and removes them from the global heap. New objects go into one open
 * collection (at least 4096 bytes, larger when one object needs it), with indexes 1, 2, ...;
 * {@link #flush()} writes it and keeps it open, so later objects may still go into it.
 * {@link #release} removes an object an edit no longer refers to; a collection left empty
 * goes back to the space allocator, so rewriting variable-length values does not grow the
 * file. A large object (a mapping block) is encoded by its caller straight into a buffer laid
 * out as its own collection ({@link #objectBuffer}) and written from it at once, optionally
 * completed and written on another thread ({@link #write(ByteWriter, int, Consumer)}).
 */
public final class GlobalHeapWriter implements VlenSink {
  /** The default and minimum collection size. */
  public static final int MIN_COLLECTION_SIZE = 4096;
  private static final int MAX_INDEX = 0xffff;

  private final FileAccess file;
  private final SpaceAllocator allocator;
  private final FileParams params;
  private Open current;
  private final Executor completer;
  /**
   * Large objects being completed and written on {@link #completer}, oldest first: two at a
   * time, so that two cores checksum and write while the caller encodes.
   */
  private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
  private static final int MAX_IN_FLIGHT = 2;

  /**
   * One large object on its way to the file, as independent tasks over disjoint parts of its
   * buffer: {@code tail} completes the object (its checksum) and writes the end of the
   * collection, each of {@code heads} writes one half of what comes before. A caller that
   * must wait for it runs whichever no worker has started, the tail first: so the checksum
   * runs on one core while the halves are written on the other, and whichever ends first
   * takes the half left.
   */
  private record InFlight(FutureTask<Void> tail, List<FutureTask<Void>> heads,
      ByteWriter buffer) {}
  /** Objects this large are written in two halves (see {@link InFlight}). */
  private static final int SPLIT_WRITE = 256 << 10;
  /** Buffers of large objects written, for the next {@link #objectBuffer}s. */
  private final ArrayDeque<byte[]> spares = new ArrayDeque<>();
  /** The largest buffer kept for reuse. */
  private static final int MAX_SPARE = 64 << 20;

  /** The collection new objects go to; object indexes never change once handed out. */
  private static final class Open {
    final long address;
    final long size;
    final TreeMap<Integer, byte[]> objects = new TreeMap<>();
    int nextIndex = 1;
    long used;
    boolean dirty;

    Open(long address, long size, long used) {
      this.address = address;
      this.size = size;
      this.used = used;
    }
  }

  /** A writer storing collections in {@code file} at addresses from {@code allocator}. */
  public GlobalHeapWriter(FileAccess file, SpaceAllocator allocator) {
    this(file, allocator, null);
  }

  /**
   * A writer that completes and writes large objects on {@code completer} (see
   * {@link #write(ByteWriter, int, Consumer)}); null: on the caller's thread.
   */
  public GlobalHeapWriter(FileAccess file, SpaceAllocator allocator, Executor completer) {
    this.file = file;
    this.allocator = allocator;
    this.params = file.params();
    this.completer = completer;
  }

  private long footprint(int length) {
    return GlobalHeapCollection.objectHeaderSize(params) + (length + 7L) / 8 * 8;
  }

  /** The size of a new collection for an object of footprint {@code need}. */
  private long collectionSize(long need) {
    long size = Math.max(MIN_COLLECTION_SIZE, GlobalHeapCollection.headerSize(params) + need);
    return (size + 7) / 8 * 8;
  }

  @Override
  public GlobalHeapId write(byte[] data) throws IOException {
    long need = footprint(data.length);
    if (current != null && !allocator.isFresh(current.address, current.size)) {
      current = null; // flushed into a durable state of atomic flushes: never rewritten
    }
    if (current == null || current.used + need > current.size
        || current.nextIndex > MAX_INDEX) {
      flush();
      long size = collectionSize(need);
      current = new Open(allocator.allocate(size), size, GlobalHeapCollection.headerSize(params));
    }
    int index = current.nextIndex++;
    current.objects.put(index, data.clone());
    current.used += need;
    current.dirty = true;
    return new GlobalHeapId(current.address, index);
  }

  /**
   * A buffer to encode one object into, in place: its first {@link #objectOffset} bytes are
   * room for the headers of a collection holding it, and the object goes after them. Hand it
   * to {@link #write(ByteWriter)}, after which the buffer may be handed out again: write into
   * it nothing more.
   *
   * @param capacity the object's expected size in bytes
   */
  public ByteWriter objectBuffer(int capacity) {
    int at = objectOffset();
    byte[] reuse = spares.pollFirst();
    ByteWriter w = reuse != null && reuse.length >= at + capacity ? new ByteWriter(params, reuse)
        : new ByteWriter(params, at + Math.max(capacity, 16));
    return w.zeros(at);
  }

  /** Where an object starts in an {@link #objectBuffer}. */
  private int objectOffset() {
    return GlobalHeapCollection.headerSize(params) + GlobalHeapCollection.objectHeaderSize(params);
  }

  /**
   * Stores the object encoded into {@code buffer} (from {@link #objectBuffer}) after its header
   * room. One too large to share a collection of the minimum size gets a collection of its
   * own, framed around it in the buffer and written at once: no copy of a large object (a
   * mapping block of many mappings). A smaller one joins the open collection, as
   * {@link #write(byte[])}.
   */
  public GlobalHeapId write(ByteWriter buffer) throws IOException {
    int at = objectOffset();
    int length = buffer.position() - at;
    long size = collectionSize(footprint(length));
    GlobalHeapId id;
    if (size == MIN_COLLECTION_SIZE) {
      id = write(Arrays.copyOfRange(buffer.array(), at, at + length));
    } else {
      long address = allocator.allocate(size);
      writeAlone(buffer, length, size, address);
      id = new GlobalHeapId(address, 1);
    }
    keepSpare(buffer);
    return id;
  }

  /**
   * Stores the object encoded into {@code buffer} (from {@link #objectBuffer}) but for its
   * last {@code tail} bytes, which {@code complete} appends (a checksum of what precedes
   * them); {@code complete} may only append, never change the bytes before. A large object is
   * completed and written on the completer's threads while the caller goes on (encoding the
   * next object, say), two at a time: its bytes before the tail are written while
   * {@code complete} runs. It reaches the file before {@link #flush} returns, and before
   * {@link #finishPending} does.
   */
  public GlobalHeapId write(ByteWriter buffer, int tail, Consumer<ByteWriter> complete)
      throws IOException {
    int at = objectOffset();
    int headEnd = buffer.position();
    int length = headEnd - at + tail;
    long size = collectionSize(footprint(length));
    if (completer == null || size == MIN_COLLECTION_SIZE) {
      complete.accept(buffer);
      return write(buffer);
    }
    if (inFlight.size() == MAX_IN_FLIGHT) {
      finishOldest(); // its buffer is the next spare
    }
    long address = allocator.allocate(size);
    frame(buffer, length, size);
    buffer.reserve((int) (size - headEnd)); // the array stays the one the head is written from
    byte[] array = buffer.array();
    FutureTask<Void> rest = new FutureTask<>(() -> {
      complete.accept(buffer);
      buffer.padTo(at, 8);
      GlobalHeapCollection.freeSpace(buffer, size);
      file.write(address + headEnd, ByteBuffer.wrap(array, headEnd, (int) size - headEnd));
      return null;
    });
    int half = headEnd < SPLIT_WRITE ? headEnd : headEnd / 2;
    List<FutureTask<Void>> heads = new ArrayList<>(2);
    heads.add(write(address, array, 0, half));
    if (half < headEnd) {
      heads.add(write(address, array, half, headEnd - half));
    }
    inFlight.addLast(new InFlight(rest, heads, buffer));
    for (FutureTask<Void> task : heads) {
      execute(task);
    }
    execute(rest);
    return new GlobalHeapId(address, 1);
  }

  /**
   * Waits until the object handed to {@link #write(ByteWriter, int, Consumer)} is in the file
   * (running its work here if no thread has started it).
   *
   * @throws IOException when writing it failed
   */
  public void finishPending() throws IOException {
    Exception failed = null;
    while (!inFlight.isEmpty()) {
      try {
        finishOldest();
      } catch (IOException | RuntimeException e) { // the others still finish: they use buffers
        failed = failed == null ? e : failed;
      }
    }
    if (failed instanceof IOException io) {
      throw io;
    }
    if (failed != null) {
      throw (RuntimeException) failed;
    }
  }

  /** A task writing {@code length} bytes of {@code array} from {@code from} at their place. */
  private FutureTask<Void> write(long address, byte[] array, int from, int length) {
    return new FutureTask<>(() -> {
      file.write(address + from, ByteBuffer.wrap(array, from, length));
      return null;
    });
  }

  private void execute(FutureTask<Void> task) {
    try {
      completer.execute(task);
    } catch (RejectedExecutionException e) {
      task.run(); // the pool is shut down: here, then
    }
  }

  /**
   * Waits for the oldest object in flight, running here whichever of its tasks no thread has
   * started (the checksum first); all have ended before its buffer is reused, even when one
   * failed.
   */
  private void finishOldest() throws IOException {
    InFlight oldest = inFlight.pollFirst();
    List<FutureTask<Void>> tasks = new ArrayList<>(3);
    tasks.add(oldest.tail());
    tasks.addAll(oldest.heads());
    ExecutionException failed = null;
    for (FutureTask<Void> task : tasks) {
      try {
        Tasks.join(task);
      } catch (ExecutionException e) {
        failed = failed == null ? e : failed;
      }
    }
    if (failed != null) {
      throw Tasks.failure(failed, "writing a global heap collection");
    }
    keepSpare(oldest.buffer());
  }

  /**
   * Puts the headers of a collection of {@code size} bytes holding only the object of
   * {@code length} bytes in an {@link #objectBuffer} into place before it.
   */
  private void frame(ByteWriter buffer, int length, long size) {
    int at = objectOffset();
    ByteWriter head = new ByteWriter(params, at);
    GlobalHeapCollection.header(head, size);
    GlobalHeapCollection.objectHeader(head, 1, length);
    System.arraycopy(head.array(), 0, buffer.array(), 0, at);
  }

  /**
   * Frames the object of {@code length} bytes in {@code buffer} as the one object of a
   * collection of {@code size} bytes and writes that at {@code address}, at once.
   */
  private void writeAlone(ByteWriter buffer, int length, long size, long address)
      throws IOException {
    buffer.padTo(objectOffset(), 8);
    GlobalHeapCollection.freeSpace(buffer, size);
    frame(buffer, length, size);
    file.write(address, ByteBuffer.wrap(buffer.array(), 0, (int) size));
  }

  /** Keeps a buffer written out for the next {@link #objectBuffer}. */
  private void keepSpare(ByteWriter buffer) {
    if (buffer.array().length <= MAX_SPARE && spares.size() < MAX_IN_FLIGHT) {
      spares.addFirst(buffer.array());
    }
  }

  /**
   * Object {@code index} of the collection at {@code collection} if that is the collection
   * being filled (its newest objects reach the file at the next {@link #flush}), else null.
   */
  public byte[] unflushed(long collection, int index) {
    Open c = current;
    return c != null && c.address == collection ? c.objects.get(index) : null;
  }

  /**
   * Removes object {@code id}, which nothing refers to any more. Call it only after the
   * structure that referred to it has been rewritten, so that a crash never leaves a
   * reference to a removed object.
   */
  public void release(GlobalHeapId id) throws IOException {
    finishPending();
    if (!allocator.isFresh(id.collectionAddress(), 1)) {
      return; // in the durable state of atomic flushes: left as it is, garbage
    }
    if (current != null && id.collectionAddress() == current.address) {
      if (current.objects.remove(id.index()) != null) {
        current.dirty = true;
        if (current.objects.isEmpty() && current.nextIndex > 1) {
          allocator.free(current.address, current.size);
          current = null;
        }
      }
      return;
    }
    GlobalHeapCollection c = GlobalHeapCollection.read(file, id.collectionAddress());
    if (!c.objects().containsKey(id.index())) {
      return;
    }
    Map<Integer, byte[]> rest = new TreeMap<>(c.objects());
    rest.remove(id.index());
    if (rest.isEmpty()) {
      allocator.free(c.address(), c.size());
    } else {
      file.write(c.address(), GlobalHeapCollection.encode(params, c.size(), rest));
    }
  }

  /** Writes the open collection, if it changed since the last flush, and the one in flight. */
  public void flush() throws IOException {
    finishPending();
    if (current == null || !current.dirty) {
      return;
    }
    file.write(current.address,
        GlobalHeapCollection.encode(params, current.size, current.objects));
    current.dirty = false;
  }
}
