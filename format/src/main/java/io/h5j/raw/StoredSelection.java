package io.h5j.raw;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * A dataspace selection as the file stores it ("Dataspace Selection" of the format spec): a
 * virtual dataset mapping's virtual or source region ({@link VirtualMappings#virtualSelection},
 * {@link VirtualMappings#sourceSelection}) or the region a dataset region reference selects
 * ({@code H5File.region}). Values are immutable; their arrays are copied in and out.
 *
 * <p>A regular hyperslab is kept as stored; a block list as stored too, even when its blocks
 * form a regular pattern ({@link Blocks#asRegular} finds that pattern, as libhdf5 does when it
 * decodes one).
 */
public sealed interface StoredSelection
    permits StoredSelection.None, StoredSelection.All, StoredSelection.Points,
    StoredSelection.Hyperslab, StoredSelection.Blocks {

  /** An unlimited count or block of a {@link Hyperslab} (libhdf5's {@code H5S_UNLIMITED}). */
  long UNLIMITED = Long.MAX_VALUE;

  /**
   * The rank the selection states.
   *
   * @return the number of dimensions, or -1 for {@link All} and {@link None}, which state none
   */
  int rank();

  /** Nothing selected. */
  record None() implements StoredSelection {
    @Override
    public int rank() {
      return -1;
    }
  }

  /** The whole extent of the dataspace. */
  record All() implements StoredSelection {
    @Override
    public int rank() {
      return -1;
    }
  }

  /**
   * A list of points, in stored order.
   *
   * @param rank the number of coordinates of each point
   * @param coords point {@code i}'s coordinate along dimension {@code d} is
   *     {@code coords[i * rank + d]}
   */
  record Points(int rank, long[] coords) implements StoredSelection {
    /**
     * Copies the coordinates and checks their number.
     *
     * @param rank the number of coordinates of each point, 1 or more
     * @param coords {@code rank} coordinates per point, point after point
     */
    public Points {
      coords = coords.clone();
      if (rank < 1 || coords.length % rank != 0) {
        throw new IllegalArgumentException(coords.length + " coordinates are no whole number of"
            + " points of rank " + rank);
      }
    }

    /**
     * The number of points.
     *
     * @return the count, 0 or more
     */
    public int count() {
      return coords.length / rank;
    }

    /**
     * One coordinate.
     *
     * @param i the point, {@code 0 <= i < count()}
     * @param d the dimension, {@code 0 <= d < rank()}
     * @return point {@code i}'s coordinate along {@code d}
     */
    public long coord(int i, int d) {
      return coords[i * rank + d];
    }

    /**
     * A copy of the coordinates.
     *
     * @return a new array each call, {@code rank} values per point
     */
    @Override
    public long[] coords() {
      return coords.clone();
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Points p && p.rank == rank && Arrays.equals(coords, p.coords);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(coords) * 31 + rank;
    }

    @Override
    public String toString() {
      return "Points(rank " + rank + ")" + Arrays.toString(coords);
    }
  }

  /**
   * A regular hyperslab: along each dimension, {@code count} blocks of {@code block} elements,
   * the first at {@code start}, each {@code stride} after the one before. A count or block may
   * be {@link #UNLIMITED}.
   *
   * @param start the first block's corner
   * @param stride the distance between block corners
   * @param count the number of blocks, or {@link #UNLIMITED}
   * @param block the shape of a block, or {@link #UNLIMITED}
   */
  record Hyperslab(long[] start, long[] stride, long[] count, long[] block)
      implements StoredSelection {
    /**
     * Copies the arrays and checks that they have one rank.
     *
     * @param start the first block's corner
     * @param stride the distance between block corners
     * @param count the number of blocks, or {@link #UNLIMITED}
     * @param block the shape of a block, or {@link #UNLIMITED}
     */
    public Hyperslab {
      start = start.clone();
      stride = stride.clone();
      count = count.clone();
      block = block.clone();
      if (start.length == 0 || stride.length != start.length || count.length != start.length
          || block.length != start.length) {
        throw new IllegalArgumentException("start, stride, count and block need one rank of 1"
            + " or more, not " + start.length + ", " + stride.length + ", " + count.length
            + ", " + block.length);
      }
    }

    @Override
    public int rank() {
      return start.length;
    }

    /**
     * A copy of the start.
     *
     * @return a new array each call
     */
    @Override
    public long[] start() {
      return start.clone();
    }

    /**
     * A copy of the stride.
     *
     * @return a new array each call
     */
    @Override
    public long[] stride() {
      return stride.clone();
    }

    /**
     * A copy of the count.
     *
     * @return a new array each call
     */
    @Override
    public long[] count() {
      return count.clone();
    }

    /**
     * A copy of the block.
     *
     * @return a new array each call
     */
    @Override
    public long[] block() {
      return block.clone();
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Hyperslab h && Arrays.equals(start, h.start)
          && Arrays.equals(stride, h.stride) && Arrays.equals(count, h.count)
          && Arrays.equals(block, h.block);
    }

    @Override
    public int hashCode() {
      return ((Arrays.hashCode(start) * 31 + Arrays.hashCode(stride)) * 31
          + Arrays.hashCode(count)) * 31 + Arrays.hashCode(block);
    }

    @Override
    public String toString() {
      return "Hyperslab(start " + Arrays.toString(start) + ", stride " + Arrays.toString(stride)
          + ", count " + Arrays.toString(count) + ", block " + Arrays.toString(block) + ")";
    }
  }

  /**
   * A hyperslab stored as a list of blocks, each from a start to an inclusive end along each
   * dimension (libhdf5 writes them disjoint and in C order of their starts).
   *
   * @param rank the number of dimensions
   * @param start block {@code b}'s first coordinate along {@code d} is
   *     {@code start[b * rank + d]}
   * @param end block {@code b}'s last coordinate along {@code d} is {@code end[b * rank + d]}
   */
  record Blocks(int rank, long[] start, long[] end) implements StoredSelection {
    /**
     * Copies the arrays and checks that they hold whole blocks, each end at or after its start.
     *
     * @param rank the number of dimensions, 1 or more
     * @param start the blocks' first coordinates, {@code rank} per block
     * @param end the blocks' last coordinates, {@code rank} per block
     */
    public Blocks {
      start = start.clone();
      end = end.clone();
      if (rank < 1 || start.length != end.length || start.length % rank != 0) {
        throw new IllegalArgumentException("start and end need rank (" + rank + ") values per"
            + " block, not " + start.length + " and " + end.length);
      }
      for (int i = 0; i < start.length; i++) {
        if (start[i] < 0 || end[i] < start[i]) {
          throw new IllegalArgumentException("block " + i / rank + " runs from " + start[i]
              + " to " + end[i] + " along dimension " + i % rank);
        }
      }
    }

    /**
     * The number of blocks.
     *
     * @return the count, 0 or more
     */
    public int blockCount() {
      return start.length / rank;
    }

    /**
     * A block's first coordinate.
     *
     * @param b the block, {@code 0 <= b < blockCount()}
     * @param d the dimension
     * @return block {@code b}'s first coordinate along {@code d}
     */
    public long start(int b, int d) {
      return start[b * rank + d];
    }

    /**
     * A block's last coordinate (inclusive).
     *
     * @param b the block, {@code 0 <= b < blockCount()}
     * @param d the dimension
     * @return block {@code b}'s last coordinate along {@code d}
     */
    public long end(int b, int d) {
      return end[b * rank + d];
    }

    /**
     * A copy of the starts.
     *
     * @return a new array each call, {@code rank} values per block
     */
    @Override
    public long[] start() {
      return start.clone();
    }

    /**
     * A copy of the ends.
     *
     * @return a new array each call, {@code rank} values per block
     */
    @Override
    public long[] end() {
      return end.clone();
    }

    /**
     * The regular hyperslab that selects the same elements, as libhdf5 finds one when it
     * decodes a block list: the blocks (disjoint, as libhdf5 writes them) fill the product of
     * their projections on each dimension, and each projection, adjacent runs merged, is runs
     * of one length at one distance. A single run has stride 1.
     *
     * @return the hyperslab, or null when the blocks form none (or there are none)
     */
    public @Nullable Hyperslab asRegular() {
      return RegularBlocks.of(this);
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Blocks b && b.rank == rank && Arrays.equals(start, b.start)
          && Arrays.equals(end, b.end);
    }

    @Override
    public int hashCode() {
      return (Arrays.hashCode(start) * 31 + Arrays.hashCode(end)) * 31 + rank;
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("Blocks[");
      for (int b = 0; b < blockCount(); b++) {
        sb.append(b == 0 ? "" : ", ")
            .append(Arrays.toString(Arrays.copyOfRange(start, b * rank, b * rank + rank)))
            .append('-')
            .append(Arrays.toString(Arrays.copyOfRange(end, b * rank, b * rank + rank)));
      }
      return sb.append(']').toString();
    }
  }
}
