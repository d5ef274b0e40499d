package io.h5j.format.filter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import io.h5j.H5FormatException;
import java.util.Optional;

/**
 * Filter 2, shuffle: byte {@code j} of every element is gathered into plane {@code j}. Client
 * data value 0 is the element size in bytes. As in libhdf5, an element size of 1 or a single
 * element leaves the data as it is, and the bytes after the last whole element stay in place at
 * the end.
 */
final class ShuffleFilter implements Filter {
  @Override
  public int id() {
    return Filters.SHUFFLE;
  }

  @Override
  public String name() {
    return "shuffle";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    int size = FilterSupport.requiredValue(this, clientData, 0, "element size");
    if (in.length > maxOutput) {
      throw FilterSupport.error(this, in.length + " bytes exceed the expected " + maxOutput);
    }
    return transpose(in, size, false);
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    if (clientData.length < 1) {
      throw new IllegalArgumentException("shuffle needs the element size as client data value 0");
    }
    return Optional.of(transpose(in, clientData[0], true));
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize;
  }

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private static byte[] transpose(byte[] in, int elementSize, boolean shuffle) {
    long size = Integer.toUnsignedLong(elementSize);
    if (size <= 1 || in.length / size <= 1) {
      return in.clone();
    }
    int n = (int) (in.length / size);
    int s = (int) size;
    byte[] out = new byte[in.length];
    int tail = n * s;
    System.arraycopy(in, tail, out, tail, in.length - tail); // leftover bytes stay in place
    if (!shuffle && s == 8) {
      unshuffle8(in, out, n);
    } else if (!shuffle && s == 4) {
      unshuffle4(in, out, n);
    } else if (shuffle) {
      for (int b = 0; b < s; b++) { // write each plane sequentially
        int plane = b * n;
        for (int e = 0, from = b; e < n; e++, from += s) {
          out[plane + e] = in[from];
        }
      }
    } else {
      for (int b = 0; b < s; b++) {
        int plane = b * n;
        for (int e = 0, to = b; e < n; e++, to += s) {
          out[to] = in[plane + e];
        }
      }
    }
    return out;
  }

  /** The common 8-byte case: gather one element from the 8 planes, store it as one word. */
  private static void unshuffle8(byte[] in, byte[] out, int n) {
    for (int e = 0; e < n; e++) {
      long v = (in[e] & 0xffL)
          | (in[n + e] & 0xffL) << 8
          | (in[2 * n + e] & 0xffL) << 16
          | (in[3 * n + e] & 0xffL) << 24
          | (in[4 * n + e] & 0xffL) << 32
          | (in[5 * n + e] & 0xffL) << 40
          | (in[6 * n + e] & 0xffL) << 48
          | (in[7 * n + e] & 0xffL) << 56;
      LONGS.set(out, 8 * e, v);
    }
  }

  private static void unshuffle4(byte[] in, byte[] out, int n) {
    for (int e = 0; e < n; e++) {
      int v = (in[e] & 0xff)
          | (in[n + e] & 0xff) << 8
          | (in[2 * n + e] & 0xff) << 16
          | (in[3 * n + e] & 0xff) << 24;
      INTS.set(out, 4 * e, v);
    }
  }
}
