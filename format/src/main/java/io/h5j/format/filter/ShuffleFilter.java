package io.h5j.format.filter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.h5j.format.H5FormatException;
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
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput)
      throws H5FormatException {
    int size = FilterSupport.requiredValue(this, clientData, 0, "element size");
    if (inLength > maxOutput) {
      throw FilterSupport.error(this, inLength + " bytes exceed the expected " + maxOutput);
    }
    transpose(in, inLength, size, false, out);
    return inLength;
  }

  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput,
      Helpers helpers) throws H5FormatException {
    int size = FilterSupport.requiredValue(this, clientData, 0, "element size");
    if (inLength > maxOutput) {
      throw FilterSupport.error(this, inLength + " bytes exceed the expected " + maxOutput);
    }
    transpose(in, inLength, size, false, out, helpers.forBytes(inLength));
    return inLength;
  }

  /**
   * Declines without an element size, as libhdf5's shuffle fails then: it has none when
   * libhdf5 skipped the per-dataset ("set local") step, which it does for variable-length
   * elements, so the (optional) shuffle is skipped in every chunk of such a dataset.
   */
  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    if (clientData.length < 1 || clientData[0] <= 0) {
      return Optional.empty();
    }
    return Optional.of(transpose(in, clientData[0], true));
  }

  /** Shuffles into this thread's scratch: the output has the input's length. */
  @Override
  public Optional<byte[]> encodeForNext(byte[] in, int[] clientData, int slot) {
    if (clientData.length < 1 || clientData[0] <= 0) {
      return Optional.empty();
    }
    byte[] out = ScratchArrays.get(slot, in.length);
    if (out == in) {
      return encode(in, clientData); // the input is that scratch: no shuffle in place
    }
    transpose(in, in.length, clientData[0], true, out);
    return Optional.of(out);
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
    byte[] out = new byte[in.length];
    transpose(in, in.length, elementSize, shuffle, out);
    return out;
  }

  /** (Un)shuffles the first {@code length} bytes of {@code in} into {@code out}. */
  private static void transpose(byte[] in, int length, int elementSize, boolean shuffle,
      byte[] out) {
    transpose(in, length, elementSize, shuffle, out, Helpers.NONE);
  }

  /** As above, the elements split between this thread and a helper. */
  private static void transpose(byte[] in, int length, int elementSize, boolean shuffle,
      byte[] out, Helpers helpers) {
    long size = Integer.toUnsignedLong(elementSize);
    if (size <= 1 || length / size <= 1) {
      System.arraycopy(in, 0, out, 0, length);
      return;
    }
    int n = (int) (length / size);
    int s = (int) size;
    int tail = n * s;
    System.arraycopy(in, tail, out, tail, length - tail); // leftover bytes stay in place
    if (shuffle) {
      helpers.split(n, 8, (from, to) -> shuffle(in, 0, n, s, out, 0, from, to));
    } else {
      helpers.split(n, 8, (from, to) -> unshuffleInto(in, 0, n, s, from, to - from, out,
          from * s));
    }
  }

  /**
   * Shuffles the {@code n} elements of {@code s} bytes at {@code in[inOff]} into {@code s} byte
   * planes of {@code n} bytes at {@code out[outOff]} (the shuffle of one Blosc or bitshuffle
   * block).
   */
  static void shuffleBlock(byte[] in, int inOff, int n, int s, byte[] out, int outOff) {
    shuffle(in, inOff, n, s, out, outOff, 0, n);
  }

  /** Undoes {@link #shuffleBlock}: planes at {@code planes[planesOff]}, elements to {@code out[outOff]}. */
  static void unshuffleBlock(byte[] planes, int planesOff, int n, int s, byte[] out,
      int outOff) {
    unshuffleInto(planes, planesOff, n, s, 0, n, out, outOff);
  }

  /**
   * Shuffles elements {@code from} (a multiple of 8) to {@code to} of the {@code n} elements
   * of {@code s} bytes each at {@code in[inOff]} into byte planes at {@code out[outOff]}.
   */
  private static void shuffle(byte[] in, int inOff, int n, int s, byte[] out, int outOff,
      int from, int to) {
    int done = from;
    if (s == 8) {
      done = from + ((to - from) & ~7); // blocks of 8 elements: one 8 x 8 transposition each
      long[] rows = new long[8];
      for (int e = from; e < done; e += 8) {
        transpose8(in, inOff + 8 * e, 8, rows);
        for (int k = 0; k < 8; k++) {
          LONGS.set(out, outOff + e + k * n, rows[k]);
        }
      }
    }
    for (int b = 0; b < s; b++) { // the rest byte by byte, one plane at a time
      int plane = outOff + b * n;
      for (int e = done, at = inOff + b + done * s; e < to; e++, at += s) {
        out[plane + e] = in[at];
      }
    }
  }

  /**
   * Unshuffles elements {@code from} to {@code from + count} of {@code n} shuffled elements of
   * {@code s} bytes ({@code planes}: byte {@code b} of element {@code e} at {@code b * n + e})
   * into {@code dst} from byte index {@code at} on, as stored (byte order unchanged); the
   * buffer's position, limit and order are not used; {@code s} is 2, 4 or 8. A heap buffer is
   * written in its array; a direct one gets blocks unshuffled into a small array first, each
   * copied in bulk while still in the L1 cache (measured per MiB: word stores into the buffer
   * took 35-40 % longer than into an array, the blocks about 10 %).
   */
  static void unshuffleInto(byte[] planes, int n, int s, int from, int count, ByteBuffer dst,
      int at) {
    if (dst.hasArray()) {
      unshuffleInto(planes, 0, n, s, from, count, dst.array(), dst.arrayOffset() + at);
      return;
    }
    byte[] block = ScratchArrays.get(ScratchArrays.BLOCK, ScratchArrays.BLOCK_BYTES);
    int step = ScratchArrays.BLOCK_BYTES / s / 8 * 8; // whole 8 x 8 transpositions
    for (int k = 0; k < count; k += step) {
      int m = Math.min(step, count - k);
      unshuffleInto(planes, 0, n, s, from + k, m, block, 0);
      dst.put(at + k * s, block, 0, m * s);
    }
  }

  /**
   * As {@link #unshuffleInto(byte[], int, int, int, int, ByteBuffer, int)}, into an array, the
   * planes starting at {@code planes[p]}.
   */
  private static void unshuffleInto(byte[] planes, int p, int n, int s, int from, int count,
      byte[] out, int at) {
    int e = from;
    int end = from + count;
    int to = at;
    if (s == 8) {
      long[] rows = new long[8];
      for (; e + 8 <= end; e += 8, to += 64) {
        transpose8(planes, p + e, n, rows);
        for (int k = 0; k < 8; k++) {
          LONGS.set(out, to + 8 * k, rows[k]);
        }
      }
    } else if (s == 4) {
      for (int q = p + e; e < end; e++, q++, to += 4) {
        INTS.set(out, to, (planes[q] & 0xff) | (planes[n + q] & 0xff) << 8
            | (planes[2 * n + q] & 0xff) << 16 | (planes[3 * n + q] & 0xff) << 24);
      }
    } else if (s == 2) {
      for (int q = p + e; e < end; e++, q++, to += 2) {
        out[to] = planes[q];
        out[to + 1] = planes[n + q];
      }
    }
    for (; e < end; e++) { // odd sizes, or the last few of 8
      for (int b = 0; b < s; b++) {
        out[to++] = planes[p + b * n + e];
      }
    }
  }

  private static final long LOW32 = 0x00000000ffffffffL;
  private static final long LOW16 = 0x0000ffff0000ffffL;
  private static final long LOW8 = 0x00ff00ff00ff00ffL;

  /**
   * Transposes an 8 x 8 byte matrix: reads 8 little-endian words at {@code from + k * inStep}
   * (word k is row k) and puts column k, as a little-endian word, in {@code rows[k]}. With
   * rows = elements and columns = byte planes this shuffles 8 float64s; with byte planes as
   * rows it unshuffles them (a transposition is its own inverse). Three rounds swap ever
   * smaller blocks (4 x 4, 2 x 2, 1 x 1), which moves bytes in words instead of one at a time.
   */
  static void transpose8(byte[] in, int from, int inStep, long[] rows) {
    long a0 = (long) LONGS.get(in, from);
    long a1 = (long) LONGS.get(in, from + inStep);
    long a2 = (long) LONGS.get(in, from + 2 * inStep);
    long a3 = (long) LONGS.get(in, from + 3 * inStep);
    long a4 = (long) LONGS.get(in, from + 4 * inStep);
    long a5 = (long) LONGS.get(in, from + 5 * inStep);
    long a6 = (long) LONGS.get(in, from + 6 * inStep);
    long a7 = (long) LONGS.get(in, from + 7 * inStep);
    long t;
    // 4 x 4 blocks: rows k and k + 4 trade their high and low halves.
    t = a0; a0 = (t & LOW32) | (a4 << 32); a4 = (t >>> 32) | (a4 & ~LOW32);
    t = a1; a1 = (t & LOW32) | (a5 << 32); a5 = (t >>> 32) | (a5 & ~LOW32);
    t = a2; a2 = (t & LOW32) | (a6 << 32); a6 = (t >>> 32) | (a6 & ~LOW32);
    t = a3; a3 = (t & LOW32) | (a7 << 32); a7 = (t >>> 32) | (a7 & ~LOW32);
    // 2 x 2 blocks: rows k and k + 2.
    t = a0; a0 = (t & LOW16) | ((a2 & LOW16) << 16); a2 = ((t >>> 16) & LOW16) | (a2 & ~LOW16);
    t = a1; a1 = (t & LOW16) | ((a3 & LOW16) << 16); a3 = ((t >>> 16) & LOW16) | (a3 & ~LOW16);
    t = a4; a4 = (t & LOW16) | ((a6 & LOW16) << 16); a6 = ((t >>> 16) & LOW16) | (a6 & ~LOW16);
    t = a5; a5 = (t & LOW16) | ((a7 & LOW16) << 16); a7 = ((t >>> 16) & LOW16) | (a7 & ~LOW16);
    // single bytes: rows k and k + 1.
    t = a0; a0 = (t & LOW8) | ((a1 & LOW8) << 8); a1 = ((t >>> 8) & LOW8) | (a1 & ~LOW8);
    t = a2; a2 = (t & LOW8) | ((a3 & LOW8) << 8); a3 = ((t >>> 8) & LOW8) | (a3 & ~LOW8);
    t = a4; a4 = (t & LOW8) | ((a5 & LOW8) << 8); a5 = ((t >>> 8) & LOW8) | (a5 & ~LOW8);
    t = a6; a6 = (t & LOW8) | ((a7 & LOW8) << 8); a7 = ((t >>> 8) & LOW8) | (a7 & ~LOW8);
    rows[0] = a0;
    rows[1] = a1;
    rows[2] = a2;
    rows[3] = a3;
    rows[4] = a4;
    rows[5] = a5;
    rows[6] = a6;
    rows[7] = a7;
  }

  /**
   * Unshuffles elements {@code from} to {@code from + count} of {@code n} shuffled elements of
   * {@code s} bytes ({@code planes}: byte {@code b} of element {@code e} at {@code b * n + e})
   * straight into a Java array of that width ({@code double[]} or {@code long[]} for 8 bytes,
   * {@code float[]} or {@code int[]} for 4, {@code short[]} for 2) from index {@code at}: no
   * unshuffled bytes in between. {@code bigEndian}: the stored elements are big-endian.
   */
  static void unshuffleInto(byte[] planes, int n, int s, int from, int count, Object array,
      int at, boolean bigEndian) {
    int e = from;
    int end = from + count;
    if (s == 8) {
      long[] rows = new long[8];
      double[] doubles = array instanceof double[] d ? d : null;
      long[] longs = doubles == null ? (long[]) array : null;
      for (int to = at; e + 8 <= end; e += 8, to += 8) {
        transpose8(planes, e, n, rows);
        for (int k = 0; k < 8; k++) {
          long v = bigEndian ? Long.reverseBytes(rows[k]) : rows[k];
          if (doubles != null) {
            doubles[to + k] = Double.longBitsToDouble(v);
          } else {
            longs[to + k] = v;
          }
        }
      }
    } else if (s == 4) {
      float[] floats = array instanceof float[] f ? f : null;
      int[] ints = floats == null ? (int[]) array : null;
      for (int to = at; e < end; e++, to++) {
        int v = (planes[e] & 0xff) | (planes[n + e] & 0xff) << 8
            | (planes[2 * n + e] & 0xff) << 16 | (planes[3 * n + e] & 0xff) << 24;
        v = bigEndian ? Integer.reverseBytes(v) : v;
        if (floats != null) {
          floats[to] = Float.intBitsToFloat(v);
        } else {
          ints[to] = v;
        }
      }
    }
    for (int to = at + (e - from); e < end; e++, to++) { // 2-byte, or the last few of 8
      long v = 0;
      for (int b = 0; b < s; b++) {
        v |= (planes[b * n + e] & 0xffL) << (bigEndian ? 8 * (s - 1 - b) : 8 * b);
      }
      if (array instanceof double[] d) {
        d[to] = Double.longBitsToDouble(v);
      } else if (array instanceof long[] l) {
        l[to] = v;
      } else {
        ((short[]) array)[to] = (short) v;
      }
    }
  }
}
