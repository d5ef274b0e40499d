package io.h5j;

import io.h5j.format.chunk.ChunkSizeLimit;
import io.h5j.format.dataset.ChunkGuess;
import io.h5j.format.dataset.DatasetCreation;
import io.h5j.format.dataset.Values;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import io.h5j.format.filter.Filters;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

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
  /** How the elements are stored. */
  public enum Layout {
    /** The elements in one block of the file, allocated when first written. */
    CONTIGUOUS,
    /** The elements in the object header itself: small data only (under 64 KiB). */
    COMPACT,
    /** The elements in chunks of one shape, through a chunk index: for filters and growth. */
    CHUNKED
  }

  /** libhdf5 refuses compact data beyond 64 KiB. */
  static final int MAX_COMPACT_BYTES = 65_520;

  private @Nullable Datatype datatype;
  private long[] shape;
  private long @Nullable [] maxShape;
  private Layout layout = Layout.CONTIGUOUS;
  private @Nullable Object fillValue;
  private @Nullable Object data;
  private long @Nullable [] chunks;
  private final List<FilterDescription> filters = new ArrayList<>();
  private boolean layoutV5;

  private DatasetSpec() {}

  /**
   * A dataset holding {@code array}: a flat Java array (1-D unless {@link #shape} says
   * otherwise) or an n-d one of primitives, booleans or strings, whose shape it takes.
   * {@code boolean[]} is stored as h5py stores numpy's bool.
   *
   * <pre>{@code
   * DatasetSpec.of(new double[3][3]);          // a 3x3 float64 dataset
   * DatasetSpec.of(new boolean[] {true, false}); // h5py reads it as numpy bool
   * }</pre>
   *
   * @param array the data: a Java array, flat or n-d
   * @return a spec of the array's type and shape, holding its data
   * @throws IllegalArgumentException for a ragged n-d array, naming the row that differs
   */
  public static DatasetSpec of(Object array) {
    DatasetSpec s = new DatasetSpec();
    requireArray(array);
    boolean nested = NdArrays.isNested(array);
    s.shape = nested ? NdArrays.shapeOf(array) : new long[] {Array.getLength(array)};
    Object flatArray = nested ? NdArrays.flatten(array, s.shape) : array;
    s.data = flatArray;
    try {
      s.datatype = Values.naturalType(flatArray);
    } catch (IllegalArgumentException e) {
      s.datatype = null; // e.g. an empty Map[]: the caller must name the type with datatype()
    }
    return s;
  }

  /**
   * A dataset of the given type and shape with no data written (reads as the fill value).
   *
   * @param type the datatype of each element
   * @param shape the size of each dimension; none for a scalar
   * @return a spec without data
   */
  public static DatasetSpec empty(Datatype type, long... shape) {
    DatasetSpec s = new DatasetSpec();
    s.datatype = type;
    s.shape = shape.clone();
    return s;
  }

  /**
   * A scalar (rank 0) dataset holding one value, given as a one-element array or as the
   * value itself ({@code 2.5}, {@code "text"}, {@code true}).
   *
   * @param value the value, bare or as a one-element array
   * @return a scalar spec holding the value
   */
  public static DatasetSpec scalar(Object value) {
    Object oneElementArray = value != null && !value.getClass().isArray()
        ? Values.wrapScalar(value) : value;
    DatasetSpec s = of(oneElementArray);
    if (Array.getLength(oneElementArray) != 1) {
      throw new IllegalArgumentException("a scalar needs exactly one element");
    }
    s.shape = new long[0];
    return s;
  }

  private static Object requireArray(Object a) {
    if (a == null || !a.getClass().isArray()) {
      throw new IllegalArgumentException("data must be a Java array, e.g. double[] or"
          + " double[][], not " + (a == null ? "null" : a.getClass().getSimpleName()));
    }
    return a;
  }

  /**
   * Sets the datatype the elements are stored in; values given as Java arrays are converted to it.
   *
   * @param t the stored datatype
   * @return this spec
   */
  public DatasetSpec datatype(Datatype t) {
    this.datatype = t;
    return this;
  }

  /**
   * Sets the current dimensions; with {@link #of} this reshapes the flat array, whose length must
   * be their product.
   *
   * @param dims the size of each dimension, slowest first
   * @return this spec
   */
  public DatasetSpec shape(long... dims) {
    this.shape = dims.clone();
    return this;
  }

  /**
   * Maximum dimensions ({@code Dataspace.UNLIMITED} for unlimited).
   *
   * @param dims the largest size of each dimension, one per dimension of {@link #shape()}
   * @return this spec
   */
  public DatasetSpec maxShape(long... dims) {
    this.maxShape = dims.clone();
    return this;
  }

  /**
   * Sets the storage layout; a maximum shape beyond the shape, or any filter, needs
   * {@link Layout#CHUNKED}.
   *
   * @param l the layout
   * @return this spec
   */
  public DatasetSpec layout(Layout l) {
    this.layout = l;
    return this;
  }

  /**
   * Chunked storage with chunks of {@code dims} elements (implies {@link Layout#CHUNKED}).
   *
   * @param dims the chunk size in elements, one per dimension, each at least 1
   * @return this spec
   */
  public DatasetSpec chunks(long... dims) {
    this.chunks = dims.clone();
    this.layout = Layout.CHUNKED;
    return this;
  }

  /*
   * Each filter is optional or required as libhdf5 1.10.8 and h5py 3.7 make it for the same
   * request: H5Pset_deflate, _shuffle, _nbit, _scaleoffset and _szip add optional filters,
   * H5Pset_fletcher32 a required one, and h5py adds LZF and compression=<filter id> as optional.
   * An optional filter that cannot apply to a chunk is skipped there (its bit set in the chunk's
   * filter mask); a required one fails the write. filter(id, optional, ...) chooses explicitly.
   */

  /**
   * Adds deflate (gzip) compression at {@code level} 0..9 to the filter pipeline, optional as
   * libhdf5's {@code H5Pset_deflate} makes it.
   *
   * @param level the compression level: 0 stores, 9 compresses most
   * @return this spec
   */
  public DatasetSpec deflate(int level) {
    if (level < 0 || level > 9) {
      throw new IllegalArgumentException("deflate level must be 0..9, got " + level);
    }
    return filter(Filters.DEFLATE, true, level);
  }

  /**
   * Adds the byte shuffle (usually before a compressor), optional as libhdf5's
   * {@code H5Pset_shuffle} makes it.
   *
   * @return this spec
   */
  public DatasetSpec shuffle() {
    return filter(Filters.SHUFFLE, true);
  }

  /**
   * Adds a Fletcher-32 checksum to every chunk, verified on read; required, as libhdf5's
   * {@code H5Pset_fletcher32} makes it (so it cannot be used on variable-length elements).
   *
   * @return this spec
   */
  public DatasetSpec fletcher32() {
    return filter(Filters.FLETCHER32, false);
  }

  /**
   * Adds LZF compression (h5py's filter 32000), optional and named "lzf" as h5py stores it;
   * its client data (versions and chunk size) are filled in when the dataset is created.
   *
   * @return this spec
   */
  public DatasetSpec lzf() {
    return filter(Filters.LZF, true);
  }

  /**
   * Adds bzip2 compression (filter 307) at block size {@code level} 1..9, optional as h5py's
   * {@code compression=307} makes it.
   *
   * @param level the block size in units of 100 kB, 1..9
   * @return this spec
   */
  public DatasetSpec bzip2(int level) {
    return filter(Filters.BZIP2, true, level);
  }

  /**
   * Adds szip compression (filter 4) as h5py's {@code compression='szip',
   * compression_opts=('nn' or 'ec', pixelsPerBlock)}: optional, as libhdf5's
   * {@code H5Pset_szip} makes it; integer, float and bitfield elements of up to 32 bits or of
   * 64 bits.
   *
   * @return this spec
   * @param nearestNeighbour the nearest-neighbour preprocessor ('nn'), else entropy coding
   *     alone ('ec')
   * @param pixelsPerBlock even, 2..32
   */
  public DatasetSpec szip(boolean nearestNeighbour, int pixelsPerBlock) {
    return add(FilterDescription.szip(nearestNeighbour, pixelsPerBlock));
  }

  /**
   * Adds LZ4 compression (filter 32004), optional as h5py's {@code compression=32004}.
   *
   * @return this spec
   */
  public DatasetSpec lz4() {
    return filter(Filters.LZ4, true);
  }

  /**
   * Adds Zstandard compression (filter 32015) at {@code level}, optional as h5py's
   * {@code compression=32015} makes it.
   *
   * @param level the compression level, as Zstandard numbers them (higher compresses more)
   * @return this spec
   */
  public DatasetSpec zstd(int level) {
    return filter(Filters.ZSTD, true, level);
  }

  /**
   * Appends any filter to the pipeline (implies chunked storage). Filters run in the order
   * given when writing and in reverse when reading. An {@code optional} filter that cannot
   * apply to a chunk is skipped for that chunk; a required one fails the write.
   *
   * @param id the HDF5 filter id, 0..65535
   * @param optional whether a chunk may be stored without this filter when it fails
   * @param clientData the filter's parameters, as its implementation reads them
   * @return this spec
   */
  public DatasetSpec filter(int id, boolean optional, int... clientData) {
    return add(FilterDescription.of(id, optional, clientData));
  }

  /**
   * Appends {@code filter} as it is described (id, name, optional, client data).
   *
   * @param filter the filter to append
   * @return this spec
   */
  public DatasetSpec filter(Filter filter) {
    return add(filter.description());
  }

  private DatasetSpec add(FilterDescription filter) {
    filters.add(filter);
    layout = Layout.CHUNKED;
    return this;
  }

  /**
   * Stores a filtered chunked dataset with data layout message version 5 (HDF5 2.0): each
   * chunk's stored size takes size-of-lengths bytes in the chunk index, so that a filter may
   * make a chunk larger than its unfiltered size allows in version 4. As libhdf5 2.0 does,
   * datasets without filters keep version 4, where the two are the same. Only libhdf5 2.0
   * and h5j read version 5; not allowed in files of the earliest format.
   *
   * @return this spec
   */
  public DatasetSpec layoutV5() {
    this.layoutV5 = true;
    return this;
  }

  /**
   * Whether {@link #layoutV5()} was asked for.
   *
   * @return true once {@link #layoutV5()} was called
   */
  public boolean isLayoutV5() {
    return layoutV5;
  }

  /**
   * The fill value, as a one-element Java array of the data's kind or a boxed scalar.
   *
   * @param value the fill value, bare or as a one-element array
   * @return this spec
   */
  public DatasetSpec fillValue(Object value) {
    this.fillValue = value;
    return this;
  }

  /**
   * The stored datatype.
   *
   * @return the datatype, or null when {@link #of} could not infer one and none was given
   */
  public @Nullable Datatype datatype() {
    return datatype;
  }

  /**
   * The current dimensions.
   *
   * @return a new array of one size per dimension
   */
  public long[] shape() {
    return shape.clone();
  }

  /**
   * The maximum dimensions: as given, else the current ones.
   *
   * @return a new array of one size per dimension
   */
  public long[] maxShape() {
    return maxShape == null ? shape.clone() : maxShape.clone();
  }

  /**
   * The storage layout.
   *
   * @return the layout asked for, contiguous unless given
   */
  public Layout layout() {
    return layout;
  }

  /**
   * The chunk dimensions: as given, or a guess when chunked storage is needed but unsized.
   *
   * @return a new array of one chunk size per dimension
   */
  public long[] chunks() {
    return chunks != null ? chunks.clone() : ChunkGuess.of(shape, maxShape(), datatype.size());
  }

  /**
   * The filter pipeline given, in order.
   *
   * @return a new list, empty when no filter was given
   */
  public List<Filter> filters() {
    return filters.stream().map(Filter::of).toList();
  }

  /** The pipeline entries, as the writers store them. */
  List<FilterDescription> filterDescriptions() {
    return List.copyOf(filters);
  }

  /**
   * The fill value as given to {@link #fillValue(Object)}.
   *
   * @return the value, or null when none was given (unwritten elements read as zeros)
   */
  public @Nullable Object fillValue() {
    return fillValue;
  }

  /**
   * The data to write when the dataset is created: a flat Java array in C order.
   *
   * @return the array, or null for a spec made by {@link #empty}
   */
  public @Nullable Object data() {
    return data;
  }

  long elementCount() {
    long n = 1;
    for (long d : shape) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  /** This spec, checked, as the engine takes it. */
  DatasetCreation creation() {
    validate();
    return new DatasetCreation(datatype, shape(), maxShape(),
        DatasetCreation.Layout.valueOf(layout.name()), fillValue, data,
        layout == Layout.CHUNKED ? chunks() : null, filterDescriptions(), layoutV5);
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
      if (layout == Layout.COMPACT) {
        throw new IllegalArgumentException("a max shape other than the shape needs chunked"
            + " storage, not compact");
      }
      layout = Layout.CHUNKED;
      for (int d = 0; d < shape.length; d++) {
        if (maxShape[d] != Dataspace.UNLIMITED && maxShape[d] < shape[d]) {
          throw new IllegalArgumentException("max shape " + Arrays.toString(maxShape)
              + " is smaller than shape " + Arrays.toString(shape));
        }
      }
    }
    List<FilterDescription> refused = FilterPipelineMessage.refusedFor(datatype, filters);
    if (!refused.isEmpty()) {
      throw new IllegalArgumentException("a dataset of variable-length elements can have"
          + " optional filters only, as libhdf5 allows; " + refused.stream()
          .map(FilterDescription::displayName).toList()
          + " required: remove it or add it with filter(id, true, ...)");
    }
    if (layout == Layout.CHUNKED) {
      long[] c = chunks();
      if (c.length != shape.length) {
        throw new IllegalArgumentException("chunks " + Arrays.toString(c) + " have rank "
            + c.length + ", the shape " + shape.length);
      }
      for (int d = 0; d < c.length; d++) {
        if (c[d] < 1 || (maxShape()[d] != Dataspace.UNLIMITED && c[d] > Math.max(1,
            maxShape()[d]))) {
          throw new IllegalArgumentException("chunk dimension " + d + " (" + c[d]
              + ") must be 1.." + maxShape()[d]);
        }
      }
      if (shape.length == 0) {
        throw new IllegalArgumentException("a scalar dataset cannot be chunked");
      }
      ChunkSizeLimit.check(c, datatype.size());
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
