package io.h5j.format.dataset;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.QueuedThread;
import io.h5j.format.io.Tasks;
import io.h5j.format.heap.GlobalHeapCollection;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.vds.MappingBlock;
import io.h5j.format.vds.MappingBlockWriter;
import io.h5j.format.vds.MappingProbe;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.function.IntConsumer;

/**
 * Loading a virtual dataset's mapping block: read, checksum verified and scanned
 * ({@link MappingBlock#decode}), by the first {@link #block()} call (a read that the probe
 * cannot answer, a mapping query; the dataset's open when blocks are verified before reads)
 * unless {@link #background()} handed it to the thread of deferred checks before. A
 * large block is read straight from its place in the global heap collection (not through the
 * collection cache); {@link #probe()} finds single mappings by reading a few entries of it.
 */
final class MappingBlockLoad {
  /**
   * Blocks from this size on (some 3,000 mappings) have their checksum computed on another
   * thread while the loading thread scans them: about 0.1 ms of checksum at 2.5 GB/s, several
   * times what waking that thread costs.
   */
  static final int BACKGROUND_BYTES = 256 << 10;
  /**
   * When reads may go ahead through the probe, blocks from this size on are probed and
   * handed to the thread of deferred checks: some 750 mappings, whose decode costs more than
   * a probe.
   */
  static final int PROBED_BYTES = 64 << 10;
  /** Object headers to walk in a collection before reading it whole instead. */
  private static final int MAX_LOCATE_STEPS = 16;

  private final FutureTask<MappingBlock> task;
  /**
   * Whether {@link #background()} may still hand the load to the thread of deferred checks:
   * only for a deferred load that no caller has asked for yet.
   */
  private boolean handOver;
  private final MappingProbe.Bytes stored;
  private final long storedSize;
  private final FileParams params;
  private final long address;
  private MappingProbe probe;
  private boolean probed;

  private MappingBlockLoad(FutureTask<MappingBlock> task, boolean handOver,
      MappingProbe.Bytes stored, long storedSize, FileParams params, long address) {
    this.task = task;
    this.handOver = handOver;
    this.stored = stored;
    this.storedSize = storedSize;
    this.params = params;
    this.address = address;
  }

  /**
   * Prepares loading the block {@code layout} points at, of the virtual dataset {@code path},
   * reading no more than the object headers of its heap collection that lie before it. A
   * block is loaded by the first {@link #block()} call, in the caller, the checksum of a block
   * of {@link #BACKGROUND_BYTES} or more on the process's checksum thread while the caller
   * scans it; with {@code probing}, a block of {@link #PROBED_BYTES} and more is instead
   * probed until {@link #background()} hands its load to the thread of deferred checks.
   *
   * @param probing whether reads may go ahead through the probe before the block is verified
   */
  static MappingBlockLoad prepare(EngineFile file, LayoutMessage.Virtual layout, String path,
      boolean probing) throws IOException {
    FileParams params = file.context().params();
    long heap = layout.heapAddress();
    if (!FileParams.isDefined(heap)) { // no mappings
      byte[] empty = new MappingBlockWriter(params).toByteArray();
      return done(MappingBlock.decode(empty, params, heap, path), params, heap);
    }
    FileAccess fa = file.context().access();
    long[] at = GlobalHeapCollection.locate(fa, heap, (int) layout.heapIndex(),
        MAX_LOCATE_STEPS);
    String structure = "VDS mapping block of " + path;
    if (at == null || at[1] < (probing ? PROBED_BYTES : BACKGROUND_BYTES)) {
      return new MappingBlockLoad(new FutureTask<>(() -> MappingBlock.decode(at == null
          ? file.values().heapObject(heap, (int) layout.heapIndex())
          : fa.read(at[0], at[1], structure), params, heap, path)), false, null,
          at == null ? 0 : at[1], params, heap);
    }
    // A caller that waits for the block loads it while a second core checksums; the thread
    // of deferred checks loads it alone, so that a background check keeps to one core.
    boolean twoCores = at[1] >= BACKGROUND_BYTES;
    FutureTask<MappingBlock> task = new FutureTask<>(() -> {
      file.checkOpen(); // a check that starts after the close has no reader left to serve
      Executor verifier = twoCores && !DEFERRED_CHECKS.runsHere() ? CHECKSUMS : null;
      return MappingBlock.decode(new byte[(int) at[1]], params, heap, path, verifier,
          (into, present) -> fill(fa, at[0], into, present, structure));
    });
    if (!probing) {
      return new MappingBlockLoad(task, false, null, at[1], params, heap);
    }
    MappingProbe.Bytes stored = (off, len) -> fa.read(at[0] + off, len, structure);
    return new MappingBlockLoad(task, true, stored, at[1], params, heap);
  }

