package io.h5j;

import org.jspecify.annotations.Nullable;

/**
 * One dimension's part of a numpy-style selection: an index ({@code 5}, {@code -1}), a range
 * {@code start:stop:step} whose bounds may be left out ({@code :}, {@code 10:}, {@code ::2}),
 * or the ellipsis {@code ...} standing for as many {@code :} as the rank needs. Indices and
 * bounds below 0 count from the end of the dimension; a range's bounds beyond it are clipped,
 * as numpy does; an index outside it is an error. Build selections of them with
 * {@link Selection#of(Slice...)} or {@link Selection#parse(String)}.
 *
 * <pre>{@code
 * Selection s = Selection.of(Slice.range(500, 510), Slice.every(2)); // "500:510, ::2"
 * Selection row = Selection.of(Slice.at(-1));                         // the last row
 * }</pre>
 */
public final class Slice {
  private static final Slice ELLIPSIS = new Slice(null, null, 1, false, true);
  private static final Slice ALL = new Slice(null, null, 1, false, false);

  private final @Nullable Long start; // null: from the beginning
  private final @Nullable Long stop; // null: to the end
  private final long step;
  private final boolean index;
  private final boolean ellipsis;

  private Slice(@Nullable Long start, @Nullable Long stop, long step, boolean index,
      boolean ellipsis) {
    if (step < 1) {
      throw new IllegalArgumentException("a slice step must be at least 1, got " + step
          + " (h5py does not read backwards either)");
    }
    this.start = start;
    this.stop = stop;
    this.step = step;
    this.index = index;
    this.ellipsis = ellipsis;
  }

  /**
   * The single element {@code i} of the dimension, which the n-d result drops (numpy's
   * {@code a[i]}).
   *
   * @param i the index, 0-based; negative counts from the end, as in numpy
   * @return the slice
   */
  public static Slice at(long i) {
    return new Slice(i, null, 1, true, false);
  }

  /**
   * Elements {@code start} up to, not including, {@code stop} ({@code start:stop}).
   *
   * @param start the first index, 0-based; negative counts from the end
   * @param stop the index after the last; negative counts from the end
   * @return the slice
   */
  public static Slice range(long start, long stop) {
    return new Slice(start, stop, 1, false, false);
  }

  /**
   * Every {@code step}-th element from {@code start} up to {@code stop} ({@code start:stop:step}).
   *
   * @param start the first index, 0-based; negative counts from the end
   * @param stop the index after the last; negative counts from the end
   * @param step the distance between picked indexes, at least 1
   * @return the slice
   */
  public static Slice range(long start, long stop, long step) {
    return new Slice(start, stop, step, false, false);
  }

  /**
   * Elements from {@code start} to the end ({@code start:}).
   *
   * @param start the first index, 0-based; negative counts from the end
   * @return the slice
   */
  public static Slice from(long start) {
    return new Slice(start, null, 1, false, false);
  }

  /**
   * Elements before {@code stop} ({@code :stop}).
   *
   * @param stop the index after the last; negative counts from the end
   * @return the slice
   */
  public static Slice to(long stop) {
    return new Slice(null, stop, 1, false, false);
  }

  /**
   * Every {@code step}-th element of the dimension ({@code ::step}).
   *
   * @param step the distance between picked indexes, at least 1
   * @return the slice
   */
  public static Slice every(long step) {
    return new Slice(null, null, step, false, false);
  }

  /**
   * The whole dimension ({@code :}).
   *
   * @return the slice
   */
  public static Slice all() {
    return ALL;
  }

  /**
   * As many whole dimensions as the rank needs ({@code ...}); at most one per selection.
   *
   * @return the ellipsis slice
   */
  public static Slice ellipsis() {
    return ELLIPSIS;
  }

  /**
   * One part of {@link Selection#parse}'s text: {@code 5}, {@code -1}, {@code :},
   * {@code 2:8}, {@code ::2}, {@code ...}.
   *
   * @throws IllegalArgumentException naming the part when it is none of these
   */
  static Slice parse(String part) {
    String p = part.strip();
    if (p.equals("...")) {
      return ELLIPSIS;
    }
    String[] bounds = p.split(":", -1);
    if (bounds.length > 3 || p.isEmpty()) {
      throw new IllegalArgumentException("'" + part + "' is not an index, a start:stop:step"
          + " slice or '...'");
    }
    if (bounds.length == 1) {
      return at(number(bounds[0], part));
    }
    Long start = bounds[0].isBlank() ? null : number(bounds[0], part);
    Long stop = bounds[1].isBlank() ? null : number(bounds[1], part);
    long step = bounds.length < 3 || bounds[2].isBlank() ? 1 : number(bounds[2], part);
    return new Slice(start, stop, step, false, false);
  }

  private static long number(String text, String part) {
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text.strip() + "' in '" + part.strip()
          + "' is not an integer");
    }
  }

  boolean isEllipsis() {
    return ellipsis;
  }

  boolean isIndex() {
    return index;
  }

  /**
   * Start, stride, count and block of this slice in a dimension of {@code size} elements: a
   * contiguous range is one block (as {@link Selection#box} makes it, so the engine copies it
   * in runs), a stepped one single elements.
   *
   * @throws IllegalArgumentException when an index falls outside the dimension
   */
  long[] resolve(long size, int dim, String dataset) {
    if (index) {
      long i = start < 0 ? start + size : start;
      if (i < 0 || i >= size) {
        throw new IllegalArgumentException("index " + start + " is out of range for dimension "
            + dim + " of dataset " + dataset + ", of size " + size);
      }
      return new long[] {i, 1, 1, 1};
    }
    long from = bound(start, 0, size);
    long until = bound(stop, size, size);
    long count = until > from ? (until - from + step - 1) / step : 0;
    if (count == 0) {
      return new long[] {0, 1, 0, 1};
    }
    return step == 1 ? new long[] {from, 1, 1, count} : new long[] {from, step, count, 1};
  }

  /** A range bound resolved against the end and clipped to 0..size, as numpy does. */
  private static long bound(@Nullable Long b, long absent, long size) {
    if (b == null) {
      return absent;
    }
    long v = b < 0 ? b + size : b;
    return Math.max(0, Math.min(size, v));
  }

  @Override
  public String toString() {
    if (ellipsis) {
      return "...";
    }
    if (index) {
      return Long.toString(start);
    }
    return (start == null ? "" : start) + ":" + (stop == null ? "" : stop)
        + (step == 1 ? "" : ":" + step);
  }
}
