package io.h5j;

import io.h5j.format.select.Hyperslab;
import java.util.Arrays;

/**
 * Which elements of a dataset to read or write: everything, a box, or a regular hyperslab
 * (start, stride, count, block per dimension, as in h5py's slicing and libhdf5's
 * {@code H5Sselect_hyperslab}). Elements travel in C order of the selection's own shape.
 *
 * <pre>{@code
 * double[] row = (double[]) d.read(Selection.box(new long[] {5, 0}, new long[] {1, 100}));
 * d.write(Selection.hyperslab(new long[] {0}, new long[] {2}, new long[] {50}, new long[] {1}),
 *     new double[50]);                                      // every other element of 100
 * }</pre>
 */
public final class Selection {
  private final Hyperslab slab; // null: everything

  private Selection(Hyperslab slab) {
    this.slab = slab;
  }

  /** The whole dataset. */
  public static Selection all() {
    return new Selection(null);
  }

  /** The {@code shape} elements starting at {@code start}. */
  public static Selection box(long[] start, long[] shape) {
    return new Selection(Hyperslab.box(start, shape));
  }

  /** A regular hyperslab; see the class comment. */
  public static Selection hyperslab(long[] start, long[] stride, long[] count, long[] block) {
    return new Selection(new Hyperslab(start, stride, count, block));
  }

  /**
   * The regular hyperslab this selection picks in dataset {@code dataset} of dimensions
   * {@code dims} (every element, for {@link #all()}): for callers that work out which chunks
   * a read touches.
   *
   * @throws IllegalArgumentException if the selection reaches outside {@code dims}
   */
  public Hyperslab in(long[] dims, String dataset) {
    return resolve(dims, dataset);
  }

  /** The hyperslab this selection means in a dataset of dimensions {@code dims}. */
  Hyperslab resolve(long[] dims, String dataset) {
    if (slab == null) {
      return Hyperslab.all(dims);
    }
    if (!slab.fitsIn(dims)) {
      throw new IllegalArgumentException("selection " + slab + " reaches outside dataset "
          + dataset + " of shape " + Arrays.toString(dims));
    }
    return slab;
  }

  @Override
  public String toString() {
    return slab == null ? "all" : slab.toString();
  }
}
