package io.h5j;

/**
 * One slab of a dataset read by {@link Dataset#slabs(long)}: whole rows along the first
 * dimension.
 *
 * @param selection the elements of the slab, for reads or writes of the same part
 * @param start the slab's first element (its first row, then zeros)
 * @param shape the slab's shape: its rows, then the dataset's other dimensions
 * @param values the elements as {@link Dataset#read(Selection)} gives them (flat, C order)
 */
public record Slab(Selection selection, long[] start, long[] shape, Object values) {
  /**
   * Copies the arrays: a slab is a value.
   *
   * @param selection the elements of the slab
   * @param start the slab's first element; copied
   * @param shape the slab's shape; copied
   * @param values the elements, flat in C order
   */
  public Slab {
    start = start.clone();
    shape = shape.clone();
  }

  /**
   * The slab's first element: its first row, then zeros.
   *
   * @return a new array each call
   */
  @Override
  public long[] start() {
    return start.clone();
  }

  /**
   * The slab's shape: its rows, then the dataset's other dimensions.
   *
   * @return a new array each call
   */
  @Override
  public long[] shape() {
    return shape.clone();
  }
}
