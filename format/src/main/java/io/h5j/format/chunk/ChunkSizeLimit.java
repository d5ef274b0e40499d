package io.h5j.format.chunk;

import java.util.Arrays;

/**
 * libhdf5's bound on the chunks of a dataset it creates: under 4 GiB each (it refuses more,
 * and cannot open a file whose dataset has them). Applies to every chunked dataset h5j makes.
 */
public final class ChunkSizeLimit {
  private static final long LIMIT = 1L << 32;

  private ChunkSizeLimit() {}

  /**
   * @throws IllegalArgumentException when chunks of {@code chunks} elements of
   *     {@code elementSize} bytes hold 4 GiB or more
   */
  public static void check(long[] chunks, int elementSize) {
    long bytes = elementSize;
    for (long d : chunks) {
      if (d > 0 && bytes > (LIMIT - 1) / d) { // bytes * d >= LIMIT, without overflow
        throw new IllegalArgumentException("chunks of " + Arrays.toString(chunks)
            + " elements of " + elementSize + " bytes reach 4 GiB; libhdf5 needs each chunk"
            + " under 4 GiB");
      }
      bytes *= d;
    }
  }
}
