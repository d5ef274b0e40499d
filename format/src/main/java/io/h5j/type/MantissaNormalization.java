package io.h5j.type;

/** How the most significant bit of a floating-point mantissa is managed. */
public enum MantissaNormalization {
  /** No normalization; read like {@link #MSB_SET} (explicit leading bit). */
  NONE,
  /** The leading mantissa bit is stored and always set, except for zero (x87 style). */
  MSB_SET,
  /** The leading mantissa bit is implied and not stored (IEEE 754). */
  IMPLIED
}
