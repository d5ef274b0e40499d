package io.h5j.spark;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * One chunk being filled: its elements as stored bytes (the fill value where nothing was
 * written) and which elements were written, so that an index given twice is caught.
 */
final class ChunkBuffer {
  private final long[] coords;
  private final byte[] bytes;
  private final ByteBuffer view;
  private final byte[] covered;
  private final int elementSize;
  private int count;

  ChunkBuffer(long[] coords, int elements, int elementSize, byte[] fillElement) {
    this.coords = coords.clone();
    this.elementSize = elementSize;
    this.bytes = new byte[Math.multiplyExact(elements, elementSize)];
    this.view = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    this.covered = new byte[elements];
    if (!allZero(fillElement)) {
      for (int at = 0; at < bytes.length; at += elementSize) {
        System.arraycopy(fillElement, 0, bytes, at, elementSize);
      }
    }
  }

  /** The bytes this buffer holds (its data and flags). */
  static long footprint(int elements, int elementSize) {
    return (long) elements * (elementSize + 1);
  }

  long[] coords() {
    return coords.clone();
  }

  /** The stored bytes, C order; the caller must not change them. */
  byte[] bytes() {
    return bytes;
  }

  /** 1 for each element written, C order; the caller must not change them. */
  byte[] covered() {
    return covered;
  }

  /** Elements written so far. */
  int count() {
    return count;
  }

  /**
   * Marks element {@code offset} written and returns the byte where its value goes.
   *
   * @throws IllegalArgumentException if it was written already
   */
  int claim(int offset, long[] index, String where) {
    if (covered[offset] != 0) {
      throw duplicate(index, where);
    }
    covered[offset] = 1;
    count++;
    return offset * elementSize;
  }

  /** The buffer to put values in, little-endian. */
  ByteBuffer view() {
    return view;
  }

  /**
   * Takes the written elements of another piece of this chunk ({@code data} as stored,
   * {@code written} flags, null when every element is written).
   *
   * @throws IllegalArgumentException naming the first element both pieces wrote
   */
  void absorb(byte[] data, byte[] written, ChunkGrid grid, String where) {
    for (int e = 0; e < covered.length; e++) {
      if (written != null && written[e] == 0) {
        continue;
      }
      claim(e, grid.elementAt(coords, e), where);
      System.arraycopy(data, e * elementSize, bytes, e * elementSize, elementSize);
    }
  }

  static IllegalArgumentException duplicate(long[] index, String where) {
    return new IllegalArgumentException("hdf5: index (" + Arrays.stream(index)
        .mapToObj(Long::toString).collect(Collectors.joining(", ")) + ") is given more than"
        + " once " + where + "; each element may have one row");
  }

  private static boolean allZero(byte[] b) {
    for (byte x : b) {
      if (x != 0) {
        return false;
      }
    }
    return true;
  }
}
