package io.h5j.spark;

import java.io.Serializable;
import org.apache.spark.sql.types.StructType;

/**
 * What the driver learns of a dataset when the table is made: enough to plan partitions,
 * nothing of its elements.
 *
 * @param options the read's options
 * @param shape the dataset's shape
 * @param grid the cell shape partitions align to (the chunk shape when chunked)
 * @param elementBytes the stored size of one element
 * @param chunked whether the grid is a chunk grid
 * @param schema the table's full schema
 * @param numbers whether the elements are plain integers or floats (no enum, no compound),
 *     which read as column batches ({@link Hdf5ColumnarPartitionReader})
 */
record DatasetDescription(ReadOptions options, long[] shape, long[] grid, long elementBytes,
    boolean chunked, StructType schema, boolean numbers) implements Serializable {}
