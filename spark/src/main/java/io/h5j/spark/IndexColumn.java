package io.h5j.spark;

import org.apache.spark.sql.types.DataTypes;

/**
 * An index column {@code i<k>} of a batch that holds one box of elements in C order: computed
 * from the row's position, never stored. Row {@code r}'s index along {@code k} is
 * {@code start + (r / stride) % count}, where {@code stride} is the number of elements of one
 * step along {@code k} (the product of the later dimensions' counts).
 */
final class IndexColumn extends NonNullColumn {
  private final long start;
  private final long count;
  private final long stride;

  IndexColumn(ElementBox box, int dimension) {
    super(DataTypes.LongType);
    long s = 1;
    for (int k = dimension + 1; k < box.count().length; k++) {
      s *= box.count()[k];
    }
    this.start = box.start()[dimension];
    this.count = box.count()[dimension];
    this.stride = s;
  }

  @Override
  public long getLong(int rowId) {
    return start + (rowId / stride) % count;
  }
}
