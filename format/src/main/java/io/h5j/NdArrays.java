package io.h5j;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;

/**
 * Java n-d arrays ({@code double[][]}, {@code String[][][]}, ...) as HDF5 sees them: a shape
 * and the elements flat in C order. Only arrays whose innermost elements are primitives or
 * strings are n-d here: an {@code Object[]} of arrays stays a 1-D array of variable-length
 * sequences, as {@link Dataset#read()} returns them.
 */
final class NdArrays {
  private NdArrays() {}

  /** Whether {@code a} is an array of rank 2 or more of primitives, booleans or strings. */
  static boolean isNested(Object a) {
    if (a == null || !a.getClass().isArray() || !a.getClass().getComponentType().isArray()) {
      return false;
    }
    Class<?> leaf = leafClass(a.getClass());
    return leaf.isPrimitive() || leaf == String.class;
  }

  /** The element class below every array level: {@code double} for {@code double[][]}. */
  static Class<?> leafClass(Class<?> arrayClass) {
    Class<?> c = arrayClass;
    while (c.isArray()) {
      c = c.getComponentType();
    }
    return c;
  }

  /** The number of array levels of {@code arrayClass}: 2 for {@code double[][]}. */
  static int rank(Class<?> arrayClass) {
    int r = 0;
    for (Class<?> c = arrayClass; c.isArray(); c = c.getComponentType()) {
      r++;
    }
    return r;
  }

  /**
   * The shape of a rectangular n-d array.
   *
   * @throws IllegalArgumentException naming the first sub-array that is null or of another
   *     length than its siblings (a ragged array has no HDF5 shape)
   */
  static long[] shapeOf(Object nd) {
    int rank = rank(nd.getClass());
    long[] shape = new long[rank];
    Object a = nd;
    for (int d = 0; d < rank; d++) {
      shape[d] = Array.getLength(a);
      if (d + 1 < rank) {
        a = shape[d] == 0 ? null : Array.get(a, 0);
        if (a == null) {
          break; // an empty level: the levels below have no length of their own
        }
      }
    }
    checkRectangular(nd, shape, 0, new ArrayList<>());
    return shape;
  }

  private static void checkRectangular(Object a, long[] shape, int d, List<Integer> at) {
    if (a == null) {
      throw new IllegalArgumentException("the array element " + where(at) + " is null; an"
          + " n-d array needs every row, of shape " + text(shape));
    }
    int n = Array.getLength(a);
    if (n != shape[d]) {
      throw new IllegalArgumentException("ragged array: element " + where(at) + " has length "
          + n + ", its siblings " + shape[d] + "; an n-d array needs equal lengths per level");
    }
    if (d + 1 < shape.length) {
      for (int i = 0; i < n; i++) {
        at.add(i);
        checkRectangular(Array.get(a, i), shape, d + 1, at);
        at.remove(at.size() - 1);
      }
    }
  }

  private static String where(List<Integer> at) {
    StringBuilder b = new StringBuilder(at.isEmpty() ? "[]" : "");
    for (int i : at) {
      b.append('[').append(i).append(']');
    }
    return b.toString();
  }

  /** The elements of rectangular n-d array {@code nd} of {@code shape}, flat in C order. */
  static Object flatten(Object nd, long[] shape) {
    long n = 1;
    for (long s : shape) {
      n = Math.multiplyExact(n, s);
    }
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("an array of shape " + text(shape)
          + " has more elements than one Java array holds");
    }
    Object flat = Array.newInstance(leafClass(nd.getClass()), (int) n);
    copyOut(nd, shape.length, flat, 0);
    return flat;
  }

  private static int copyOut(Object a, int levels, Object flat, int at) {
    int n = Array.getLength(a);
    if (levels == 1) {
      System.arraycopy(a, 0, flat, at, n);
      return at + n;
    }
    for (int i = 0; i < n; i++) {
      at = copyOut(Array.get(a, i), levels - 1, flat, at);
    }
    return at;
  }

  /**
   * An n-d array of {@code shape} holding {@code flat}'s elements in C order; of rank 0, the
   * single element itself (boxed).
   */
  static Object reshape(Object flat, long[] shape) {
    if (shape.length == 0) {
      return Array.get(flat, 0);
    }
    if (shape.length == 1) {
      return flat;
    }
    int[] dims = new int[shape.length];
    for (int d = 0; d < dims.length; d++) {
      dims[d] = Math.toIntExact(shape[d]);
    }
    Object nd = Array.newInstance(flat.getClass().getComponentType(), dims);
    copyIn(nd, dims.length, flat, 0);
    return nd;
  }

  private static int copyIn(Object a, int levels, Object flat, int at) {
    int n = Array.getLength(a);
    if (levels == 1) {
      System.arraycopy(flat, at, a, 0, n);
      return at + n;
    }
    for (int i = 0; i < n; i++) {
      at = copyIn(Array.get(a, i), levels - 1, flat, at);
    }
    return at;
  }

  /** A shape as numpy prints it: {@code (3, 2)}, {@code (5,)}, {@code ()}. */
  static String text(long[] shape) {
    if (shape.length == 1) {
      return "(" + shape[0] + ",)";
    }
    StringJoiner j = new StringJoiner(", ", "(", ")");
    for (long s : shape) {
      j.add(Long.toString(s));
    }
    return j.toString();
  }

  /**
   * {@code data} as the flat array a write of {@code what} (of {@code shape}) needs: a
   * nested array must have exactly that shape, a flat one that many elements.
   *
   * @param flatClass the flat class the element type reads as: an array of that class is
   *     never unnested (a {@code byte[][]} of opaque elements is 1-D)
   * @throws IllegalArgumentException saying the expected and the given shape
   */
  static Object flatFor(Object data, Class<?> flatClass, long[] shape, String what) {
    if (data == null) {
      throw new IllegalArgumentException("no data given for " + what + "; pass an array of"
          + " shape " + text(shape));
    }
    if (!data.getClass().isArray()) {
      throw new IllegalArgumentException(what + " has shape " + text(shape) + "; got a "
          + data.getClass().getSimpleName() + ", not an array");
    }
    long count = 1;
    for (long s : shape) {
      count = Math.multiplyExact(count, s);
    }
    if (isNested(data) && data.getClass() != flatClass) {
      long[] given = shapeOf(data);
      if (!Arrays.equals(given, shape)) {
        throw new IllegalArgumentException(what + " has shape " + text(shape)
            + "; the array has shape " + text(given));
      }
      return flatten(data, given);
    }
    int n = Array.getLength(data);
    if (n != count) {
      throw new IllegalArgumentException(what + " has shape " + text(shape) + " (" + count
          + " elements); the flat array has " + n);
    }
    return data;
  }
}
