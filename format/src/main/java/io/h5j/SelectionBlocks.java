package io.h5j;

import io.h5j.format.select.Hyperslab;

/**
 * A {@link Selection} resolved against a dataset's dimensions: a regular hyperslab, per
 * dimension {@code count} blocks of {@code block} elements, the first at {@code start}, each
 * {@code stride} after the previous. Blocks never overlap. For callers that work out which
 * chunks or rows a read touches; {@link Selection#in} makes one. Arrays returned are copies.
 */
public final class SelectionBlocks {
  private final Hyperslab slab;

  SelectionBlocks(Hyperslab slab) {
    this.slab = slab;
  }

  /**
   * The number of dimensions.
   *
   * @return the rank, as the dataset's
   */
  public int rank() {
    return slab.rank();
  }

  /**
   * The first selected coordinate along each dimension.
   *
   * @return a new array, one coordinate per dimension
   */
  public long[] start() {
    return slab.start().clone(); // the record hands out its own array
  }

  /**
   * The distance from one block's start to the next one's, per dimension.
   *
   * @return a new array, one distance per dimension
   */
  public long[] stride() {
    return slab.stride().clone();
  }

  /**
   * The number of blocks per dimension (0: nothing selected).
   *
   * @return a new array, one count per dimension
   */
  public long[] count() {
    return slab.count().clone();
  }

  /**
   * The elements of one block per dimension (at least 1).
   *
   * @return a new array, one size per dimension
   */
  public long[] block() {
    return slab.block().clone();
  }

  /**
   * Elements selected along each dimension ({@code count * block}).
   *
   * @return a new array, one length per dimension
   */
  public long[] shape() {
    return slab.shape();
  }

  /**
   * Elements selected in all.
   *
   * @return the product of {@link #shape()}
   */
  public long elementCount() {
    return slab.elementCount();
  }

  /**
   * One past the last selected coordinate along a dimension.
   *
   * @param d the dimension, 0 to {@code rank() - 1}
   * @return the end coordinate, exclusive ({@code start} when nothing is selected)
   */
  public long end(int d) {
    return slab.end(d);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SelectionBlocks b && slab.equals(b.slab);
  }

  @Override
  public int hashCode() {
    return slab.hashCode();
  }

  @Override
  public String toString() {
    return slab.toString();
  }
}
