package io.h5j.versioning;

import io.h5j.Dataset;
import java.io.IOException;
import java.util.Arrays;

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
    public boolean equals(Object o) {
      return o instanceof Slot s && s.start == start && Arrays.equals(s.extent, extent);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(start) * 31 + Arrays.hashCode(extent);
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
    UNREADABLE
  }

  /**
   * One result: the outcome, the hash computed (null unless read), the rows that start at the
   * slot, and why it could not be read (null unless {@link Outcome#UNREADABLE}).
   */
  record Result(Outcome outcome, byte[] actual, int[] rows, String why) {
    boolean ok() {
      return outcome == Outcome.OK;
    }
  }

  static Result check(Dataset raw, StagedElements elements, HashTableRows table, long start,
      long[] extent) throws IOException {
    int[] rows = table.startingAt(start);
    String outside = outside(raw, elements, start, extent);
    if (outside != null) {
      return new Result(Outcome.UNREADABLE, null, rows, outside);
    }
    byte[] actual;
    try {
      actual = elements.hash(elements.read(raw, start, extent), extent);
    } catch (IOException | RuntimeException e) {
      return new Result(Outcome.UNREADABLE, null, rows, e.getMessage() == null ? e.toString()
          : e.getMessage());
    }
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

  /** Why the box cannot be read from raw_data, or null if it can. */
  private static String outside(Dataset raw, StagedElements elements, long start, long[] extent)
      throws IOException {
    long[] dims = raw.shape();
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
