package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.type.Dataspace;
import java.util.Arrays;

/**
 * The chunk grid of a dataset: chunk dimensions, the grid over the current and the maximum
 * dimensions, and the linear chunk numbering libhdf5 uses in its array indexes (row-major
 * over the grid of {@code ceil(maxDims / chunkDims)}; for an extensible array the one
 * unlimited dimension is first moved to the front, the others keeping their order).
 */
public final class ChunkGeometry {
  /** Grid extent of an unlimited dimension. */
  public static final long UNLIMITED = -1;

  private final long[] chunkDims;
  private final int elementSize;
  private final long[] grid;
  private final long[] maxGrid;
  private final long chunkBytes;
  /** Width of filtered-chunk size fields if fixed by the layout (version 5), else 0. */
  private int fixedSizeWidth;

  private ChunkGeometry(long[] chunkDims, int elementSize, long[] grid, long[] maxGrid,
      long chunkBytes) {
    this.chunkDims = chunkDims;
    this.elementSize = elementSize;
    this.grid = grid;
    this.maxGrid = maxGrid;
    this.chunkBytes = chunkBytes;
  }

  /**
   * @param chunkDims chunk dimensions without the element-size dimension
   * @throws H5FormatException when the ranks differ or a size is zero or overflows
   */
  public static ChunkGeometry of(long[] chunkDims, int elementSize, Dataspace space)
      throws H5FormatException {
    int rank = chunkDims.length;
    if (space.rank() != rank) {
      throw new H5FormatException("chunk layout", -1, "chunk rank " + rank
          + " differs from the dataspace rank " + space.rank());
    }
    if (elementSize <= 0) {
      throw new H5FormatException("chunk layout", -1, "element size " + elementSize);
    }
    long[] grid = new long[rank];
    long[] maxGrid = new long[rank];
    long bytes = elementSize;
    for (int i = 0; i < rank; i++) {
      long c = chunkDims[i];
      if (c <= 0 || c > 0xffffffffL) {
        throw new H5FormatException("chunk layout", -1, "chunk dimension " + i + " is " + c);
      }
      grid[i] = ceilDiv(space.dims()[i], c);
      long m = space.maxDims()[i];
      maxGrid[i] = m == Dataspace.UNLIMITED ? UNLIMITED : ceilDiv(m, c);
      if (bytes > Long.MAX_VALUE / c) {
        throw new H5FormatException("chunk layout", -1, "chunk of "
            + Arrays.toString(chunkDims) + " elements overflows 64 bits");
      }
      bytes *= c;
    }
    return new ChunkGeometry(chunkDims.clone(), elementSize, grid, maxGrid, bytes);
  }

  /**
   * The grid a chunked layout message describes; from layout version 5 on (HDF5 2.0),
   * filtered-chunk size fields are size-of-lengths bytes wide.
   */
  public static ChunkGeometry of(LayoutMessage.Chunked layout, Dataspace space, FileParams p)
      throws H5FormatException {
    ChunkGeometry g = of(layout.chunkDims(), layout.elementSize(), space);
    return layout.version() >= LayoutMessage.VERSION_FIXED_SIZE_WIDTH
        ? g.withSizeWidth(p.lengthSize()) : g;
  }

  private static long ceilDiv(long a, long b) {
    return a / b + (a % b == 0 ? 0 : 1);
  }

  public int rank() {
    return chunkDims.length;
  }

  public long[] chunkDims() {
    return chunkDims.clone();
  }

  public int elementSize() {
    return elementSize;
  }

  /** Bytes of one unfiltered chunk: the product of the chunk dimensions and element size. */
  public long chunkBytes() {
    return chunkBytes;
  }

  /** Chunks along each dimension over the current dimensions. */
  public long[] grid() {
    return grid.clone();
  }

  /** Chunks along each dimension over the maximum dimensions ({@link #UNLIMITED} if so). */
  public long[] maxGrid() {
    return maxGrid.clone();
  }

  /**
   * Chunks of the maximum grid (the entries of a fixed array over it); -1 if a dimension is
   * unlimited or the count exceeds a long.
   */
  public long maxCells() {
    return cells(maxGrid);
  }

  /** Index of the only unlimited dimension, or -1 if there is none; -2 if several. */
  public int unlimitedDim() {
    int found = -1;
    for (int i = 0; i < maxGrid.length; i++) {
      if (maxGrid[i] == UNLIMITED) {
        if (found >= 0) {
          return -2;
        }
        found = i;
      }
    }
    return found;
  }

  /**
   * This grid over the dataset resized to {@code space}: the same chunks, size fields and
   * maximum grid, the current grid of the new extent.
   *
   * @throws IllegalArgumentException if the rank or the maximum dimensions differ
   */
  public ChunkGeometry resized(Dataspace space) {
    if (space.rank() != rank()) {
      throw new IllegalArgumentException("rank " + space.rank() + " for a dataset of rank "
          + rank());
    }
    long[] newGrid = new long[rank()];
    long[] newMax = new long[rank()];
    for (int i = 0; i < newGrid.length; i++) {
      newGrid[i] = ceilDiv(space.dims()[i], chunkDims[i]);
      long m = space.maxDims()[i];
      newMax[i] = m == Dataspace.UNLIMITED ? UNLIMITED : ceilDiv(m, chunkDims[i]);
    }
    if (!Arrays.equals(newMax, maxGrid)) {
      throw new IllegalArgumentException("maximum dimensions " + Arrays.toString(space.maxDims())
          + " change the maximum chunk grid " + Arrays.toString(maxGrid));
    }
    ChunkGeometry g = new ChunkGeometry(chunkDims, elementSize, newGrid, maxGrid, chunkBytes);
    g.fixedSizeWidth = fixedSizeWidth;
    return g;
  }

