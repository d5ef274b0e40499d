package io.h5j.spark;

import org.apache.spark.sql.types.DataTypes;

/**
 * An index column {@code i<k>} of a batch that holds one box of elements in C order: computed
 * from the row's position, never stored. Row {@code r}'s index along {@code k} is
 * {@code start + (r / stride) % count}, where {@code stride} is the number of elements of one
 * step along {@code k} (the product of the later dimensions' counts). When the box runs along
 * {@code k} alone (a 1-d dataset's {@code i0}), that is {@code start + r}: Spark asks once per
 * row, and two divisions would cost more than the rest of the row.
 */
final class IndexColumn extends NonNullColumn {
  private final long start;
  private final int count;
  private final int stride;
  private final boolean alone; // every other dimension has one index: the index is start + row

  /**
   * The column of dimension {@code dimension} of {@code box}, which holds at most 2^31 - 1
   * elements (those of one batch).
   */
  IndexColumn(ElementBox box, int dimension) {
    super(DataTypes.LongType);
    long s = 1;
    for (int k = dimension + 1; k < box.count().length; k++) {
      s *= box.count()[k];
    }
    this.start = box.start()[dimension];
    this.count = Math.toIntExact(box.count()[dimension]);
    this.stride = Math.toIntExact(Math.max(1, s));
    this.alone = box.elements() == count;
  }

  @Override
  public long getLong(int rowId) {
    return alone ? start + rowId : start + (rowId / stride) % count;
  }
}