  /**
   * The stored bytes of the block {@code layout} points at, checksum verified but entries
   * not scanned, and nothing kept: what comparing or copying blocks as bytes needs (a
   * version log reads thousands), without the index and sources a read builds.
   *
   * @throws H5FormatException when the block is malformed or its checksum is wrong
   */
  static byte[] storedBytes(EngineFile file, LayoutMessage.Virtual layout, String path)
      throws IOException {
    FileParams params = file.context().params();
    long heap = layout.heapAddress();
    if (!FileParams.isDefined(heap)) { // no mappings: the empty block a writer would store
      return new MappingBlockWriter(params).toByteArray();
    }
    FileAccess fa = file.context().access();
    long[] at = GlobalHeapCollection.locate(fa, heap, (int) layout.heapIndex(),
        MAX_LOCATE_STEPS);
    byte[] bytes = at == null ? file.values().heapObject(heap, (int) layout.heapIndex())
        : read(fa, at[0], (int) at[1], "VDS mapping block of " + path);
    return MappingBlock.verified(bytes, params, heap, path);
  }

  /** The {@code length} bytes at {@code address}, read as {@link #fill} does. */
  private static byte[] read(FileAccess fa, long address, int length, String structure)
      throws IOException {
    byte[] out = new byte[length];
    fill(fa, address, out, n -> { }, structure);
    return out;
  }

  /**
   * Fills {@code out} with the bytes at {@code address}, in pieces of {@link #PIECE} bytes,
   * telling {@code present} after each: copied once from the file's mapping when it has one.
   * Otherwise read(2): the JDK stages a read into a heap array through a temporary direct
   * buffer of the read's size, which each new thread allocates and zeroes, and the long-lived
   * thread of deferred checks would keep.
   */
  private static void fill(FileAccess fa, long address, byte[] out, IntConsumer present,
      String structure) throws IOException {
    int length = out.length;
    if (fa.readMapped(address, length, structure, view -> {
      int base = view.position();
      for (int at = 0; at < length; at += PIECE) {
        int n = Math.min(PIECE, length - at);
        view.get(base + at, out, at, n);
        present.accept(at + n);
      }
    })) {
      return;
    }
    for (int at = 0; at < length; at += PIECE) {
      int n = Math.min(PIECE, length - at);
      fa.read(address + at, ByteBuffer.wrap(out, at, n), structure);
      present.accept(at + n);
    }
  }

  /**
   * Bytes per copy or read(2) of a block: small enough that a checksum following the copy
   * starts within some 20 microseconds of it.
   */
  private static final int PIECE = 128 << 10;

  /**
   * The one low-priority thread that runs deferred checks, started when the first large block
   * is prepared with deferred verification (at a dataset's open). A check is handed over inside
   * the first read; woken there, the thread sleeps a moment before it starts, so that the read
   * keeps its core until it returns.
   */
  private static final QueuedThread DEFERRED_CHECKS =
      new QueuedThread("h5j-vds-check", Thread.MIN_PRIORITY, 1);
  /**
   * Where the checksum of a block being loaded runs while the loading thread scans it: one
   * thread for the process, so that the hand-over starts no thread (a file's own workers
   * start theirs at first use, at every file's open).
   */
  private static final Executor CHECKSUMS = new QueuedThread("h5j-vds-checksum",
      Thread.NORM_PRIORITY, 0);

  private static MappingBlockLoad done(MappingBlock block, FileParams params, long address) {
    FutureTask<MappingBlock> t = new FutureTask<>(() -> block);
    t.run();
    return new MappingBlockLoad(t, false, null, 0, params, address);
  }

  /** Hands the load to the thread of deferred checks, if it may and has not started yet. */
  void background() {
    if (handOver) {
      handOver = false;
      DEFERRED_CHECKS.execute(task); // a QueuedThread refuses nothing
    }
  }

  /** The block's stored size, when its place was found without reading it; else 0. */
  long storedSize() {
    return storedSize;
  }

  /** Whether the block is loaded (or failed to). */
  boolean isDone() {
    return task.isDone();
  }

  /**
   * The loaded block, waiting for it; loads it in this thread if no other has started to.
   *
   * @throws H5FormatException when the block is malformed or its checksum is wrong
   */
  MappingBlock block() throws IOException {
    handOver = false;
    try {
      return Tasks.join(task);
    } catch (ExecutionException e) {
      throw Tasks.failure(e, "loading the mapping block");
    }
  }

  /**
   * A probe of the stored block; null for a block under the sizes above (read whole by the
   * caller) or not of the kind a probe works on.
   */
  MappingProbe probe() throws IOException {
    if (!probed) {
      probed = true;
      probe = stored == null ? null : MappingProbe.open(stored, storedSize, params, address);
    }
    return probe;
  }
}
