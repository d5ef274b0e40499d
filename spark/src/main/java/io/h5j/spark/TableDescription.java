package io.h5j.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.StructType;

/**
 * What the driver learns of a table when it is made: the dataset of each file it reads (one,
 * or those of a directory or a glob) and the table's schema.
 *
 * @param options the read's options as given (the load path)
 * @param files each file's dataset, in path order
 * @param fileColumn whether the table has the column {@code file} (a directory or a glob)
 * @param schema the table's schema
 */
record TableDescription(ReadOptions options, List<DatasetDescription> files, boolean fileColumn,
    StructType schema) implements Serializable {
  TableDescription {
    files = List.copyOf(files);
  }

  /**
   * Lists the files {@code o} names and describes each one's dataset.
   *
   * @throws IllegalArgumentException when two files' datasets read as different columns (type
   *     or rank), naming both
   */
  static TableDescription of(ReadOptions o, SparkFiles files) {
    FileListing listing;
    try {
      listing = files.list(o.path());
    } catch (IOException e) {
      throw new UncheckedIOException("hdf5: cannot list " + o.path() + ": " + e.getMessage(), e);
    }
    if (!listing.many()) {
      DatasetDescription d = DatasetDescription.of(o, files);
      return new TableDescription(o, List.of(d), false, d.schema());
    }
    List<DatasetDescription> described = new ArrayList<>();
    for (String file : listing.files()) {
      DatasetDescription d = DatasetDescription.of(o.withPath(file), files);
      DatasetDescription first = described.isEmpty() ? d : described.get(0);
      if (!d.schema().equals(first.schema())) {
        throw new IllegalArgumentException("hdf5: dataset " + o.dataset() + " of " + file
            + " reads as " + d.schema().simpleString() + " but of " + first.options().path()
            + " as " + first.schema().simpleString() + "; the files of " + o.path()
            + " must hold it with one type and rank");
      }
      described.add(d);
    }
    DatasetDescription first = described.get(0);
    return new TableDescription(o, described, true, DatasetSchema.withFile(first.schema(),
        "dataset " + o.dataset() + " of " + first.options().path()));
  }

  /** The rank of the index (of every file's, which their schemas being equal makes one). */
  int indexRank() {
    return files.get(0).indexRank();
  }
}
