package io.h5j;

import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.Hyperslab;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which elements of a dataset to read or write: everything, a box, or a regular hyperslab
 * (start, stride, count, block per dimension, as in h5py's slicing and libhdf5's
 * {@code H5Sselect_hyperslab}). Elements travel in C order of the selection's own shape.
 *
 * <pre>{@code
 * double[] row = (double[]) d.read(Selection.box(new long[] {5, 0}, new long[] {1, 100}));
 * d.write(Selection.hyperslab(new long[] {0}, new long[] {2}, new long[] {50}, new long[] {1}),
 *     new double[50]);                                      // every other element of 100
 *
 * double[][] part = d.readArray(Selection.parse("500:510, ::2"), double[][].class);
 * double[] last = d.readArray(Selection.parse("-1"), double[].class); // the last row, 1-D
 * }</pre>
 */
public final class Selection {
  private final Hyperslab slab; // null: everything, or the slices below
  private final List<Slice> slices; // null unless numpy-style

  private Selection(Hyperslab slab) {
    this(slab, null);
  }

  private Selection(Hyperslab slab, List<Slice> slices) {
    this.slab = slab;
    this.slices = slices;
  }

  private static final Selection ALL = new Selection(null);

  /**
   * The whole dataset.
   *
   * @return the selection of every element
   */
  public static Selection all() {
    return ALL;
  }

  /**
   * The {@code shape} elements starting at {@code start}.
   *
   * @param start the box's first element, one coordinate per dimension
   * @param shape the box's size in each dimension
   * @return the box selection
   */
  public static Selection box(long[] start, long[] shape) {
    return new Selection(Hyperslab.box(start, shape));
  }

  /**
   * A regular hyperslab; see the class comment.
   *
   * @param start the first element, one coordinate per dimension
   * @param stride the distance between block starts in each dimension, at least 1
   * @param count the number of blocks in each dimension
   * @param block the size of each block in each dimension
   * @return the hyperslab selection
   */
  public static Selection hyperslab(long[] start, long[] stride, long[] count, long[] block) {
    return new Selection(new Hyperslab(start, stride, count, block));
  }

  /**
   * The regular hyperslab this selection picks in dataset {@code dataset} of dimensions
   * {@code dims} (every element, for {@link #all()}): for callers that work out which chunks
   * a read touches.
   *
   * @param dims the dataset's current dimensions
   * @param dataset the dataset's path, for error messages
   * @return the hyperslab, within {@code dims}
   * @throws IllegalArgumentException if the selection reaches outside {@code dims}
   */
  public SelectionBlocks in(long[] dims, String dataset) {
    return new SelectionBlocks(resolve(dims, dataset));
  }

  /**
   * This selection as stored where no dimensions are known (a virtual mapping's source).
   *
   * @throws IllegalArgumentException for a numpy-style selection, which needs them
   */
  EncodedSelection stored() {
    if (slices != null) {
      throw new IllegalArgumentException("selection " + this + " needs the shape of its"
          + " dataset; give it as Selection.box or Selection.hyperslab");
    }
    return slab == null ? EncodedSelection.All.INSTANCE : new EncodedSelection.Regular(slab);
  }

  /** The hyperslab this selection means in a dataset of dimensions {@code dims}. */
  Hyperslab resolve(long[] dims, String dataset) {
    if (slices != null) {
      return resolveSlices(dims, dataset);
    }
    if (slab == null) {
      return Hyperslab.all(dims);
    }
    if (slab.rank() != dims.length) {
      throw new IllegalArgumentException("selection " + slab + " has rank " + slab.rank()
          + "; dataset " + dataset + " has rank " + dims.length + " (shape "
          + NdArrays.text(dims) + "): give one value per dimension");
    }
    if (!slab.fitsIn(dims)) {
      throw new IllegalArgumentException("selection " + slab + " reaches outside dataset "
          + dataset + " of shape " + Arrays.toString(dims));
    }
    return slab;
  }

