package io.h5j.format.vds;

import io.h5j.format.select.EncodedSelection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The entries of a v0 mapping block that are all encoded as its first one, apart from their box
 * coordinates: the blocks versioned files hold (one source name pair, every selection a
 * single-block hyperslab v1, as libhdf5 1.10 writes them). Entry {@code i} then lies at a
 * computed offset and its fields at fixed places in it, so neither per-entry offsets nor
 * per-entry boxes need to be kept: they are read from the block when asked for.
 *
 * <p>{@link #scan} checks every entry against the first one (bytes other than coordinates
 * equal, each box's end not before its start, source and virtual shapes equal) and places its
 * virtual box on the chunk grid in the same pass. Any entry that differs makes it answer null,
 * and the general scan of {@link MappingBlock} decides (and names what is wrong); an entry it
 * accepts is one the general scan accepts with the same meaning.
 */
final class UniformEntries {
  private static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  /** Hyperslab v1 before its coordinates: type, version, reserved, length, rank, blocks. */
  private static final int HEAD = 24;

  private final byte[] data;
  private final int first;
  private final int size;
  private final int rank;
  /** Offsets inside an entry: dataset name, source and virtual coordinates. */
  private final int dsetAt;
  private final int srcAt;
  private final int virtAt;
  private final int srcSelAt;
  private final int virtSelAt;
  /** The chunk grid of the virtual boxes, or null. */
  private BlockGrid grid;
  /** Some box is larger than the first one: the grid needs {@link BlockGrid#detect}. */
  private boolean largerBox;

  private UniformEntries(byte[] data, int first, int size, int rank, int dsetAt,
      int srcSelAt, int virtSelAt) {
    this.data = data;
    this.first = first;
    this.size = size;
    this.rank = rank;
    this.dsetAt = dsetAt;
    this.srcSelAt = srcSelAt;
    this.virtSelAt = virtSelAt;
    this.srcAt = srcSelAt + HEAD;
    this.virtAt = virtSelAt + HEAD;
  }

  /**
   * The {@code count} entries of {@code block} from offset {@code first} to {@code end} (the
   * checksum's offset), or null when they are not all encoded alike or one is not a box the
   * general scan would accept.
   */
  static UniformEntries scan(byte[] block, int first, int end, int count) {
    if (count < 1) {
      return null;
    }
    int file = nameEnd(block, first, end);
    int dset = file < 0 ? -1 : nameEnd(block, file, end);
    if (dset < 0) {
      return null;
    }
    int rank = boxRank(block, dset, end);
    int virt = rank < 0 ? -1 : dset + HEAD + 8 * rank;
    if (virt < 0 || boxRank(block, virt, end) != rank) {
      return null;
    }
    int size = virt + HEAD + 8 * rank - first;
    if ((long) count * size != end - first) {
      return null;
    }
    UniformEntries u = new UniformEntries(block, first, size, rank, file - first, dset - first,
        virt - first);
    return u.check(count) ? u : null;
  }

  /** One past the NUL of a non-empty name at {@code at}, or -1. */
  private static int nameEnd(byte[] b, int at, int end) {
    for (int k = at; k < end; k++) {
      if (b[k] == 0) {
        return k == at ? -1 : k + 1;
      }
    }
    return -1;
  }

  /** The rank of a one-block hyperslab v1 selection at {@code at} whose coordinates fit, or -1. */
  private static int boxRank(byte[] b, int at, int end) {
    if (end - at < HEAD || u32(b, at) != 2 || u32(b, at + 4) != 1 || u32(b, at + 20) != 1) {
      return -1;
    }
    int rank = u32(b, at + 16);
    return rank >= 1 && rank <= EncodedSelection.MAX_RANK && end - at - HEAD >= 8 * rank
        ? rank : -1;
  }

  private static int u32(byte[] b, int at) {
    return (int) LE_INT.get(b, at);
  }

  private static long coord(byte[] b, int at) {
    return (int) LE_INT.get(b, at) & 0xffffffffL;
  }

  /** The {@code length} bytes at {@code at} (8 or more) as the words {@link #sameWords} compares. */
  private static long[] words(byte[] b, int at, int length) {
    long[] w = new long[(length + 7) / 8];
    for (int k = 0; k < w.length; k++) {
      w[k] = (long) LE_LONG.get(b, at + Math.min(8 * k, length - 8));
    }
    return w;
  }

  /** Whether the {@code length} bytes at {@code at} are the ones {@code words} holds. */
  private static boolean sameWords(byte[] b, int at, long[] words, int length) {
    for (int k = 0; k < words.length; k++) {
      if ((long) LE_LONG.get(b, at + Math.min(8 * k, length - 8)) != words[k]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Checks every entry against the first and puts each virtual box on the grid of the first
   * box's shape; false at the first entry that differs.
   */
  private boolean check(int count) {
    byte[] b = data;
    long[] cell = new long[rank];
    int[] shift = new int[rank];
    for (int d = 0; d < rank; d++) {
      cell[d] = coord(b, first + virtAt + 4 * (rank + d)) - coord(b, first + virtAt + 4 * d) + 1;
      shift[d] = Long.bitCount(cell[d]) == 1 ? Long.numberOfTrailingZeros(cell[d]) : -1;
    }
    int[] cells = new int[count * rank]; // each box's cell coordinates, or null: no grid
    long[] extent = new long[rank];
    long limit = BlockGrid.limit(count);
    // names and the source selection's header; the virtual selection's header (each at
    // least 24 bytes: compared as 8-byte words, the last one overlapping the one before)
    long[] head = words(b, first, srcAt);
    long[] virtHead = words(b, first + virtSelAt, HEAD);
    for (int i = 0, o = first; i < count; i++, o += size) {
      if (i > 0 && (!sameWords(b, o, head, srcAt)
          || !sameWords(b, o + virtSelAt, virtHead, HEAD))) {
        return false;
      }
      for (int d = 0; d < rank; d++) {
        long s0 = coord(b, o + srcAt + 4 * d);
        long s1 = coord(b, o + srcAt + 4 * (rank + d));
        long v0 = coord(b, o + virtAt + 4 * d);
        long v1 = coord(b, o + virtAt + 4 * (rank + d));
        if (s1 < s0 || v1 < v0 || s1 - s0 != v1 - v0) {
          return false; // the general scan reports a bad block or keeps no boxes
        }
        long shape = v1 - v0 + 1;
        if (shape > cell[d]) {
          largerBox = true; // the grid's cell is not the first box: BlockGrid.detect decides
          cells = null;
        }
        if (cells == null) {
          continue;
        }
        long c = shift[d] >= 0 ? ((v0 & (cell[d] - 1)) == 0 ? v0 >>> shift[d] : -1)
            : v0 % cell[d] == 0 ? v0 / cell[d] : -1;
        if (c < 0 || c >= limit) {
          cells = null; // off the grid, or a table too sparse
        } else {
          cells[i * rank + d] = (int) c;
          extent[d] = Math.max(extent[d], c + 1);
        }
      }
    }
    if (cells != null) {
      grid = BlockGrid.ofCells(cell, extent, cells, count);
    }
    return true;
  }

  /** The chunk grid, or null ({@link #needsDetect()}: the general test may find one). */
  BlockGrid grid() {
    return grid;
  }

  /** Whether a box larger than the first makes the grid a question for {@link BlockGrid#detect}. */
  boolean needsDetect() {
    return largerBox;
  }

  int rank() {
    return rank;
  }

  private int entry(int i) {
    return first + i * size;
  }

  int fileOffset(int i) {
    return entry(i);
  }

  int datasetOffset(int i) {
    return entry(i) + dsetAt;
  }

  int sourceSelectionOffset(int i) {
    return entry(i) + srcSelAt;
  }

  int virtualSelectionOffset(int i) {
    return entry(i) + virtSelAt;
  }

  long virtualStart(int i, int d) {
    return coord(data, entry(i) + virtAt + 4 * d);
  }

  long sourceStart(int i, int d) {
    return coord(data, entry(i) + srcAt + 4 * d);
  }

  long blockShape(int i, int d) {
    int at = entry(i) + virtAt;
    return coord(data, at + 4 * (rank + d)) - coord(data, at + 4 * d) + 1;
  }
}
