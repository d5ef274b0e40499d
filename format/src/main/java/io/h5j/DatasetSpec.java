package io.h5j;

import io.h5j.format.datatype.DataConverter;
import io.h5j.format.datatype.Datatype;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * What a new dataset looks like: datatype, shape, maximum shape, storage layout, fill value
 * and optionally its data (a flat Java array in C order, as {@link Dataset#read} returns).
 *
 * <pre>{@code
 * DatasetSpec.of(new double[] {1, 2, 3, 4, 5, 6}).shape(2, 3);
 * DatasetSpec.empty(Datatypes.INT32, 100).fillValue(-1);
 * }</pre>
 */
public final class DatasetSpec {
  /** How the elements are stored. Chunked storage arrives with the chunk index layer. */
  public enum Layout { CONTIGUOUS, COMPACT }

  /** libhdf5 refuses compact data beyond 64 KiB. */
  static final int MAX_COMPACT_BYTES = 65_520;

  private Datatype datatype;
  private long[] shape;
  private long[] maxShape;
  private Layout layout = Layout.CONTIGUOUS;
  private Object fillValue;
  private Object data;

  private DatasetSpec() {}

  /** A dataset holding {@code flatArray}, 1-D unless {@link #shape} says otherwise. */
  public static DatasetSpec of(Object flatArray) {
    DatasetSpec s = new DatasetSpec();
    s.data = requireArray(flatArray);
    try {
      s.datatype = DataConverter.forJavaArray(flatArray);
    } catch (IllegalArgumentException e) {
      s.datatype = null; // e.g. an empty Map[]: the caller must name the type with datatype()
    }
    s.shape = new long[] {Array.getLength(flatArray)};
    return s;
  }

  /** A dataset of the given type and shape with no data written (reads as the fill value). */
  public static DatasetSpec empty(Datatype type, long... shape) {
    DatasetSpec s = new DatasetSpec();
    s.datatype = type;
    s.shape = shape.clone();
    return s;
  }

  /** A scalar (rank 0) dataset holding one value given as a one-element array. */
  public static DatasetSpec scalar(Object oneElementArray) {
    DatasetSpec s = of(oneElementArray);
    if (Array.getLength(oneElementArray) != 1) {
      throw new IllegalArgumentException("a scalar needs exactly one element");
    }
    s.shape = new long[0];
    return s;
  }

  private static Object requireArray(Object a) {
    if (a == null || !a.getClass().isArray()) {
      throw new IllegalArgumentException("data must be a flat Java array, e.g. double[]");
    }
    return a;
  }

  public DatasetSpec datatype(Datatype t) {
    this.datatype = t;
    return this;
  }

  public DatasetSpec shape(long... dims) {
    this.shape = dims.clone();
    return this;
  }

  /** Maximum dimensions ({@code Dataspace.UNLIMITED} for unlimited). */
  public DatasetSpec maxShape(long... dims) {
    this.maxShape = dims.clone();
    return this;
  }

  public DatasetSpec layout(Layout l) {
    this.layout = l;
    return this;
  }

  /** The fill value, as a one-element Java array of the data's kind or a boxed scalar. */
  public DatasetSpec fillValue(Object value) {
    this.fillValue = value;
    return this;
  }

  public Datatype datatype() {
    return datatype;
  }

  public long[] shape() {
    return shape.clone();
  }

  public long[] maxShape() {
    return maxShape == null ? shape.clone() : maxShape.clone();
  }

  public Layout layout() {
    return layout;
  }

  public Object fillValue() {
    return fillValue;
  }

  public Object data() {
    return data;
  }

  long elementCount() {
    long n = 1;
    for (long d : shape) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  void validate() {
    if (datatype == null) {
      throw new IllegalArgumentException("the dataset needs a datatype: h5j cannot infer one"
          + " from this data (e.g. an empty array of compounds); call datatype(t)");
    }
    if (maxShape != null && maxShape.length != shape.length) {
      throw new IllegalArgumentException("max shape " + Arrays.toString(maxShape)
          + " has a different rank from shape " + Arrays.toString(shape));
    }
    if (maxShape != null && !Arrays.equals(maxShape, shape)) {
      throw new IllegalArgumentException("a max shape other than the shape needs chunked"
          + " storage, which this version of h5j does not write yet");
    }
    if (data != null && Array.getLength(data) != elementCount()) {
      throw new IllegalArgumentException("data has " + Array.getLength(data)
          + " elements but shape " + Arrays.toString(shape) + " needs " + elementCount());
    }
    if (layout == Layout.COMPACT && elementCount() * datatype.size() > MAX_COMPACT_BYTES) {
      throw new IllegalArgumentException("compact datasets hold at most " + MAX_COMPACT_BYTES
          + " bytes; use Layout.CONTIGUOUS");
    }
  }
}
