package io.h5j.format.filter;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A chunk with every filter undone but its shuffle: the reader unshuffles the elements it
 * wants straight into its Java array or buffer, saving a pass over the chunk (unshuffled
 * bytes, then copied into the destination). The planes may be a thread's scratch array: use
 * them before that thread decodes another chunk.
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
}
