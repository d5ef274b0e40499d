package io.h5j.spark;

import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What every task of one write needs, fixed on the driver before the job runs: the options,
 * where each column is, the stored type, the chunk grid and the job's folder of part files.
 *
 * @param options the write's options
 * @param indexOrdinals the row position of index column {@code i<k>}, per dimension k
 * @param valueOrdinal the row position of column {@code value}
 * @param type how values are stored
 * @param fill the fill value, boxed (as {@link WritableType#fill} gives)
 * @param grid the chunk grid rows are grouped by
 * @param store where the target and the part files are (local or a Hadoop file system)
 * @param jobDir the folder of this job's part files in the store, {@link PartFiles#jobDir}
 */
record WriteJob(WriteOptions options, int[] indexOrdinals, int valueOrdinal, WritableType type,
    Object fill, ChunkGrid grid, TargetStore store, String jobDir) implements Serializable {
  /** The largest chunk a task buffers: 1 GiB (libhdf5's chunk limit is 4 GiB). */
  static final long MAX_CHUNK_BYTES = 1L << 30;

  /** The job writing a table of {@code schema} with {@code options}, as query {@code queryId}. */
  static WriteJob of(StructType schema, WriteOptions options, String queryId) {
    String where = options.dataset() + " of " + options.path();
    int rank = 0;
    while (schema.getFieldIndex(DatasetSchema.index(rank)).isDefined()) {
      rank++;
    }
    if (rank == 0 || !schema.getFieldIndex(DatasetSchema.VALUE).isDefined()
        || schema.fields().length != rank + 1) {
      throw new IllegalArgumentException("hdf5: writing " + where + " needs columns i0.."
          + "i{rank-1} (long) and value, and no others; the table has "
          + String.join(", ", schema.fieldNames()));
    }
    int[] indexOrdinals = new int[rank];
    for (int k = 0; k < rank; k++) {
      StructField f = schema.apply(DatasetSchema.index(k));
      if (!f.dataType().equals(DataTypes.LongType)) {
        throw new IllegalArgumentException("hdf5: index column " + f.name() + " is "
            + f.dataType().simpleString() + "; cast it to long to write " + where);
      }
      indexOrdinals[k] = schema.fieldIndex(f.name());
    }
    int valueOrdinal = schema.fieldIndex(DatasetSchema.VALUE);
    WritableType type = WritableType.of(schema.fields()[valueOrdinal].dataType(), where);
    options.checkRank(rank);
    ChunkGrid grid = ChunkGrid.of(rank, options.chunks(), options.shape());
    if ((long) grid.elements() * type.size() > MAX_CHUNK_BYTES) { // before any task runs
      throw new IllegalArgumentException("hdf5: chunks " + Arrays.toString(grid.chunk())
          + " of " + type.stored() + " hold more than " + (MAX_CHUNK_BYTES >> 20) + " MiB,"
          + " which a task buffers whole; give smaller option chunks");
    }
    TargetStore store = TargetStore.forTarget(options.path());
    return new WriteJob(options, indexOrdinals, valueOrdinal, type,
        type.fill(options.fill(), where), grid, store,
        PartFiles.jobDir(store.target(), queryId));
  }

  int rank() {
    return indexOrdinals.length;
  }

  /** The target file's name in the store. */
  String target() {
    return store.target();
  }

  /** The dataset and file, as messages name them. */
  String where() {
    return options.dataset() + " of " + options.path();
  }
}