  /**
   * This grid with filtered-chunk size fields of {@code width} bytes, as layout message
   * version 5 (HDF5 2.0) stores them (size of lengths) so that a filter may grow a chunk.
   */
  public ChunkGeometry withSizeWidth(int width) {
    ChunkGeometry g = new ChunkGeometry(chunkDims, elementSize, grid, maxGrid, chunkBytes);
    g.fixedSizeWidth = width;
    return g;
  }

  /** Whether filtered-chunk size fields have a fixed width (layout version 5). */
  public boolean fixedSizeWidth() {
    return fixedSizeWidth > 0;
  }

  /**
   * Bytes of the chunk-size field of filtered index entries: the fixed width of layout
   * version 5, else as libhdf5 computes it from the unfiltered chunk size:
   * {@code 1 + (floor(log2(size)) + 8) / 8}, at most 8.
   */
  public int chunkSizeWidth() {
    if (fixedSizeWidth > 0) {
      return fixedSizeWidth;
    }
    int log2 = 63 - Long.numberOfLeadingZeros(chunkBytes);
    return Math.min(8, 1 + (log2 + 8) / 8);
  }

  /**
   * Scaled (grid) coordinates of a chunk given by its element offset.
   *
   * @throws IllegalArgumentException when the rank is wrong or the offset is not on the grid
   */
  public long[] scaled(long[] offset) {
    if (offset.length != chunkDims.length) {
      throw new IllegalArgumentException("chunk offset " + Arrays.toString(offset) + " has rank "
          + offset.length + ", the dataset has rank " + chunkDims.length);
    }
    long[] s = new long[offset.length];
    for (int i = 0; i < s.length; i++) {
      if (offset[i] < 0 || offset[i] % chunkDims[i] != 0) {
        throw new IllegalArgumentException("chunk offset " + Arrays.toString(offset)
            + " is not a multiple of the chunk dimensions " + Arrays.toString(chunkDims));
      }
      s[i] = offset[i] / chunkDims[i];
    }
    return s;
  }

  /** Element offset of the chunk with the given scaled coordinates. */
  public long[] offset(long[] scaled) throws H5FormatException {
    long[] o = new long[scaled.length];
    for (int i = 0; i < o.length; i++) {
      if (scaled[i] < 0 || scaled[i] > Long.MAX_VALUE / chunkDims[i]) {
        throw new H5FormatException("chunk index", -1, "scaled chunk coordinate "
            + Long.toUnsignedString(scaled[i]) + " in dimension " + i + " overflows");
      }
      o[i] = scaled[i] * chunkDims[i];
    }
    return o;
  }

  /**
   * The grid an array index numbers chunks over: the maximum grid, with the unlimited
   * dimension {@code unlimitedDim} (if not negative) moved to the front.
   */
  public long[] arrayGrid(int unlimitedDim) {
    return swizzle(maxGrid, unlimitedDim);
  }

  /** Moves element {@code dim} of {@code v} to the front (libhdf5's "swizzle"). */
  static long[] swizzle(long[] v, int dim) {
    if (dim <= 0) {
      return v.clone();
    }
    long[] s = new long[v.length];
    s[0] = v[dim];
    System.arraycopy(v, 0, s, 1, dim);
    System.arraycopy(v, dim + 1, s, dim + 1, v.length - dim - 1);
    return s;
  }

  /** Inverse of {@link #swizzle}. */
  static long[] unswizzle(long[] s, int dim) {
    if (dim <= 0) {
      return s.clone();
    }
    long[] v = new long[s.length];
    v[dim] = s[0];
    System.arraycopy(s, 1, v, 0, dim);
    System.arraycopy(s, dim + 1, v, dim + 1, s.length - dim - 1);
    return v;
  }

  /**
   * Row-major linear index of {@code scaled} in {@code grid}; the extent of dimension 0 is
   * not used (it may be unlimited). Returns -1 if a coordinate lies outside the grid or the
   * index overflows.
   */
  static long linear(long[] scaled, long[] grid) {
    long idx = 0;
    long down = 1;
    for (int i = scaled.length - 1; i >= 0; i--) {
      if (scaled[i] < 0 || (i > 0 && scaled[i] >= grid[i])) {
        return -1;
      }
      try {
        idx = Math.addExact(idx, Math.multiplyExact(scaled[i], down));
        if (i > 0) {
          down = Math.multiplyExact(down, grid[i]);
        }
      } catch (ArithmeticException e) {
        return -1;
      }
    }
    return idx;
  }

  /** Inverse of {@link #linear}: the scaled coordinates of linear index {@code idx}. */
  static long[] delinear(long idx, long[] grid) {
    long[] s = new long[grid.length];
    for (int i = grid.length - 1; i > 0; i--) {
      s[i] = grid[i] == 0 ? 0 : idx % grid[i];
      idx = grid[i] == 0 ? 0 : idx / grid[i];
    }
    if (grid.length > 0) {
      s[0] = idx;
    }
    return s;
  }

  /** Number of cells of a grid with no unlimited extent; -1 if it overflows. */
  static long cells(long[] grid) {
    long n = 1;
    for (long g : grid) {
      if (g < 0) {
        return -1;
      }
      try {
        n = Math.multiplyExact(n, g);
      } catch (ArithmeticException e) {
        return -1;
      }
    }
    return n;
  }
}
