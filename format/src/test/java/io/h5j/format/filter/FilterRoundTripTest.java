package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Every filter that encodes decodes its own output back to the input; damaged input ends in
 * {@link H5FormatException} or (where the damage is invisible to the format) in some bytes, but
 * never in another exception.
 */
class FilterRoundTripTest {
  static final List<Integer> ENCODING_IDS = List.of(Filters.DEFLATE, Filters.SHUFFLE,
      Filters.FLETCHER32, Filters.SZIP, Filters.BZIP2, Filters.LZF, Filters.LZ4, Filters.ZSTD,
      Filters.LZO);

  /** Data with runs and repeats so that the compressors find matches, mixed with noise. */
  static byte[] data(long seed, int length, int elementSize) {
    Random r = new Random(seed);
    byte[] b = new byte[length];
    int mode = r.nextInt(3);
    for (int i = 0; i < length; i++) {
      b[i] = switch (mode) {
        case 0 -> (byte) r.nextInt();
        case 1 -> (byte) (i % Math.max(1, elementSize) == 0 ? i / elementSize : 0);
        default -> (byte) (r.nextInt(8) == 0 ? r.nextInt() : i / 64);
      };
    }
    return b;
  }

  static int[] clientData(int id, int elementSize, int param) {
    return switch (id) {
      case Filters.DEFLATE -> new int[] {param % 10};
      case Filters.SHUFFLE -> new int[] {elementSize};
      case Filters.BZIP2 -> new int[] {1 + param % 9};
      case Filters.LZ4 -> new int[] {param % 3 == 0 ? 0 : 1 + param * 37};
      case Filters.ZSTD -> new int[] {param % 22};
      // 8-bit pixels (any length), NN or EC, even blocks of 2..32, scanlines of 1..300
      case Filters.SZIP -> new int[] {(param % 2 == 0 ? 169 : 141), 2 * (1 + param % 16), 8,
          1 + param % 300};
      default -> new int[0];
    };
  }

  @Property(tries = 300)
  void eachFilterRoundTrips(@ForAll("ids") int id, @ForAll @IntRange(max = 70000) int length,
      @ForAll @IntRange(min = 0, max = 17) int elementSize, @ForAll @IntRange(max = 1000) int param,
      @ForAll long seed) throws Exception {
    Filter f = Filters.standard().get(id);
    byte[] in = data(seed, length, Math.max(1, elementSize));
    int[] cd = clientData(id, elementSize, param);
    byte[] copy = in.clone();
    var out = f.encode(in, cd);
    assertArrayEquals(copy, in, "encode must not modify its input");
    if (out.isEmpty()) {
      // LZF, LZO and szip when they cannot shrink; shuffle without an element size, as libhdf5's
      assertTrue(id == Filters.LZF || id == Filters.LZO || id == Filters.SZIP
          || id == Filters.SHUFFLE && elementSize == 0, "filter " + id + " declined");
      return;
    }
    byte[] enc = out.get();
    assertTrue(enc.length <= f.maxEncodedSize(in.length, cd), "maxEncodedSize bound");
    assertArrayEquals(in, f.decode(enc, cd, in.length));
  }

