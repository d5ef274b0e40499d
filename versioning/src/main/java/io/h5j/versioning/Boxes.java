package io.h5j.versioning;

import java.util.ArrayList;
import java.util.List;

/** Chunk-grid arithmetic and copies of n-dimensional boxes between flat C-order byte arrays. */
final class Boxes {
  private Boxes() {}

  static long count(long[] extent) {
    long n = 1;
    for (long e : extent) {
      n = Math.multiplyExact(n, e);
    }
    return n;
  }

  /** The extent of chunk {@code key} once trimmed at the array edge (0 where it lies outside). */
  static long[] trimmed(ChunkKey key, long[] shape, long[] chunks) {
    long[] e = new long[shape.length];
    for (int d = 0; d < e.length; d++) {
      long start = key.coords()[d] * chunks[d];
      e[d] = Math.max(0, Math.min(chunks[d], shape[d] - start));
    }
    return e;
  }

  static boolean isFull(long[] extent, long[] chunks) {
    for (int d = 0; d < extent.length; d++) {
      if (extent[d] != chunks[d]) {
        return false;
      }
    }
    return true;
  }

  /** The chunks a box of {@code extent} elements at {@code start} touches, in C order. */
  static List<ChunkKey> chunksOf(long[] start, long[] extent, long[] chunks) {
    int rank = start.length;
    List<ChunkKey> out = new ArrayList<>();
    long[] lo = new long[rank];
    long[] hi = new long[rank];
    for (int d = 0; d < rank; d++) {
      if (extent[d] == 0) {
        return out;
      }
      lo[d] = start[d] / chunks[d];
      hi[d] = (start[d] + extent[d] - 1) / chunks[d];
    }
    long[] at = lo.clone();
    while (true) {
      out.add(new ChunkKey(at));
      int d = rank - 1;
      while (d >= 0 && ++at[d] > hi[d]) {
        at[d] = lo[d];
        d--;
      }
      if (d < 0) {
        return out;
      }
    }
  }

  /** Every chunk of an array of {@code shape}, in C order. */
  static List<ChunkKey> allChunks(long[] shape, long[] chunks) {
    long[] start = new long[shape.length];
    return chunksOf(start, shape, chunks);
  }

  /** {@code n} copies of one element's bytes. */
  static byte[] repeat(byte[] element, long n) {
    if (n * element.length > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(n + " elements do not fit one Java array");
    }
    byte[] out = new byte[(int) (n * element.length)];
    for (int i = 0; i < out.length; i += element.length) {
      System.arraycopy(element, 0, out, i, element.length);
    }
    return out;
  }

  /** Whether every element of {@code data} equals {@code element}. */
  static boolean allEqual(byte[] data, byte[] element) {
    for (int i = 0; i < data.length; i++) {
      if (data[i] != element[i % element.length]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Copies the box of {@code extent} elements at {@code srcStart} in {@code src} (an array of
   * {@code srcShape}) to {@code dstStart} in {@code dst} (of {@code dstShape}), a row of the
   * last dimension at a time.
   */
  static void copy(byte[] src, long[] srcShape, long[] srcStart, byte[] dst, long[] dstShape,
      long[] dstStart, long[] extent, int size) {
    int rank = extent.length;
    if (count(extent) == 0) {
      return;
    }
    if (rank == 0) {
      System.arraycopy(src, 0, dst, 0, size);
      return;
    }
    int row = (int) extent[rank - 1] * size;
    long[] at = new long[rank];
    while (true) {
      long s = 0;
      long t = 0;
      for (int d = 0; d < rank; d++) {
        s = s * srcShape[d] + srcStart[d] + at[d];
        t = t * dstShape[d] + dstStart[d] + at[d];
      }
      System.arraycopy(src, (int) s * size, dst, (int) t * size, row);
      int d = rank - 2;
      while (d >= 0 && ++at[d] == extent[d]) {
        at[d] = 0;
        d--;
      }
      if (d < 0) {
        return;
      }
    }
  }

  /**
   * Copies the elements two boxes share: {@code src} holds the box of {@code srcExtent} at
   * {@code srcAt}, {@code dst} the box of {@code dstExtent} at {@code dstAt} (array
   * coordinates).
   */
  static void copyOverlap(byte[] src, long[] srcAt, long[] srcExtent, byte[] dst, long[] dstAt,
      long[] dstExtent, int size) {
    int rank = srcAt.length;
    long[] len = new long[rank];
    long[] inSrc = new long[rank];
    long[] inDst = new long[rank];
    for (int d = 0; d < rank; d++) {
      long lo = Math.max(srcAt[d], dstAt[d]);
      len[d] = Math.min(srcAt[d] + srcExtent[d], dstAt[d] + dstExtent[d]) - lo;
      if (len[d] <= 0) {
        return;
      }
      inSrc[d] = lo - srcAt[d];
      inDst[d] = lo - dstAt[d];
    }
    copy(src, srcExtent, inSrc, dst, dstExtent, inDst, len, size);
  }
}