  /**
   * A numpy/h5py-style selection, one comma-separated part per dimension: an index
   * ({@code 5}, {@code -1}: counted from the end), a slice {@code start:stop:step} (each
   * part optional; a stop past the end is clipped, a step below 1 refused), or {@code ...}
   * for as many {@code :} as the rank needs. Dimensions left out at the end are taken whole,
   * as numpy does; an index drops its dimension from the n-d result of
   * {@link Dataset#readArray(Selection, Class)} (the flat {@link Dataset#read(Selection)}
   * is unchanged). See {@link Slice}.
   *
   * <pre>{@code
   * Selection.parse("500:510, ::2");   // rows 500..509, every other column
   * Selection.parse("..., 0");         // the first element along the last dimension
   * }</pre>
   *
   * @param text the selection, as written between numpy's brackets
   * @return the selection, resolved against a dataset's shape when it is used
   * @throws IllegalArgumentException naming the part that is not an index, slice or ellipsis
   */
  public static Selection parse(String text) {
    List<Slice> parts = new ArrayList<>();
    if (!text.isBlank()) {
      for (String part : text.split(",", -1)) {
        parts.add(Slice.parse(part));
      }
    }
    return of(parts.toArray(new Slice[0]));
  }

  /**
   * The selection of one {@link Slice} per dimension, as {@link #parse} reads them.
   *
   * <pre>{@code
   * Selection.of(Slice.range(500, 510), Slice.every(2));
   * }</pre>
   *
   * @param parts one slice per dimension, at most one of them {@link Slice#ellipsis()}
   * @return the selection, resolved against a dataset's shape when it is used
   * @throws IllegalArgumentException when more than one part is an ellipsis
   */
  public static Selection of(Slice... parts) {
    List<Slice> list = List.of(parts);
    if (list.stream().filter(Slice::isEllipsis).count() > 1) {
      throw new IllegalArgumentException("a selection can have only one '...': " + list);
    }
    return new Selection(null, list);
  }

  /** The numpy slices of this selection resolved against {@code dims}. */
  private Hyperslab resolveSlices(long[] dims, String dataset) {
    List<Slice> full = perDimension(dims, dataset);
    int rank = dims.length;
    long[] start = new long[rank];
    long[] stride = new long[rank];
    long[] count = new long[rank];
    long[] block = new long[rank];
    for (int d = 0; d < rank; d++) {
      long[] r = full.get(d).resolve(dims[d], d, dataset);
      start[d] = r[0];
      stride[d] = r[1];
      count[d] = r[2];
      block[d] = r[3];
    }
    return new Hyperslab(start, stride, count, block);
  }

  /** One slice per dimension: the ellipsis expanded and missing trailing ones added. */
  private List<Slice> perDimension(long[] dims, String dataset) {
    int given = (int) slices.stream().filter(s -> !s.isEllipsis()).count();
    if (given > dims.length) {
      throw new IllegalArgumentException("selection " + this + " has " + given
          + " indices; dataset " + dataset + " has rank " + dims.length + " (shape "
          + NdArrays.text(dims) + ")");
    }
    List<Slice> full = new ArrayList<>();
    for (Slice s : slices) {
      if (s.isEllipsis()) {
        for (int i = 0; i < dims.length - given; i++) {
          full.add(Slice.all());
        }
      } else {
        full.add(s);
      }
    }
    while (full.size() < dims.length) {
      full.add(Slice.all());
    }
    return full;
  }

  /**
   * The shape of this selection's n-d result in a dataset of dimensions {@code dims}:
   * the hyperslab's shape without the dimensions an index picks.
   */
  long[] resultShape(long[] dims, String dataset) {
    long[] shape = resolve(dims, dataset).shape();
    if (slices == null) {
      return shape;
    }
    List<Slice> full = perDimension(dims, dataset);
    long[] kept = new long[dims.length];
    int n = 0;
    for (int d = 0; d < dims.length; d++) {
      if (!full.get(d).isIndex()) {
        kept[n++] = shape[d];
      }
    }
    return Arrays.copyOf(kept, n);
  }

  @Override
  public String toString() {
    if (slices != null) {
      return "[" + String.join(", ", slices.stream().map(Slice::toString).toList()) + "]";
    }
    return slab == null ? "all" : slab.toString();
  }
}
