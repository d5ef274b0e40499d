package io.h5j.format.check;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileParams;
import io.h5j.format.vds.MappingBlock;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Verifies virtual dataset mapping blocks (checksum, then a scan of every entry; a block equal
 * to one verified lately is only compared with it) on the other cores while the walk goes
 * on: in a versioned file they are most of the metadata (some 200 MB for 9,500 versions of
 * 95 datasets), and each is checked on its own. Blocks in flight are
 * bounded in bytes; results are logged by the walking thread, in the order the blocks were
 * handed over, so a report does not depend on thread timing.
 */
final class MappingBlockChecks implements AutoCloseable {
  /**
   * Bytes of blocks handed over and not yet verified, at most: hundreds of versioned blocks,
   * enough to keep the other cores busy, and little for each young collection to copy.
   */
  private static final long MAX_IN_FLIGHT = 8L << 20;

  private record Pending(Future<H5FormatException> result, String path, long address,
      int bytes) {}

  private final FileParams params;
  private final ProblemLog log;
  private final int workers = Math.max(0, Runtime.getRuntime().availableProcessors() - 1);
  private final ArrayDeque<Pending> inFlight = new ArrayDeque<>();
  /** Arrays the blocks are read into, given back here once verified. */
  private final BlockArrays arrays = new BlockArrays();
  /** Blocks verified lately: an equal one is not decoded again. */
  private final VerifiedBlocks verified = new VerifiedBlocks();
  private ExecutorService pool;
  private long inFlightBytes;

  MappingBlockChecks(FileParams params, ProblemLog log) {
    this.params = params;
    this.log = log;
  }

  /** Where to read the blocks handed to {@link #check} into. */
  BlockArrays arrays() {
    return arrays;
  }

  /**
   * Verifies {@code block}, the mapping block of {@code path} in the collection at
   * {@code address}; an array from {@link #arrays} is given back once verified.
   */
  void check(byte[] block, long address, String path) {
    if (workers == 0) {
      report(verify(block, address, path), path, address);
      return;
    }
    if (pool == null) {
      pool = Executors.newFixedThreadPool(workers, r -> {
        Thread t = new Thread(r, "h5j check: mapping blocks");
        t.setDaemon(true);
        return t;
      });
    }
    while (inFlightBytes > 0 && inFlightBytes + block.length > MAX_IN_FLIGHT) {
      finishOldest();
    }
    inFlight.add(new Pending(pool.submit(() -> verify(block, address, path)), path, address,
        block.length));
    inFlightBytes += block.length;
  }

  /** Waits for every block handed over and logs what was wrong with them. */
  void finish() {
    while (!inFlight.isEmpty()) {
      finishOldest();
    }
  }

  private void finishOldest() {
    Pending p = inFlight.poll();
    inFlightBytes -= p.bytes;
    try {
      report(p.result.get(), p.path, p.address);
    } catch (ExecutionException e) {
      log.add(p.path, "VDS mapping block", p.address, "does not decode (" + e.getCause() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.add(p.path, "VDS mapping block", p.address, "not verified: the check was interrupted");
    }
  }

  private H5FormatException verify(byte[] block, long address, String path) {
    boolean kept = false;
    try {
      if (!verified.contains(block)) {
        MappingBlock.decode(block, params, address, path); // keeps nothing of the block
        kept = verified.add(block);
      }
      return null;
    } catch (H5FormatException e) {
      return e; // its message is built: the block is not needed for the report
    } finally {
      if (kept) {
        arrays.keep(block);
      } else {
        arrays.giveBack(block);
      }
    }
  }

  private void report(H5FormatException e, String path, long address) {
    if (e != null) {
      log.add(path, e);
    }
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
