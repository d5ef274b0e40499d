package io.h5j.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * What one task reads: the file, the dataset and the boxes of elements (a few numbers; the
 * executor opens the file itself).
 *
 * @param options the read's options (file, dataset, version)
 * @param boxes the boxes of elements, in C order
 */
record Hdf5Partition(ReadOptions options, List<ElementBox> boxes) implements InputPartition {
  Hdf5Partition {
    boxes = List.copyOf(boxes);
  }
}
