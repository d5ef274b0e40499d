package io.h5j.type;

import java.util.Arrays;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * The shape of a dataset or attribute: scalar (one element, no dimensions), null (no
 * elements at all) or simple (an n-dimensional array with current and maximum sizes).
 * A maximum size of {@link #UNLIMITED} lets that dimension grow without bound.
 *
 * <p>{@code toString()} is readable: {@code (3, 4)}, {@code (3, 4) max (unlimited, 4)},
 * {@code scalar}, {@code null}.
 *
 * @param kind scalar, simple or null
 * @param dims current size of each dimension, slowest first (empty unless simple)
 * @param maxDims largest size of each dimension, or {@link #UNLIMITED}; null means the same as
 *     {@code dims}
 */
public record Dataspace(Kind kind, long[] dims, long @Nullable [] maxDims) {
  /** A maximum dimension size without bound (libhdf5's {@code H5S_UNLIMITED}). */
  public static final long UNLIMITED = -1L;

  /** The three kinds of dataspace, in the order of their numbers in the file. */
  public enum Kind {
    /** One element and no dimensions. */
    SCALAR,
    /** An array of rank 1 or more (or rank 0 in old files, read as scalar). */
    SIMPLE,
    /** No elements and no dimensions: an attribute or dataset without a value. */
    NULL
  }

  /** The scalar dataspace: one element. */
  public static final Dataspace SCALAR = new Dataspace(Kind.SCALAR, new long[0], new long[0]);
  /** The null dataspace: no elements. */
  public static final Dataspace NULL = new Dataspace(Kind.NULL, new long[0], new long[0]);

  /**
   * Copies the arrays and checks that both have one entry per dimension.
   *
   * @param kind scalar, simple or null
   * @param dims current size of each dimension, slowest first (empty unless simple)
   * @param maxDims largest size of each dimension, or {@link #UNLIMITED}; null means the same as
   *     {@code dims}
   */
  public Dataspace {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    dims = dims.clone();
    maxDims = maxDims == null ? dims.clone() : maxDims.clone();
    if (maxDims.length != dims.length) {
      throw new IllegalArgumentException("max dims rank " + maxDims.length + " differs from rank "
          + dims.length);
    }
  }

  /**
   * A simple dataspace of fixed size {@code dims}.
   *
   * @param dims the size of each dimension, slowest first
   * @return the dataspace; its maximum dimensions are {@code dims}
   */
  public static Dataspace simple(long... dims) {
    return new Dataspace(Kind.SIMPLE, dims, dims);
  }

  /**
   * A simple dataspace of size {@code dims} that may grow to {@code maxDims}.
   *
   * @param dims the size of each dimension, slowest first
   * @param maxDims the largest size of each dimension, or {@link #UNLIMITED}; null for {@code dims}
   * @return the dataspace
   */
  public static Dataspace simple(long[] dims, long @Nullable [] maxDims) {
    return new Dataspace(Kind.SIMPLE, dims, maxDims);
  }

  /**
   * A copy of the current dimension sizes.
   *
   * @return a new array each call
   */
  @Override
  public long[] dims() {
    return dims.clone();
  }

  /**
   * A copy of the maximum dimension sizes ({@link #UNLIMITED} for unbounded ones).
   *
   * @return a new array each call
   */
  @Override
  public long[] maxDims() {
    return maxDims.clone();
  }

  /**
   * Number of dimensions: 0 for scalar and null.
   *
   * @return the rank
   */
  public int rank() {
    return dims.length;
  }

  /**
   * Whether this is the scalar dataspace (one element).
   *
   * @return true for the scalar kind
   */
  public boolean isScalar() {
    return kind == Kind.SCALAR;
  }

  /**
   * Whether this is the null dataspace (no elements, no value).
   *
   * @return true for the null kind
   */
  public boolean isNull() {
    return kind == Kind.NULL;
  }

  /**
   * Whether some maximum size differs from the current size (the space can grow).
   *
   * @return true when the dataspace can grow
   */
  public boolean hasMaxDims() {
    return !Arrays.equals(dims, maxDims);
  }

  /**
   * Number of elements: 1 for scalar, 0 for null.
   *
   * @return the product of the dimensions for a simple dataspace
   * @throws ArithmeticException if the product overflows a long
   */
  public long elementCount() {
    if (kind == Kind.NULL) {
      return 0;
    }
    long n = 1;
    for (long d : dims) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof Dataspace d && d.kind == kind && Arrays.equals(d.dims, dims)
        && Arrays.equals(d.maxDims, maxDims);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + Arrays.hashCode(dims) * 17 + Arrays.hashCode(maxDims);
  }

  /** E.g. {@code (3, 4)}, {@code (3, 4) max (unlimited, 4)}, {@code scalar}, {@code null}. */
  @Override
  public String toString() {
    return switch (kind) {
      case SCALAR -> "scalar";
      case NULL -> "null";
      case SIMPLE -> sizes(dims) + (hasMaxDims() ? " max " + sizes(maxDims) : "");
    };
  }

  private static String sizes(long[] ds) {
    StringJoiner j = new StringJoiner(", ", "(", ")");
    for (long d : ds) {
      j.add(d == UNLIMITED ? "unlimited" : Long.toString(d));
    }
    return j.toString();
  }
}
