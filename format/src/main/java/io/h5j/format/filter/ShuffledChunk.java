package io.h5j.format.filter;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A chunk with every filter undone but its shuffle: the reader unshuffles the elements it
 * wants straight into its Java array or buffer, saving a pass over the chunk (unshuffled
 * bytes, then copied into the destination). The planes may be a thread's scratch array: use
 * them before that thread decodes another chunk. The writer goes the other way: it shuffles
 * a chunk's elements from its Java array into the planes ({@link #copyFrom}) and has the rest
 * of the pipeline applied to them ({@link FilterPipeline#encodeShuffled}).
 *
 * @param planes byte {@code b} of element {@code e} at {@code b * elements + e}
 * @param elements the chunk's element count
 * @param elementSize bytes per element: 2, 4 or 8
 */
public record ShuffledChunk(byte[] planes, int elements, int elementSize) {
  /**
   * Unshuffles {@code count} elements from element {@code from} into {@code array} (of this
   * element size: {@code double[]}, {@code long[]}, {@code float[]}, {@code int[]} or
   * {@code short[]}) from index {@code at}, shared with a helper when one is free.
   */
  public void copyTo(int from, Object array, int at, int count, ByteOrder order,
      Helpers helpers) {
    boolean bigEndian = order == ByteOrder.BIG_ENDIAN;
    helpers.forBytes((long) count * elementSize).split(count, 8, (a, b) ->
        ShuffleFilter.unshuffleInto(planes, elements, elementSize, from + a, b - a, array,
            at + a, bigEndian));
  }

  /**
   * Unshuffles {@code count} elements from element {@code from} into {@code dst} from byte
   * index {@code at} on, as stored (the buffer's position, limit and order are not used),
   * shared with a helper when one is free.
   */
  public void copyTo(int from, ByteBuffer dst, int at, int count, Helpers helpers) {
    helpers.forBytes((long) count * elementSize).split(count, 8, (a, b) ->
        ShuffleFilter.unshuffleInto(planes, elements, elementSize, from + a, b - a, dst,
            at + a * elementSize));
  }

  /**
   * Shuffles {@code count} elements of {@code array} ({@code double[]} or {@code long[]} for an
   * element size of 8, {@code float[]} or {@code int[]} for 4) from index {@code at} into the
   * planes as elements {@code from} to {@code from + count}, stored in {@code order}.
   *
   * @throws IllegalArgumentException if the array's element width is not this chunk's
   */
  public void copyFrom(Object array, int at, int from, int count, ByteOrder order) {
    if (!shufflesFrom(array, elementSize)) {
      throw new IllegalArgumentException("cannot shuffle a " + array.getClass().getSimpleName()
          + " into " + elementSize + "-byte elements");
    }
    ShuffleFilter.shuffleFrom(array, at, count, order == ByteOrder.BIG_ENDIAN, planes, elements,
        from);
  }

  /** Whether {@link #copyFrom} takes {@code array} for elements of {@code elementSize} bytes. */
  public static boolean shufflesFrom(Object array, int elementSize) {
    return elementSize == 8 && (array instanceof double[] || array instanceof long[])
        || elementSize == 4 && (array instanceof float[] || array instanceof int[]);
  }
}
