package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Shuffling elements from a Java array into a chunk's byte planes puts byte {@code b} of
 * element {@code e} (in the stored order) at {@code b * n + e}, run by run at any element, and
 * the pipeline then stores what it stores for the unshuffled bytes.
 */
class ShuffledChunkCopyFromTest {
  private static final Random RANDOM = new Random(18);

  /** The definition, byte by byte: the stored bytes of the chunk, gathered plane by plane. */
  private static byte[] planesOf(byte[] stored, int size) {
    int n = stored.length / size;
    byte[] planes = new byte[stored.length];
    for (int e = 0; e < n; e++) {
      for (int b = 0; b < size; b++) {
        planes[b * n + e] = stored[e * size + b];
      }
    }
    return planes;
  }

  private static byte[] stored(Object array, ByteOrder order) {
    ByteBuffer b;
    if (array instanceof double[] a) {
      (b = ByteBuffer.allocate(a.length * 8).order(order)).asDoubleBuffer().put(a);
    } else if (array instanceof long[] a) {
      (b = ByteBuffer.allocate(a.length * 8).order(order)).asLongBuffer().put(a);
    } else if (array instanceof float[] a) {
      (b = ByteBuffer.allocate(a.length * 4).order(order)).asFloatBuffer().put(a);
    } else {
      int[] a = (int[]) array;
      (b = ByteBuffer.allocate(a.length * 4).order(order)).asIntBuffer().put(a);
    }
    return b.array();
  }

  private static Object randomArray(String kind, int n) {
    switch (kind) {
      case "double": {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
          a[i] = RANDOM.nextGaussian() * 1e6;
        }
        return a;
      }
      case "long": {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
          a[i] = RANDOM.nextLong();
        }
        return a;
      }
      case "float": {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
          a[i] = (float) RANDOM.nextGaussian();
        }
        return a;
      }
      default: {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
          a[i] = RANDOM.nextInt();
        }
        return a;
      }
    }
  }

  @Test
  void runsAtAnyElementGiveThePlanesOfTheStoredBytes() {
    for (String kind : List.of("double", "long", "float", "int")) {
      int size = kind.equals("double") || kind.equals("long") ? 8 : 4;
      for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
        for (int n : new int[] {1, 7, 8, 9, 61, 1000}) {
          Object array = randomArray(kind, n + 5);
          ShuffledChunk chunk = new ShuffledChunk(new byte[n * size], n, size);
          // runs of 1, 2, 3, ... elements from array index 5 on: blocks of 8 at odd starts
          int done = 0;
          for (int len = 1; done < n; len++) {
            int m = Math.min(len, n - done);
            chunk.copyFrom(array, 5 + done, done, m, order);
            done += m;
          }
          byte[] expected = planesOf(java.util.Arrays.copyOfRange(stored(array, order),
              5 * size, (5 + n) * size), size);
          assertArrayEquals(expected, chunk.planes(), kind + " " + order + " n=" + n);
        }
      }
    }
  }

  @Test
  void thePipelineStoresWhatItStoresForTheUnshuffledBytes() {
    FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(List.of(
        FilterDescription.of(Filters.SHUFFLE, true, 8),
        FilterDescription.of(Filters.DEFLATE, true, 4))));
    assertTrue(p.startsWithShuffle(8));
    assertFalse(p.startsWithShuffle(4));
    double[] values = (double[]) randomArray("double", 4096);
    byte[] bytes = stored(values, ByteOrder.LITTLE_ENDIAN);
    ShuffledChunk target = p.shuffleTarget(bytes.length, 8);
    target.copyFrom(values, 0, 0, values.length, ByteOrder.LITTLE_ENDIAN);
    FilterPipeline.Encoded fused = p.encodeShuffled(target);
    FilterPipeline.Encoded plain = p.encode(bytes);
    assertEquals(plain.filterMask(), fused.filterMask());
    assertArrayEquals(plain.bytes(), fused.bytes());
    assertThrows(IllegalStateException.class, () -> p.shuffleTarget(bytes.length, 4));
  }

  @Test
  void onlyShufflesArraysOfItsElementWidth() {
    ShuffledChunk chunk = new ShuffledChunk(new byte[32], 4, 8);
    assertThrows(IllegalArgumentException.class, () -> chunk.copyFrom(new float[4], 0, 0, 4,
        ByteOrder.LITTLE_ENDIAN));
    assertFalse(ShuffledChunk.shufflesFrom(new short[4], 2));
    assertTrue(ShuffledChunk.shufflesFrom(new int[4], 4));
  }
}
