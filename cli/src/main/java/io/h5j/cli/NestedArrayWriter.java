package io.h5j.cli;

import io.h5j.type.Datatype;

/**
 * Writes the elements of an n-d array, given in C order a run at a time, as nested brackets
 * ({@code [[1, 2], [3, 4]]}; a scalar bare), so that a dataset of any size is printed as it
 * is read. Keeps only the position of the next element.
 */
final class NestedArrayWriter {
  private final DumpOutput out;
  private final ElementFormat format;
  private final long[] dims;
  /** The elements' datatype, or null to format by their Java class alone. */
  private final Datatype type;
  /** Index of the next element; valid while {@link #complete} is false. */
  private final long[] at;
  private boolean complete;

  /** @param type the elements' datatype, or null to format them by their Java class alone */
  NestedArrayWriter(DumpOutput out, ElementFormat format, long[] dims, Datatype type) {
    this.out = out;
    this.format = format;
    this.dims = dims.clone();
    this.type = type;
    this.at = new long[dims.length];
  }

  /** Opens the brackets; an array with no elements is written whole here. */
  void begin() {
    if (java.util.Arrays.stream(dims).anyMatch(d -> d == 0)) {
      empty(0);
      complete = true;
      return;
    }
    for (int d = 0; d < dims.length; d++) {
      out.append('[');
    }
  }

  /** An array with a zero dimension at or below {@code dim}: brackets only. */
  private void empty(int dim) {
    out.append('[');
    if (dims[dim] > 0 && dim + 1 < dims.length) {
      for (long i = 0; i < dims[dim]; i++) {
        if (i > 0) {
          out.append(format.separator());
        }
        empty(dim + 1);
      }
    }
    out.append(']');
  }

  /** The next {@code count} elements of the array, from the start of the flat {@code values}. */
  void write(Object values, int count) {
    int rank = dims.length;
    if (count > 0 && complete) {
      throw new IllegalStateException("more elements than the shape holds");
    }
    if (rank == 0) {
      format.run(out, values, 0, Math.min(count, 1), type);
      complete = count > 0;
      return;
    }
    int i = 0;
    while (i < count) {
      long left = dims[rank - 1] - at[rank - 1];
      int n = (int) Math.min(left, count - i);
      if (at[rank - 1] > 0) {
        out.append(format.separator());
      }
      format.run(out, values, i, n, type);
      at[rank - 1] += n;
      i += n;
      if (at[rank - 1] == dims[rank - 1]) {
        nextRow();
      }
    }
  }

  /** After the last element of a row: the brackets that close, and those that open. */
  private void nextRow() {
    int d = dims.length - 1;
    while (at[d] == dims[d]) {
      out.append(']');
      at[d] = 0;
      if (d == 0) {
        complete = true;
        return;
      }
      at[--d]++;
    }
    out.append(format.separator());
    for (int open = d + 1; open < dims.length; open++) {
      out.append('[');
    }
  }

  /** Whether every element was written. */
  boolean complete() {
    return complete;
  }

  /**
   * Closes the brackets still open, so that an array cut short by a read failure is still
   * well formed (shorter than its shape).
   */
  void close() {
    if (!complete && dims.length > 0) {
      for (int d = 0; d < dims.length; d++) {
        out.append(']');
      }
      complete = true;
    }
  }
}
