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
  /** Copies the arrays: a slab is a value. */
  public Slab {
    start = start.clone();
    shape = shape.clone();
  }

  @Override
  public long[] start() {
    return start.clone();
  }

  @Override
  public long[] shape() {
    return shape.clone();
  }
}
