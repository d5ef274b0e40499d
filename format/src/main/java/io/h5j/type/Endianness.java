package io.h5j.type;

import org.jspecify.annotations.Nullable;

/** Byte order of a numeric element. */
public enum Endianness {
  /** Least significant byte first. */
  LITTLE_ENDIAN,
  /** Most significant byte first. */
  BIG_ENDIAN,
  /**
   * VAX order (floating point only, even sizes): 16-bit little-endian words, the most
   * significant word first.
   */
  VAX;

  /**
   * The matching NIO order; VAX has none and gives {@code null}.
   *
   * @return the byte order, or null for VAX
   */
  public java.nio.@Nullable ByteOrder nio() {
    return switch (this) {
      case LITTLE_ENDIAN -> java.nio.ByteOrder.LITTLE_ENDIAN;
      case BIG_ENDIAN -> java.nio.ByteOrder.BIG_ENDIAN;
      case VAX -> null;
    };
  }
}
