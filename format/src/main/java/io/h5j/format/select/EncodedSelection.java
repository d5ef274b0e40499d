package io.h5j.format.select;

import java.util.Arrays;

/**
 * A dataspace selection as HDF5 stores it ("Dataspace Selection" in the format spec): in VDS
 * mapping blocks, dataset region references and {@code H5Sencode} buffers. The values are
 * decoded with {@link SelectionCodec}; they are immutable.
 *
 * <p>Unlimited counts and blocks of a {@link Regular} hyperslab (libhdf5's
 * {@code H5S_UNLIMITED}, all ones on disk) are represented by {@link #UNLIMITED}
 * ({@code Long.MAX_VALUE}), never by a negative number, so that the {@link Hyperslab}
 * record's checks ({@code count >= 0}, {@code block >= 1}) still hold. Element counts of such a
 * selection are {@link #UNLIMITED} too.
 */
public sealed interface EncodedSelection
    permits EncodedSelection.None, EncodedSelection.All, EncodedSelection.Points,
    EncodedSelection.Regular, EncodedSelection.Irregular {

  /** An unlimited count or block (on disk: all ones of the field's width). */
  long UNLIMITED = Long.MAX_VALUE;

  /** The largest rank libhdf5 allows ({@code H5S_MAX_RANK}). */
  int MAX_RANK = 32;

  /** Selection type codes (u32 on disk). */
  int TYPE_NONE = 0;
  int TYPE_POINTS = 1;
  int TYPE_HYPERSLAB = 2;
  int TYPE_ALL = 3;

  /** The rank the selection states, or -1 for {@link All} and {@link None}, which state none. */
  int rank();

  /**
   * Elements selected in a space of dimensions {@code extent} (only {@link All} looks at it;
   * the others may be given null). {@link #UNLIMITED} for an unlimited hyperslab.
   *
   * @throws ArithmeticException if the count does not fit a long
   */
  long elementCount(long[] extent);

  /** Nothing selected. */
  record None() implements EncodedSelection {
    public static final None INSTANCE = new None();

    @Override
    public int rank() {
      return -1;
    }

    @Override
    public long elementCount(long[] extent) {
      return 0;
    }
  }

  /** The whole extent. */
  record All() implements EncodedSelection {
    public static final All INSTANCE = new All();

    @Override
    public int rank() {
      return -1;
    }

    @Override
    public long elementCount(long[] extent) {
      long n = 1;
      for (long d : extent) {
        n = Math.multiplyExact(n, d);
      }
      return n;
    }
  }

  /**
   * A list of points, in the order stored.
   *
   * @param rank dimensions of every point (1..32)
   * @param coords {@code coords[i]} is point {@code i}, {@code rank} coordinates, each {@code >= 0}
   */
  record Points(int rank, long[][] coords) implements EncodedSelection {
    public Points {
      if (rank < 1 || rank > MAX_RANK) {
        throw new IllegalArgumentException("rank " + rank + " is not 1.." + MAX_RANK);
      }
      long[][] copy = new long[coords.length][];
      for (int i = 0; i < coords.length; i++) {
        if (coords[i].length != rank) {
          throw new IllegalArgumentException("point " + i + " has " + coords[i].length
              + " coordinates, not " + rank);
        }
        for (long c : coords[i]) {
          if (c < 0 || c == UNLIMITED) {
            throw new IllegalArgumentException("point " + i + " has coordinate " + c);
          }
        }
        copy[i] = coords[i].clone();
      }
      coords = copy;
    }

    /** Coordinate {@code d} of point {@code i}. */
    public long coord(int i, int d) {
      return coords[i][d];
    }

    public int count() {
      return coords.length;
    }

    @Override
    public long[][] coords() {
      long[][] copy = new long[coords.length][];
      for (int i = 0; i < coords.length; i++) {
        copy[i] = coords[i].clone();
      }
      return copy;
    }

    @Override
    public long elementCount(long[] extent) {
      return coords.length;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Points p && p.rank == rank && Arrays.deepEquals(coords, p.coords);
    }

    @Override
    public int hashCode() {
      return Arrays.deepHashCode(coords) * 31 + rank;
    }

    @Override
    public String toString() {
      return "Points" + Arrays.deepToString(coords);
    }
  }

  /**
   * A regular hyperslab (start, stride, count, block per dimension). Count and block may be
   * {@link #UNLIMITED}; a dimension with an unlimited block has count 1.
   */
  record Regular(Hyperslab slab) implements EncodedSelection {
    public Regular {
      for (int d = 0; d < slab.rank(); d++) {
        if (slab.start()[d] == UNLIMITED || slab.stride()[d] == UNLIMITED) {
          throw new IllegalArgumentException("dimension " + d + ": start and stride cannot be"
              + " unlimited");
        }
      }
      if (slab.rank() < 1 || slab.rank() > MAX_RANK) {
        throw new IllegalArgumentException("rank " + slab.rank() + " is not 1.." + MAX_RANK);
      }
    }

    @Override
    public int rank() {
      return slab.rank();
    }

    /** Whether some count or block is {@link #UNLIMITED}. */
    public boolean isUnlimited() {
      for (int d = 0; d < slab.rank(); d++) {
        if (slab.count()[d] == UNLIMITED || slab.block()[d] == UNLIMITED) {
          return true;
        }
      }
      return false;
    }

    /** Whether the selection is one block (every count is 1). */
    public boolean isSingleBlock() {
      for (long c : slab.count()) {
        if (c != 1) {
          return false;
        }
      }
      return true;
    }

    @Override
    public long elementCount(long[] extent) {
      for (long c : slab.count()) {
        if (c == 0) {
          return 0; // libhdf5 decodes such a selection as "none"
        }
      }
      if (isUnlimited()) {
        return UNLIMITED;
      }
      return slab.elementCount();
    }
  }

  /**
   * A hyperslab given as a list of blocks, each from {@code start} to {@code end} inclusive
   * per dimension. Block {@code b}'s corner along dimension {@code d} is
   * {@code start[b * rank + d]}. libhdf5 writes the blocks disjoint and in C order of their
   * starts; {@link #elementCount} sums block volumes and so assumes they are disjoint.
   */
  record Irregular(int rank, long[] start, long[] end) implements EncodedSelection {
    public Irregular {
      if (rank < 1 || rank > MAX_RANK) {
        throw new IllegalArgumentException("rank " + rank + " is not 1.." + MAX_RANK);
      }
      if (start.length != end.length || start.length % rank != 0) {
        throw new IllegalArgumentException("start and end need blockCount * rank values");
      }
      for (int i = 0; i < start.length; i++) {
        if (start[i] < 0 || end[i] < start[i] || end[i] == UNLIMITED) {
          throw new IllegalArgumentException("block " + (i / rank) + " dimension " + (i % rank)
              + ": start " + start[i] + " end " + end[i] + " is not a range");
        }
      }
      start = start.clone();
      end = end.clone();
    }

    /** A one-block selection. */
    public static Irregular box(long[] start, long[] shape) {
      long[] end = new long[start.length];
      for (int d = 0; d < start.length; d++) {
        end[d] = start[d] + shape[d] - 1;
      }
      return new Irregular(start.length, start, end);
    }

    public int blockCount() {
      return start.length / rank;
    }

    public long start(int block, int d) {
      return start[block * rank + d];
    }

    /** Inclusive end. */
    public long end(int block, int d) {
      return end[block * rank + d];
    }

    @Override
    public long[] start() {
      return start.clone();
    }

    @Override
    public long[] end() {
      return end.clone();
    }

    @Override
    public long elementCount(long[] extent) {
      long total = 0;
      for (int b = 0; b < blockCount(); b++) {
        long n = 1;
        for (int d = 0; d < rank; d++) {
          n = Math.multiplyExact(n, end(b, d) - start(b, d) + 1);
        }
        total = Math.addExact(total, n);
      }
      return total;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Irregular i && i.rank == rank && Arrays.equals(start, i.start)
          && Arrays.equals(end, i.end);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(start) * 31 + Arrays.hashCode(end);
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("Irregular[");
      for (int b = 0; b < blockCount(); b++) {
        sb.append(b == 0 ? "" : ", ")
            .append(Arrays.toString(Arrays.copyOfRange(start, b * rank, b * rank + rank)))
            .append("-")
            .append(Arrays.toString(Arrays.copyOfRange(end, b * rank, b * rank + rank)));
      }
      return sb.append(']').toString();
    }
  }
}
