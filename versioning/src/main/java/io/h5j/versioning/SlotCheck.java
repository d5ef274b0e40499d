package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.type.VarLenType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Whether one raw chunk still holds what was committed: the elements a version maps at
 * raw_data rows {@code [start, start + extent[0])} (the top-left box of {@code extent} of that
 * slot) hash, as versioned-hdf5 hashes a chunk ({@link ChunkHash}), to a committed hash-table
 * row whose slice starts at {@code start}. versioned-hdf5 hashes each chunk trimmed at the
 * array edge and records its slot's rows along axis 0 only; every version that maps a slot
 * maps it with the extent it was hashed with, because both libraries re-hash an edge chunk
 * whose trimmed extent a resize changes.
 */
final class SlotCheck {
  private SlotCheck() {}

  /** A slot as a version maps it: its first raw_data row and the extent of its box. */
  record Slot(long start, long[] extent) {
    Slot {
      extent = extent.clone();
    }

    @Override
    public long[] extent() {
      return extent.clone();
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Slot s && s.start == start && Arrays.equals(s.extent, extent);
    }

    @Override
    public int hashCode() {
      // slots start every chunks[0] rows, a power of two as often as not: spread those bits
      return Long.hashCode(start * 0x9E3779B97F4A7C15L) * 31 + Arrays.hashCode(extent);
    }

    @Override
    public String toString() {
      return "raw_data rows " + start + ".." + (start + extent[0]);
    }
  }

  /** What the check found. */
  enum Outcome {
    /** The chunk hashes to a row of its start. */
    OK,
    /** Rows start there, but none holds the chunk's hash: the chunk is damaged. */
    MISMATCH,
    /** No committed row starts there: nothing to verify against. */
    NO_ROW,
    /** The box lies outside raw_data, or reading it failed (e.g. a damaged compressed chunk). */
    UNREADABLE,
    /**
     * No row holds the hash, but the chunk's strings are not all UTF-8 (h5j reads invalid bytes
     * as U+FFFD, versioned-hdf5 hashes the bytes as stored), so h5j cannot tell.
     */
    UNVERIFIABLE
  }

  /**
   * One result: the outcome, the hash computed (null unless read), the rows that start at the
   * slot, and why it could not be read (null unless {@link Outcome#UNREADABLE}).
   */
  record Result(Outcome outcome, byte @Nullable [] actual, int[] rows, @Nullable String why) {
    boolean ok() {
      return outcome == Outcome.OK;
    }
  }

  /**
   * Bytes read at once for a run of adjacent slots: under the size of array G1 allocates as
   * "humongous" (half a region, 1 MiB and more), which cost three times the reading thread's
   * CPU in collector work at 4 MiB.
   */
  private static final long RUN_BYTES = 512 << 10;

  static Result check(Dataset raw, StagedElements elements, HashTableRows table, long start,
      long[] extent) throws IOException {
    return check(raw, elements, table, List.of(new Slot(start, extent))).get(0);
  }

  /**
   * Checks many slots of one raw_data, in the order given. Slots that follow each other in
   * raw_data (a commit writes its new chunks in a run) are read with one read: one call per
   * chunk costs several times the bytes' own reading.
   */
  static List<Result> check(Dataset raw, StagedElements elements, HashTableRows table,
      List<Slot> slots) throws IOException {
    return check(raw, elements, table, slots, bytes -> { });
  }

