package io.h5j.format.filter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The bit transposition of bitshuffle (and of Blosc's bitshuffle, which is the same code): a
 * block of {@code n} elements of {@code s} bytes, {@code n} a multiple of 8, becomes {@code 8 s}
 * bit rows of {@code n / 8} bytes; row {@code 8 j + b} holds bit {@code b} of byte {@code j} of
 * every element, element {@code e} at bit {@code e % 8} of the row's byte {@code e / 8}.
 *
 * <p>Done in two steps that each move whole words: a byte shuffle (elements to byte planes,
 * {@link ShuffleFilter#shuffleBlock}), then per plane 8 x 8 bit matrices held in longs, which
 * {@link #transposeBits} transposes, gathered from and scattered to the 8 rows with 8 x 8 byte
 * transpositions ({@link ShuffleFilter#transpose8}).
 */
final class BitTranspose {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private BitTranspose() {}

  /**
   * Bit-shuffles the {@code n} elements of {@code s} bytes at {@code in[inOff]} into
   * {@code out[outOff]}; {@code scratch} holds at least {@code n * s} bytes when {@code s > 1}.
   */
  static void shuffle(byte[] in, int inOff, int n, int s, byte[] out, int outOff,
      byte[] scratch) {
    checkCount(n);
    if (s == 1) {
      planesToRows(in, inOff, n, 1, out, outOff);
    } else {
      ShuffleFilter.shuffleBlock(in, inOff, n, s, scratch, 0);
      planesToRows(scratch, 0, n, s, out, outOff);
    }
  }

  /** Undoes {@link #shuffle}: bit rows at {@code in[inOff]}, elements to {@code out[outOff]}. */
  static void unshuffle(byte[] in, int inOff, int n, int s, byte[] out, int outOff,
      byte[] scratch) {
    checkCount(n);
    if (s == 1) {
      rowsToPlanes(in, inOff, n, 1, out, outOff);
    } else {
      rowsToPlanes(in, inOff, n, s, scratch, 0);
      ShuffleFilter.unshuffleBlock(scratch, 0, n, s, out, outOff);
    }
  }

  private static void checkCount(int n) {
    if ((n & 7) != 0) {
      throw new IllegalArgumentException(n + " elements are not a multiple of 8");
    }
  }

  /** Byte planes (plane {@code j}: byte {@code j} of each element) to bit rows. */
  private static void planesToRows(byte[] planes, int pOff, int n, int s, byte[] rows,
      int rOff) {
    int rowLength = n >>> 3;
    long[] words = new long[8];
    byte[] matrix = new byte[64];
    for (int j = 0; j < s; j++) {
      int plane = pOff + j * n;
      int row0 = rOff + j * 8 * rowLength;
      int g = 0;
      for (; g + 8 <= rowLength; g += 8) { // 8 groups of 8 elements: 8 rows get a word each
        for (int k = 0; k < 8; k++) {
          LONGS.set(matrix, 8 * k, transposeBits((long) LONGS.get(planes, plane + 8 * (g + k))));
        }
        ShuffleFilter.transpose8(matrix, 0, 8, words);
        for (int b = 0; b < 8; b++) {
          LONGS.set(rows, row0 + b * rowLength + g, words[b]);
        }
      }
      for (; g < rowLength; g++) {
        long x = transposeBits((long) LONGS.get(planes, plane + 8 * g));
        for (int b = 0; b < 8; b++) {
          rows[row0 + b * rowLength + g] = (byte) (x >>> (8 * b));
        }
      }
    }
  }

  /** Bit rows to byte planes: the inverse of {@link #planesToRows}. */
  private static void rowsToPlanes(byte[] rows, int rOff, int n, int s, byte[] planes,
      int pOff) {
    int rowLength = n >>> 3;
    long[] words = new long[8];
    for (int j = 0; j < s; j++) {
      int plane = pOff + j * n;
      int row0 = rOff + j * 8 * rowLength;
      int g = 0;
      for (; g + 8 <= rowLength; g += 8) {
        ShuffleFilter.transpose8(rows, row0 + g, rowLength, words); // words[k]: group g + k
        for (int k = 0; k < 8; k++) {
          LONGS.set(planes, plane + 8 * (g + k), transposeBits(words[k]));
        }
      }
      for (; g < rowLength; g++) {
        long x = 0;
        for (int b = 0; b < 8; b++) {
          x |= (rows[row0 + b * rowLength + g] & 0xffL) << (8 * b);
        }
        LONGS.set(planes, plane + 8 * g, transposeBits(x));
      }
    }
  }

  /**
   * Transposes the 8 x 8 bit matrix in {@code x} (row {@code r} = byte {@code r}, column
   * {@code c} = bit {@code c}): three rounds swap the off-diagonal 1 x 1, 2 x 2 and 4 x 4
   * blocks with masked XORs. Its own inverse.
   */
  static long transposeBits(long x) {
    long t = (x ^ (x >>> 7)) & 0x00AA00AA00AA00AAL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >>> 14)) & 0x0000CCCC0000CCCCL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >>> 28)) & 0x00000000F0F0F0F0L;
    x ^= t ^ (t << 28);
    return x;
  }
}
