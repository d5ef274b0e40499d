package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The decode-only filters (n-bit, scale-offset), and every other one, take arbitrary client
 * data and bytes: they return at most {@code maxOutput} bytes or throw {@link H5FormatException}.
 */
class HostileClientDataTest {
  @Property(tries = 3000)
  void anyClientDataAndInputFailOnlyWithFormatException(@ForAll("ids") int id,
      @ForAll("clientData") int[] cd, @ForAll @Size(max = 300) byte[] in,
      @ForAll @IntRange(max = 5000) int maxOutput) {
    try {
      byte[] out = Filters.standard().get(id).decode(in, cd, maxOutput);
      assertTrue(out.length <= maxOutput);
    } catch (H5FormatException expected) {
      // fine
    }
  }

  /** Client data as libhdf5 writes them (from the h5py oracle), with arbitrary chunk bytes. */
  @Property(tries = 2000)
  void realClientDataWithArbitraryBytes(@ForAll("realistic") int[] cd,
      @ForAll @Size(max = 2100) byte[] in) {
    int id = cd.length == 8 ? Filters.NBIT : Filters.SCALEOFFSET;
    try {
      byte[] out = Filters.standard().get(id).decode(in, cd, 8000);
      assertTrue(out.length <= 8000);
    } catch (H5FormatException expected) {
      // fine
    }
  }

  @Provide
  Arbitrary<int[]> realistic() {
    return Arbitraries.of(
        new int[] {8, 0, 250, 1, 4, 0, 12, 3},
        new int[] {8, 0, 250, 1, 2, 1, 9, 0},
        new int[] {0, 2, 1000, 1, 4, 0, 0, 1, 1069547520, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        new int[] {0, 3, 1000, 1, 8, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        new int[] {2, 0, 800, 0, 8, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        new int[] {2, 0, 800, 0, 2, 0, 0, 1, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  }

  @Provide
  Arbitrary<Integer> ids() {
    return Arbitraries.of(Filters.NBIT, Filters.SCALEOFFSET, Filters.SHUFFLE, Filters.DEFLATE,
        Filters.FLETCHER32, Filters.SZIP, Filters.LZF, Filters.LZ4, Filters.ZSTD, Filters.BZIP2,
        Filters.LZO, Filters.BITSHUFFLE, Filters.BLOSC, Filters.BLOSC2, Filters.ZFP);
  }

  /** Mostly small values (class codes, sizes, offsets) so that parsing gets deep. */
  @Provide
  Arbitrary<int[]> clientData() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, Arbitraries.integers().between(0, 9)),
        net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0, 100)),
        net.jqwik.api.Tuple.of(1, Arbitraries.integers()))
        .array(int[].class).ofMaxSize(40);
  }
}
