package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Bitshuffle, Blosc and Blosc2 (filters 32008, 32001, 32026): every encoding decodes back to its
 * input, and damaged encodings (random bytes, truncations, flipped bytes) end in
 * {@link H5FormatException} or in some bytes no longer than the chunk, never in another
 * exception.
 */
class BitshuffleBloscPropertyTest {
  /** A realistic pipeline entry for {@code variant} of filter {@code id}. */
  static int[] clientData(int id, int s, int chunkBytes, int variant) {
    return switch (id) {
      case Filters.BITSHUFFLE -> new int[] {0, 3, s, variant % 3 == 0 ? 0 : 8 * (1 + variant % 40),
          new int[] {0, 2, 3}[variant % 3], 3};
      case Filters.BLOSC -> new int[] {2, 2, s, chunkBytes, variant % 10, variant / 10 % 3,
          new int[] {0, 1, 2, 3, 4, 5}[variant / 30 % 6]};
      default -> new int[] {1, 2, s, chunkBytes, variant % 10, variant / 10 % 3,
          new int[] {0, 1, 2, 4, 5}[variant / 30 % 5]};
    };
  }

  static int idOf(int which) {
    return new int[] {Filters.BITSHUFFLE, Filters.BLOSC, Filters.BLOSC2}[which];
  }

  static byte[] encode(int id, byte[] data, int[] cd) {
    return Filters.standard().get(id).encode(data, cd).orElseThrow();
  }

  @Property(tries = 400)
  void roundTrips(@ForAll @IntRange(max = 2) int which, @ForAll @IntRange(min = 1, max = 17) int s,
      @ForAll @IntRange(max = 40000) int elements, @ForAll @IntRange(max = 179) int variant,
      @ForAll long seed) throws Exception {
    int id = idOf(which);
    if (id != Filters.BITSHUFFLE && Filters.standard().find(id).isEmpty()) {
      return;
    }
    byte[] data = FilterRoundTripTest.data(seed, elements * s / Math.max(1, s / 4), s);
    data = Arrays.copyOf(data, data.length / s * s);
    int[] cd = clientData(id, s, data.length, variant);
    byte[] stored = encode(id, data, cd);
    assertArrayEquals(data, Filters.standard().get(id).decode(stored, cd, data.length));
  }

  @Property(tries = 600)
  void damagedEncodingsFailCleanly(@ForAll @IntRange(max = 2) int which,
      @ForAll @IntRange(min = 1, max = 9) int s, @ForAll @IntRange(max = 5000) int elements,
      @ForAll @IntRange(max = 179) int variant, @ForAll long seed) {
    int id = idOf(which);
    if (Filters.standard().find(id).isEmpty()) {
      return;
    }
    Random r = new Random(seed);
    byte[] data = FilterRoundTripTest.data(seed, elements * s, s);
    int[] cd = clientData(id, s, data.length, variant);
    byte[] stored = encode(id, data, cd);
    byte[] bad = switch (r.nextInt(4)) {
      case 0 -> Arrays.copyOf(stored, r.nextInt(stored.length + 1));
      case 1 -> {
        byte[] b = stored.clone();
        for (int k = 0; k < 1 + r.nextInt(4) && b.length > 0; k++) {
          b[r.nextInt(Math.min(b.length, r.nextBoolean() ? 64 : b.length))] = (byte) r.nextInt();
        }
        yield b;
      }
      case 2 -> {
        byte[] b = new byte[r.nextInt(300)];
        r.nextBytes(b);
        System.arraycopy(stored, 0, b, 0, Math.min(b.length, Math.min(stored.length, 32)));
        yield b;
      }
      default -> {
        byte[] b = new byte[r.nextInt(2000)];
        r.nextBytes(b);
        yield b;
      }
    };
    try {
      byte[] out = Filters.standard().get(id).decode(bad, cd, data.length);
      assertTrue(out.length <= data.length);
    } catch (H5FormatException expected) {
      // fine
    }
  }
}
