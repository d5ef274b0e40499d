package io.h5j.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * What one task reads: a file's dataset and boxes of its elements (a few numbers; the
 * executor opens the file itself).
 *
 * @param description the file's dataset (file, dataset, version, grid)
 * @param boxes the boxes of elements, in C order
 */
record Hdf5Partition(DatasetDescription description, List<ElementBox> boxes)
    implements InputPartition {
  Hdf5Partition {
    boxes = List.copyOf(boxes);
  }
}
