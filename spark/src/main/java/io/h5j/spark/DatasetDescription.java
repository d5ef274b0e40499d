package io.h5j.spark;

import io.h5j.type.Datatype;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import org.apache.spark.sql.types.StructType;

/**
 * What the driver learns of one file's dataset when the table is made: enough to plan
 * partitions, nothing of its elements.
 *
 * @param options the read's options, of this file
 * @param shape the dataset's shape
 * @param grid the cell shape partitions align to (the chunk shape when chunked)
 * @param elementBytes the stored size of one element
 * @param chunked whether the grid is a chunk grid
 * @param schema the dataset's schema (without a {@code file} column)
 * @param numbers whether the elements are plain integers or floats (no enum, no compound),
 *     which read as column batches ({@link Hdf5ColumnarPartitionReader})
 */
record DatasetDescription(ReadOptions options, long[] shape, long[] grid, long elementBytes,
    boolean chunked, StructType schema, boolean numbers) implements Serializable {
  /**
   * Opens the dataset {@code given} names and describes it; a versioned file read without a
   * version is described as its current version ({@link SourceDataset#open}).
   */
  static DatasetDescription of(ReadOptions given, SparkFiles files) {
    try (SourceDataset d = SourceDataset.open(given, files)) {
      ReadOptions o = d.options();
      long[] shape = d.shape();
      Datatype type = d.datatype();
      return new DatasetDescription(o, shape, d.grid(), type.size(), d.chunked(),
          DatasetSchema.of(shape.length, type, o),
          type instanceof FixedPointType || type instanceof FloatType);
    } catch (IOException e) {
      throw new UncheckedIOException("hdf5: cannot read dataset " + given.dataset() + " of "
          + given.path() + ": " + e.getMessage(), e);
    }
  }

  /** The rank of the index: 1 with option layout rows (a row per first index). */
  int indexRank() {
    return options.rows() ? 1 : shape.length;
  }
}
