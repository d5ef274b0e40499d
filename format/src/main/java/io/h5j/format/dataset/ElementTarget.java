package io.h5j.format.dataset;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Where a read puts runs of stored element bytes: a byte array of the stored bytes, or a Java
 * array of the elements (for types stored as their array holds them, {@link
 * SlabTransfer#isPrimitiveImage}), so that a read into a new array makes no byte array of the
 * whole selection beside it and no second pass to decode one.
 */
abstract class ElementTarget {
  /** Bytes per element. */
  final int size;

  private ElementTarget(int size) {
    this.size = size;
  }

  /** A new byte array of {@code count} elements of {@code size} bytes, each {@code fill}. */
  static Bytes bytes(byte[] fill, int count, int size) {
    return new Bytes(Values.repeat(fill, count, size), size);
  }

  /**
   * {@code array}, a new Java array (zeros) of elements stored in {@code order} as it holds
   * them, each set to {@code fill} unless that is zero.
   */
  static ElementTarget array(Object array, ByteOrder order, byte[] fill, int count, int size) {
    ElementTarget t = new Array(array, order, size);
    if (fill != null && fill.length == size && !Values.isZero(fill)) {
      t.put(Values.repeat(fill, count, size), 0, 0, count);
    }
    return t;
  }

  /** Copies {@code n} elements from byte {@code from} of {@code src} to element {@code at}. */
  abstract void put(byte[] src, int from, long at, int n);

  /** Stored bytes, as they are in the file. */
  static final class Bytes extends ElementTarget {
    private final byte[] out;

    private Bytes(byte[] out, int size) {
      super(size);
      this.out = out;
    }

    byte[] array() {
      return out;
    }

    @Override
    void put(byte[] src, int from, long at, int n) {
      System.arraycopy(src, from, out, (int) (at * size), n * size);
    }
  }

  private static final class Array extends ElementTarget {
    private final Object out;
    private final ByteOrder order;

    Array(Object out, ByteOrder order, int size) {
      super(size);
      this.out = out;
      this.order = order;
    }

    @Override
    void put(byte[] src, int from, long at, int n) {
      SlabTransfer.bulk(ByteBuffer.wrap(src, from, n * size).order(order), out, (int) at, n,
          true);
    }
  }
}
