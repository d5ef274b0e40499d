package io.h5j.spark;

import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.jspecify.annotations.Nullable;

/**
 * Reads one partition's boxes on an executor as rows: opens the file, reads each box through
 * h5j's normal read of a selection, in the slices of {@link BoxSlices}, and turns the elements
 * into rows of the columns asked for: a row per element, or with option {@code layout}
 * {@code rows} a row per first index holding that index's elements. Reports the chunks its
 * reads covered as {@link ChunksReadMetric}.
 */
final class Hdf5PartitionReader implements PartitionReader<InternalRow> {
  private final DatasetDescription description;
  private final ReadOptions options;
  private final BoxSlices slices;
  private final Function<Object, Object>[] columns; // one per output column, of the element
  private final int[] indexColumn; // dimension of an index column, -1 for element columns
  private final StructField[] fields;
  private final boolean fileColumn;
  private final SparkFiles files;
  private @Nullable SourceDataset source;
  private @Nullable ElementBox slice;
  private @Nullable Object values;
  private int position; // of the next output row in the slice
  private int length; // output rows in the slice
  private int rowLength = 1; // elements per output row
  private long[] index = new long[0];
  private @Nullable InternalRow row;

  Hdf5PartitionReader(Hdf5Partition partition, StructType required, boolean fileColumn,
      SparkFiles files) {
    this.description = partition.description();
    this.files = files;
    this.fileColumn = fileColumn;
    this.options = description.options();
    this.slices = new BoxSlices(partition);
    this.fields = required.fields();
    @SuppressWarnings("unchecked")
    Function<Object, Object>[] c = new Function[fields.length];
    this.columns = c;
    this.indexColumn = new int[fields.length];
    java.util.Arrays.fill(indexColumn, -1);
  }

  /** Opens the file and resolves each output column, on first use. */
  private SourceDataset source() throws IOException {
    if (source == null) {
      source = SourceDataset.open(options, files);
      Datatype type = source.datatype();
      String where = options.dataset() + " of " + options.path();
      int rank = description.indexRank();
      for (int i = 0; i < fields.length; i++) {
        String name = fields[i].name();
        int k = name.matches("i[0-9]+") ? Integer.parseInt(name.substring(1)) : -1;
        if (k >= 0 && k < rank) {
          indexColumn[i] = k;
        } else if (fileColumn && name.equals(DatasetSchema.FILE)) {
          UTF8String file = UTF8String.fromString(options.path());
          columns[i] = e -> file;
        } else if (options.rows() && name.equals(DatasetSchema.VALUE)) {
          Function<Object, Object> m = ElementMapping.of(type, options.enumAsNumber(), where)
              .convert();
          columns[i] = e -> {
            Object[] elements = (Object[]) e;
            Object[] out = new Object[elements.length];
            for (int j = 0; j < out.length; j++) {
              out[j] = elements[j] == null ? null : m.apply(elements[j]);
            }
            return new GenericArrayData(out);
          };
        } else if (type instanceof CompoundType ct && ct.member(name) != null) {
          Function<Object, Object> m = ElementMapping.of(ct.member(name).type(),
              options.enumAsNumber(), where + " member " + name).convert();
          columns[i] = e -> {
            Object v = ((Map<?, ?>) e).get(name);
            return v == null ? null : m.apply(v);
          };
        } else if (name.equals(DatasetSchema.VALUE)) {
          Function<Object, Object> m = ElementMapping.of(type, options.enumAsNumber(), where)
              .convert();
          columns[i] = e -> e == null ? null : m.apply(e);
        } else {
          throw new IllegalStateException("hdf5: no column " + name + " in " + where);
        }
      }
    }
    return source;
  }

  @Override
  public boolean next() throws IOException {
    while (position >= length) {
      if (!nextSlice()) {
        return false;
      }
    }
    Object element;
    if (options.rows()) {
      if (position > 0) {
        index[0]++;
      }
      Object[] elements = new Object[rowLength];
      for (int j = 0; j < rowLength; j++) {
        elements[j] = Array.get(values, position * rowLength + j);
      }
      element = elements;
    } else {
      if (index.length > 0 && position > 0) {
        advance();
      }
      element = Array.get(values, position);
    }
    position++;
    Object[] out = new Object[columns.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = indexColumn[i] >= 0 ? (Object) index[indexColumn[i]]
          : columns[i].apply(element);
    }
    row = new GenericInternalRow(out);
    return true;
  }

  /** The next index in C order of the current slice. */
  private void advance() {
    for (int k = index.length - 1; k >= 0; k--) {
      if (++index[k] < slice.start()[k] + slice.count()[k]) {
        return;
      }
      index[k] = slice.start()[k];
    }
  }

  /** Reads the next slice of this box, or of the next box; false at the end. */
  private boolean nextSlice() throws IOException {
    SourceDataset s = source();
    if (!slices.next()) {
      return false;
    }
    slice = slices.slice();
    values = slices.read(s);
    rowLength = options.rows() ? Math.toIntExact(slice.count()[1]) : 1;
    position = 0;
    length = options.rows() ? Math.toIntExact(slice.count()[0]) : Array.getLength(values);
    index = slice.start().clone();
    return true;
  }

  @Override
  public InternalRow get() {
    return row;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return ChunksReadMetric.of(slices.chunksRead());
  }

  @Override
  public void close() throws IOException {
    if (source != null) {
      source.close();
    }
  }
}
