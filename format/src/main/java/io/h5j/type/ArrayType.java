package io.h5j.type;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Array class 10: a fixed-shape array of a base type as one element.
 *
 * @param dims dimension sizes, slowest first; rank 1..32, each at least 1
 * @param base element type
 */
public record ArrayType(int[] dims, Datatype base) implements Datatype {
  /** Largest rank libhdf5 supports. */
  public static final int MAX_RANK = 32;

  /**
   * Validates the fields and that the total size fits an int.
   *
   * @param dims dimension sizes, slowest first; rank 1..32, each at least 1
   * @param base element type
   */
  public ArrayType {
    Check.notNull(base, "base");
    dims = Check.notNull(dims, "dims").clone();
    Check.that(dims.length >= 1 && dims.length <= MAX_RANK, "array rank must be 1..32");
    long n = base.size();
    for (int d : dims) {
      Check.that(d >= 1, "array dimensions must be at least 1");
      n *= d;
      Check.that(n <= Integer.MAX_VALUE, "array type larger than 2 GiB");
    }
  }

  /**
   * Number of base elements in one array element.
   *
   * @return the product of the dimensions
   */
  public int elementCount() {
    int n = 1;
    for (int d : dims) {
      n *= d;
    }
    return n;
  }

  /**
   * A copy of the dimension sizes.
   *
   * @return a new array each call
   */
  @Override
  public int[] dims() {
    return dims.clone();
  }

  @Override
  public int size() {
    return elementCount() * base.size();
  }

  @Override
  public int classId() {
    return 10;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof ArrayType a && Arrays.equals(dims, a.dims) && base.equals(a.base);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(dims) + base.hashCode();
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
