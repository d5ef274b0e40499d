package io.h5j.raw;

import org.jspecify.annotations.Nullable;

/**
 * One mapping of a virtual dataset: elements of a source dataset that appear in a region of
 * the virtual one. The regions are given as boxes when they are single boxes (most mappings:
 * h5py's and h5j's {@code map} write them); other selections (strided, unlimited or point
 * ones) are described by the mapping block's bytes only, and their box is null here.
 *
 * @param sourceFile the source file name as stored ({@code "."} for the virtual dataset's
 *     own file; may contain printf-style block patterns)
 * @param sourceDataset the source dataset's path as stored (may contain patterns too)
 * @param virtualBox the region of the virtual dataset, or null when it is not one box
 * @param sourceBox the region of the source dataset, or null when it is not one box
 */
public record VirtualMapping(String sourceFile, String sourceDataset, @Nullable Box virtualBox,
    @Nullable Box sourceBox) {

  /** The source file name libhdf5 stores for "this same file". */
  public static final String SAME_FILE = ".";

  /**
   * A box: a start and a shape in each dimension.
   *
   * @param start the first element in each dimension
   * @param shape the number of elements in each dimension
   */
  public record Box(long[] start, long[] shape) {
    /**
     * Copies the arrays and checks that they have the same rank.
     *
     * @param start the first element in each dimension
     * @param shape the number of elements in each dimension
     */
    public Box {
      start = start.clone();
      shape = shape.clone();
      if (start.length != shape.length) {
        throw new IllegalArgumentException("start has rank " + start.length + ", shape "
            + shape.length);
      }
    }

    /**
     * A copy of the start.
     *
     * @return a new array each call
     */
    @Override
    public long[] start() {
      return start.clone();
    }

    /**
     * A copy of the shape.
     *
     * @return a new array each call
     */
    @Override
    public long[] shape() {
      return shape.clone();
    }

    /**
     * The number of dimensions.
     *
     * @return the rank
     */
    public int rank() {
      return start.length;
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Box b && java.util.Arrays.equals(start, b.start)
          && java.util.Arrays.equals(shape, b.shape);
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(start) * 31 + java.util.Arrays.hashCode(shape);
    }

    /** E.g. {@code [0, 0] + [10, 20]}. */
    @Override
    public String toString() {
      return java.util.Arrays.toString(start) + " + " + java.util.Arrays.toString(shape);
    }
  }

  /**
   * Whether the source is in the virtual dataset's own file.
   *
   * @return true when the source file name is {@value #SAME_FILE}
   */
  public boolean sameFile() {
    return SAME_FILE.equals(sourceFile);
  }
}