  /** The same, telling {@code hashed} the bytes of each slot once it is judged. */
  static List<Result> check(Dataset raw, StagedElements elements, HashTableRows table,
      List<Slot> slots, java.util.function.LongConsumer hashed) throws IOException {
    long[] dims = raw.shape();
    int size = elements.size();
    boolean fixed = !(raw.datatype() instanceof VarLenType);
    byte[] runBuffer = null;
    long rowBytes = size;
    for (int d = 1; d < dims.length; d++) {
      rowBytes *= dims[d];
    }
    Integer[] order = new Integer[slots.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(slots.get(a).start(), slots.get(b).start()));
    Result[] out = new Result[slots.size()];
    int i = 0;
    while (i < order.length) {
      Slot first = slots.get(order[i]);
      String why = outside(dims, elements, first.start(), first.extent);
      if (why != null) {
        out[order[i]] = new Result(Outcome.UNREADABLE, null, table.startingAt(first.start()),
            why);
        i++;
        continue;
      }
      // the run: slots whose boxes lie in rows [from, to) that one read of whole rows covers
      long from = first.start();
      long to = from + first.extent[0];
      int j = i + 1;
      while (j < order.length) {
        Slot next = slots.get(order[j]);
        long end = next.start() + next.extent[0];
        if (next.start() < from || outside(dims, elements, next.start(), next.extent) != null
            || next.start() > to || (Math.max(to, end) - from) * rowBytes > RUN_BYTES) {
          break;
        }
        to = Math.max(to, end);
        j++;
      }
      byte[] run = null;
      if (j - i > 1) {
        long[] box = dims.clone();
        box[0] = to - from;
        try {
          if (fixed) {
            // stored bytes into one buffer for every run: no garbage per run
            int n = Math.toIntExact((to - from) * rowBytes);
            if (runBuffer == null || runBuffer.length < n) {
              runBuffer = new byte[n];
            }
            raw.read(StagedElements.slot(from, box), ByteBuffer.wrap(runBuffer, 0, n));
            run = runBuffer;
          } else {
            run = elements.read(raw, from, box);
          }
        } catch (IOException | RuntimeException e) {
          run = null; // one bad chunk: read the run slot by slot to name it alone
        }
      }
      for (int k = i; k < j; k++) {
        Slot sl = slots.get(order[k]);
        if (run != null && fixed && fullWidth(sl, dims)) {
          // whole rows of fixed-size elements: the slot's bytes are one span of the run
          int off = Math.toIntExact((sl.start() - from) * rowBytes);
          int len = Math.toIntExact(sl.extent[0] * rowBytes);
          out[order[k]] = judge(table, sl, ChunkHash.of(run, off, len, sl.extent));
        } else {
          byte[] staged = null;
          String failed = null;
          try {
            staged = run != null ? cut(run, dims, from, to - from, sl, size)
                : elements.read(raw, sl.start(), sl.extent);
          } catch (IOException | RuntimeException e) {
            failed = e.getMessage() == null ? e.toString() : e.getMessage();
          }
          out[order[k]] = judge(table, sl, staged, elements, failed);
        }
        hashed.accept(Boxes.count(sl.extent) * size);
      }
      i = j;
    }
    return List.of(out);
  }

  /** The box of {@code slot} out of a read of whole rows {@code [from, from + rows)}. */
  private static byte[] cut(byte[] run, long[] dims, long from, long rows, Slot slot,
      int size) {
    long[] runShape = dims.clone();
    runShape[0] = rows;
    byte[] out = new byte[Math.toIntExact(Boxes.count(slot.extent) * size)];
    long[] at = new long[dims.length];
    at[0] = slot.start() - from;
    Boxes.copy(run, runShape, at, out, slot.extent, new long[dims.length], slot.extent, size);
    return out;
  }

  private static boolean fullWidth(Slot slot, long[] dims) {
    for (int d = 1; d < dims.length; d++) {
      if (slot.extent[d] != dims[d]) {
        return false;
      }
    }
    return true;
  }

  /** The judgement of a slot of fixed-size elements whose hash is {@code actual}. */
  private static Result judge(HashTableRows table, Slot slot, byte[] actual) {
    int[] rows = table.startingAt(slot.start());
    if (rows.length == 0) {
      return new Result(Outcome.NO_ROW, actual, rows, null);
    }
    for (int r : rows) {
      if (table.hashEquals(r, actual)) {
        return new Result(Outcome.OK, actual, rows, null);
      }
    }
    return new Result(Outcome.MISMATCH, actual, rows, null);
  }

  private static Result judge(HashTableRows table, Slot slot, byte[] staged,
      StagedElements elements, String failed) {
    if (staged == null) {
      return new Result(Outcome.UNREADABLE, null, table.startingAt(slot.start()), failed);
    }
    Result r = judge(table, slot, elements.hash(staged, slot.extent));
    if (r.outcome() == Outcome.MISMATCH
        && elements.decode(staged, (int) Boxes.count(slot.extent)) instanceof String[] strings
        && java.util.Arrays.stream(strings).anyMatch(x -> x.indexOf('\uFFFD') >= 0)) {
      return new Result(Outcome.UNVERIFIABLE, r.actual(), r.rows(), "it holds strings that"
          + " are not UTF-8, which h5j reads as U+FFFD where versioned-hdf5 hashes their bytes");
    }
    return r;
  }

  /** Why the box cannot be read from raw_data, or null if it can. */
  private static @Nullable String outside(long[] dims, StagedElements elements, long start,
      long[] extent) {
    boolean fits = dims.length == extent.length && start >= 0
        && start <= dims[0] - extent[0];
    for (int d = 1; fits && d < dims.length; d++) {
      fits = extent[d] <= dims[d];
    }
    if (!fits) {
      return "the box of " + Arrays.toString(extent) + " at row " + start
          + " reaches outside raw_data of shape " + Arrays.toString(dims);
    }
    long n = Boxes.count(extent);
    if (n > (Integer.MAX_VALUE - 8) / elements.size()) {
      return "the chunk of " + Arrays.toString(extent) + " elements is larger than one Java"
          + " array";
    }
    return null;
  }
}
