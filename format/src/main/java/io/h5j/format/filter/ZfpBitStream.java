package io.h5j.format.filter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * ZFP's bit stream: 64-bit little-endian words whose bits are consumed least significant first.
 * Reads past the end yield zero bits; callers compare {@link #position()} with {@link #limit()}
 * once per block, which bounds the overrun to one block's bits.
 */
final class ZfpBitStream {
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] in;
  private final int length;
  /** Index of the next word to load. */
  private long nextWord;
  /** Unconsumed bits of the current word, in its low {@code buffered} bits. */
  private long buffer;
  private int buffered;

  ZfpBitStream(byte[] in, int length) {
    this.in = in;
    this.length = length;
  }

  /** Bits consumed so far. */
  long position() {
    return 64 * nextWord - buffered;
  }

  /** Bits the input holds. */
  long limit() {
    return 8L * length;
  }

  boolean readBit() {
    if (buffered == 0) {
      buffer = word(nextWord++);
      buffered = 64;
    }
    boolean bit = (buffer & 1) != 0;
    buffer >>>= 1;
    buffered--;
    return bit;
  }

  /**
   * Reads up to {@code max} bits, stopping after the first one bit: returns how many zero bits
   * came before it, or {@code max} when all {@code max} bits were zero.
   */
  int zerosBeforeOne(int max) {
    int zeros = 0;
    while (zeros < max) {
      if (buffered == 0) {
        buffer = word(nextWord++);
        buffered = 64;
      }
      int avail = Math.min(buffered, max - zeros);
      long window = avail == 64 ? buffer : buffer & ((1L << avail) - 1);
      if (window != 0) {
        int z = Long.numberOfTrailingZeros(window);
        buffer = z == 63 ? 0 : buffer >>> (z + 1);
        buffered -= z + 1;
        return zeros + z;
      }
      buffer = avail == 64 ? 0 : buffer >>> avail;
      buffered -= avail;
      zeros += avail;
    }
    return max;
  }

  /** The next {@code n} bits (0 to 64), the first one in the lowest bit. */
  long readBits(int n) {
    if (n == 0) {
      return 0;
    }
    long value;
    if (buffered >= n) {
      value = buffer;
      buffer = n == 64 ? 0 : buffer >>> n;
      buffered -= n;
    } else {
      long w = word(nextWord++);
      value = buffered == 0 ? w : buffer | (w << buffered);
      int taken = n - buffered;
      buffer = taken == 64 ? 0 : w >>> taken;
      buffered = 64 - taken;
    }
    return n == 64 ? value : value & ((1L << n) - 1);
  }

  /** Moves {@code n} bits ahead without reading them. */
  void skip(long n) {
    long target = position() + n;
    nextWord = target >>> 6;
    int offset = (int) (target & 63);
    buffered = 0;
    if (offset != 0) {
      buffer = word(nextWord++) >>> offset;
      buffered = 64 - offset;
    }
  }

  private long word(long index) {
    long start = 8 * index;
    if (start + 8 <= length) {
      return (long) LONG_LE.get(in, (int) start);
    }
    long w = 0;
    for (long i = start; i < length && i < start + 8; i++) {
      w |= (in[(int) i] & 0xffL) << (8 * (i - start));
    }
    return w;
  }
}