  @Property(tries = 200)
  void pipelinesRoundTripAndRecordSkippedOptionalFilters(
      @ForAll("pipelines") List<FilterDescription> filters,
      @ForAll @IntRange(max = 20000) int length, @ForAll long seed) throws Exception {
    FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(filters));
    byte[] chunk = data(seed, length, 4);
    FilterPipeline.Encoded e;
    try {
      e = p.encode(chunk);
    } catch (IllegalArgumentException declined) {
      assertTrue(declined.getMessage().contains("required filter 32000")
          || declined.getMessage().contains("required filter 305")
          || declined.getMessage().contains("required filter 4 "), declined.getMessage());
      return;
    }
    for (int i = 0; i < filters.size(); i++) {
      if ((e.filterMask() & (1 << i)) != 0) {
        assertTrue(filters.get(i).optional());
      }
    }
    assertArrayEquals(chunk, p.decode(e.bytes(), e.filterMask(), chunk.length));
  }

  @Property(tries = 400)
  void damagedInputFailsOnlyWithFormatException(@ForAll("ids") int id,
      @ForAll @IntRange(max = 5000) int length, @ForAll long seed,
      @ForAll @IntRange(max = 3) int damage) {
    Filter f = Filters.standard().get(id);
    byte[] in = data(seed, length, 4);
    int[] cd = clientData(id, 4, (int) (seed & 0xff));
    byte[] enc = f.encode(in, cd).orElse(in);
    Random r = new Random(seed);
    byte[] bad = switch (damage) {
      case 0 -> Arrays.copyOf(enc, enc.length == 0 ? 0 : r.nextInt(enc.length));
      case 1 -> flip(enc, r, 1 + r.nextInt(4));
      case 2 -> randomBytes(r, r.nextInt(200));
      default -> flip(enc, r, 1);
    };
    try {
      byte[] out = f.decode(bad, cd, in.length);
      assertTrue(out.length <= in.length, "decoder exceeded maxOutput");
    } catch (H5FormatException expected) {
      // fine
    }
  }

  static byte[] flip(byte[] b, Random r, int n) {
    byte[] c = b.clone();
    for (int i = 0; i < n && c.length > 0; i++) {
      c[r.nextInt(c.length)] ^= (byte) (1 + r.nextInt(255));
    }
    return c;
  }

  static byte[] randomBytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }

  @Example
  void compressionBombsStopAtTheExpectedSize() {
    byte[] zeros = new byte[1 << 20];
    for (int id : List.of(Filters.DEFLATE, Filters.BZIP2, Filters.LZF, Filters.LZ4, Filters.ZSTD,
        Filters.LZO)) {
      Filter f = Filters.standard().get(id);
      byte[] enc = f.encode(zeros, new int[0]).orElseThrow();
      H5FormatException e = assertThrows(H5FormatException.class,
          () -> f.decode(enc, new int[0], 1000), "filter " + id);
      assertTrue(e.getMessage().contains("1000"), e.getMessage());
    }
  }

  @Example
  void fletcher32MismatchIsAFormatException() {
    Filter f = Filters.standard().get(Filters.FLETCHER32);
    byte[] enc = f.encode(new byte[] {1, 2, 3, 4, 5}, new int[0]).orElseThrow();
    enc[2] ^= 1;
    H5FormatException e = assertThrows(H5FormatException.class, () -> f.decode(enc, new int[0], 5));
    assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
  }

  /**
   * The checksum of libhdf5's H5_checksum_fletcher32 worked by hand: words 0x0102, 0x0304 and the
   * odd byte 0x05 as 0x0500. sum1 = 0x0102 + 0x0304 + 0x0500 = 0x0906; sum2 = 0x0102 + 0x0406 +
   * 0x0906 = 0x0e0e. Stored little-endian after the data.
   */
  @Example
  void fletcher32OddLengthByHand() {
    assertEquals(0x0e0e0906, Fletcher32Filter.checksum(new byte[] {1, 2, 3, 4, 5}, 0, 5));
    byte[] enc = Filters.standard().get(Filters.FLETCHER32)
        .encode(new byte[] {1, 2, 3, 4, 5}, new int[0]).orElseThrow();
    assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 0x06, 0x09, 0x0e, 0x0e}, enc);
  }

  /**
   * Shuffle against its definition, byte by byte (libhdf5's H5Z_filter_shuffle): byte j of
   * element e goes to plane j at e. Element sizes 4 and 8 and counts that are not multiples
   * of 8 exercise the word-wise fast paths and their tails.
   */
  @Property(tries = 200)
  void shuffleMatchesItsDefinition(@ForAll @IntRange(min = 1, max = 16) int elementSize,
      @ForAll @IntRange(max = 300) int elements, @ForAll @IntRange(max = 7) int leftover,
      @ForAll long seed) throws Exception {
    byte[] in = new byte[elementSize * elements + (elementSize > 1 ? leftover % elementSize : 0)];
    new Random(seed).nextBytes(in);
    byte[] want = in.clone();
    if (elementSize > 1 && elements > 1) {
      for (int e = 0; e < elements; e++) {
        for (int j = 0; j < elementSize; j++) {
          want[j * elements + e] = in[e * elementSize + j];
        }
      }
    }
    Filter f = Filters.standard().get(Filters.SHUFFLE);
    byte[] got = f.encode(in, new int[] {elementSize}).orElseThrow();
    assertArrayEquals(want, got, "shuffle");
    assertArrayEquals(in, f.decode(want, new int[] {elementSize}, in.length), "unshuffle");
  }

  @Example
  void shuffleLeavesTrailingPartialElementInPlace() {
    byte[] in = {1, 2, 3, 11, 12, 13, 99};
    byte[] out = Filters.standard().get(Filters.SHUFFLE).encode(in, new int[] {3}).orElseThrow();
    assertArrayEquals(new byte[] {1, 11, 2, 12, 3, 13, 99}, out);
  }

  @Example
  void unknownFiltersOnReadAreErrorsNamingTheFilter() {
    FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(List.of(
        new FilterDescription(32099, 0, "unregistered", new int[0]),
        new FilterDescription(511, 1, "", new int[0])))); // ids no filter of h5j has
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> p.decode(new byte[8], 0b10, 8, "chunk [0]", 1234));
    assertTrue(e.getMessage().contains("required filter 32099 (unregistered)"), e.getMessage());
    assertTrue(e.getMessage().contains("offset 1234"), e.getMessage());
    e = assertThrows(H5FormatException.class, () -> p.decode(new byte[8], 0b01, 8));
    assertTrue(e.getMessage().contains("optional filter 511 (unnamed)"), e.getMessage());
  }

  @Example
  void maskedFiltersAreSkippedOnRead() throws Exception {
    FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(List.of(
        new FilterDescription(32099, 1, "unregistered", new int[0]),
        FilterDescription.of(Filters.FLETCHER32, false))));
    byte[] chunk = {9, 8, 7, 6};
    FilterPipeline.Encoded e = p.encode(chunk);
    assertEquals(1, e.filterMask());
    assertArrayEquals(chunk, p.decode(e.bytes(), e.filterMask(), 4));
  }

  @Example
  void incompressibleChunkSkipsOptionalLzf() throws Exception {
    FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(List.of(
        FilterDescription.of(Filters.LZF, true))));
    byte[] chunk = randomBytes(new Random(1), 4000);
    FilterPipeline.Encoded e = p.encode(chunk);
    assertEquals(1, e.filterMask());
    assertArrayEquals(chunk, e.bytes());
    FilterPipeline required = FilterPipeline.of(FilterPipelineMessage.of(List.of(
        FilterDescription.of(Filters.LZF, false))));
    assertThrows(IllegalArgumentException.class, () -> required.encode(chunk));
  }

  /**
   * libhdf5 gives a shuffle no element size when it skips the per-dataset step (datasets of
   * variable-length elements; h5repack -f SHUF makes them): its shuffle then fails on every
   * chunk, which an optional shuffle records in the mask, and a required one cannot write.
   */
  @Example
  void shuffleWithoutElementSizeIsSkippedWhenOptional() throws Exception {
    byte[] chunk = {1, 2, 3, 4, 5, 6, 7, 8};
    FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(List.of(
        FilterDescription.of(Filters.SHUFFLE, true),
        FilterDescription.of(Filters.DEFLATE, true, 1))));
    FilterPipeline.Encoded e = p.encode(chunk);
    assertEquals(1, e.filterMask());
    assertArrayEquals(chunk, p.decode(e.bytes(), e.filterMask(), chunk.length));
    FilterPipeline required = FilterPipeline.of(FilterPipelineMessage.of(List.of(
        FilterDescription.of(Filters.SHUFFLE, false))));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> required.encode(chunk))
        .getMessage().contains("required filter 2 (shuffle)"));
  }

  @Example
  void wrongDecodedSizeIsAFormatException() {
    FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(List.of(
        FilterDescription.of(Filters.DEFLATE, false, 4))));
    byte[] enc = p.encode(new byte[100]).bytes();
    assertThrows(H5FormatException.class, () -> p.decode(enc, 0, 99));
    assertThrows(H5FormatException.class, () -> p.decode(enc, 0, 101));
  }

  @Provide
  Arbitrary<Integer> ids() {
    return Arbitraries.of(ENCODING_IDS);
  }

  @Provide
  Arbitrary<List<FilterDescription>> pipelines() {
    Arbitrary<FilterDescription> one = Arbitraries.of(ENCODING_IDS).flatMap(id ->
        Arbitraries.of(true, false).map(opt ->
            FilterDescription.of(id, opt, clientData(id, 4, 7))));
    return one.list().ofMaxSize(5);
  }
}
