package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.testing.OracleTest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * szip over random parameters and data: what h5j encodes decodes to the input; and hostile
 * input (random bytes under libhdf5's real client data, every truncation and bit flips of
 * valid streams, bogus size headers, client data libaec refuses) ends in the input or an
 * {@link H5FormatException}, never more than {@code maxOutput} bytes, never a hang.
 */
@OracleTest
class SzipPropertyTest {
  private static final SzipFilter SZIP = new SzipFilter();
  /** Client data libhdf5 1.10.8 stored for h5py's datasets (SzipH5pyTest's script). */
  private static final int[][] REAL = {
      {169, 16, 8, 100}, {141, 8, 16, 33}, {177, 32, 32, 900}, {141, 8, 64, 100},
      {169, 8, 32, 16}, {169, 4, 16, 512}, {145, 2, 8, 77}, {173, 32, 64, 4096}};

  record Params(int[] clientData, byte[] raw) {
    @Override
    public String toString() {
      return Arrays.toString(clientData) + " " + raw.length + " bytes";
    }
  }

  @Provide
  Arbitrary<Params> params() {
    return Arbitraries.longs().map(seed -> {
      Random r = new Random(seed);
      int bpp = r.nextInt(5) == 0 ? 64 : r.nextInt(32) + 1;
      boolean msb = r.nextBoolean();
      int mask = SzipParameters.RAW | SzipParameters.K13
          | (r.nextBoolean() ? SzipParameters.NN : SzipParameters.EC)
          | (msb ? SzipParameters.MSB : SzipParameters.LSB);
      int ppb = 2 * (r.nextInt(32) + 1);
      int pps = r.nextInt(600) + 1;
      int pixels = r.nextInt(2000);
      String kind = SzipSamples.KINDS[r.nextInt(SzipSamples.KINDS.length)];
      return new Params(new int[] {mask, ppb, bpp, pps},
          SzipSamples.make(kind, r, pixels, bpp, SzipSamples.width(bpp), msb));
    });
  }

  /** A limit no stream of {@code p} can pass: every padded scanline coded uncompressed. */
  private static int roomy(Params p) {
    SzipParameters s = SzipParameters.of(p.clientData());
    long samples = p.raw().length / s.sampleBytes();
    long lines = (samples + s.pixelsPerScanline() - 1) / s.pixelsPerScanline();
    return (int) (lines * (s.rsiSamples() * 4 + s.blocksPerRsi()) + 64);
  }

  @Property(tries = 400)
  void whatH5jEncodesDecodesToTheInput(@ForAll("params") Params p) throws Exception {
    byte[] enc = SZIP.encode(p.raw(), p.clientData(), roomy(p)).orElseThrow();
    assertArrayEquals(p.raw(), SZIP.decode(enc, p.clientData(), p.raw().length));
    Optional<byte[]> filtered = SZIP.encode(p.raw(), p.clientData());
    assertEquals(enc.length - 4 <= p.raw().length, filtered.isPresent());
    filtered.ifPresent(f -> assertTrue(f.length <= SZIP.maxEncodedSize(p.raw().length,
        p.clientData())));
  }

  @Property(tries = 200)
  void truncationsAndFlipsOfValidStreamsFailCleanly(@ForAll("params") Params p,
      @ForAll @IntRange(min = 0, max = 1 << 20) int cut, @ForAll long seed) {
    byte[] enc = SZIP.encode(p.raw(), p.clientData(), roomy(p)).orElseThrow();
    byte[] prefix = Arrays.copyOf(enc, cut % (enc.length + 1));
    try {
      // a prefix decodes to the input only where the cut bytes held unused padding
      assertArrayEquals(p.raw(), SZIP.decode(prefix, p.clientData(), p.raw().length));
    } catch (H5FormatException expected) {
      // fine
    }
    Random r = new Random(seed);
    byte[] flipped = enc.clone();
    for (int i = 0; i < 3; i++) {
      int at = r.nextInt(flipped.length);
      flipped[at] ^= (byte) (1 << r.nextInt(8));
    }
    decodeWithin(flipped, p.clientData(), p.raw().length + 16);
  }

  @Property(tries = 1000)
  void randomBytesUnderRealClientData(@ForAll("real") int[] cd,
      @ForAll @Size(max = 3000) byte[] in, @ForAll @IntRange(max = 20000) int maxOutput) {
    decodeWithin(in, cd, maxOutput);
    if (in.length >= 4) { // a plausible size header
      int size = Math.min(maxOutput, in.length * 8);
      byte[] framed = in.clone();
      for (int i = 0; i < 4; i++) {
        framed[i] = (byte) (size >>> (8 * i));
      }
      decodeWithin(framed, cd, maxOutput);
    }
  }

  @Provide
  Arbitrary<int[]> real() {
    return Arbitraries.of(REAL);
  }

  private static void decodeWithin(byte[] in, int[] cd, int maxOutput) {
    try {
      byte[] out = SZIP.decode(in, cd, maxOutput);
      assertTrue(out.length <= maxOutput);
    } catch (H5FormatException expected) {
      // fine
    }
  }

  @Example
  void bogusHeadersAndClientDataAreFormatErrors() {
    byte[] huge = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x7f, 1, 2, 3};
    assertTrue(assertThrows(H5FormatException.class, () -> SZIP.decode(huge, REAL[0], 1000))
        .getMessage().contains("exceeds the expected 1000"));
    assertThrows(H5FormatException.class, () -> SZIP.decode(new byte[3], REAL[0], 1000));
    byte[] eight = {8, 0, 0, 0, 0};
    for (int[] cd : new int[][] {{169, 16, 8}, {169, 15, 8, 100}, {169, 0, 8, 100},
        {169, 16, 0, 100}, {169, 16, 33, 100}, {169, 16, 8, 0}, {169, 16, 8, -5},
        {169, 66, 8, 100}, {169, 16, 8, 100, 1}}) {
      assertThrows(H5FormatException.class, () -> SZIP.decode(eight, cd, 1000),
          Arrays.toString(cd));
    }
    // 8 bytes of 16-bit samples from 1 zero byte: the stream ends first
    assertTrue(assertThrows(H5FormatException.class, () -> SZIP.decode(eight,
        new int[] {141, 8, 16, 4}, 1000)).getMessage().contains("ends before"));
    // an odd size cannot be 16-bit pixels
    assertThrows(H5FormatException.class, () -> SZIP.decode(new byte[] {7, 0, 0, 0, 0},
        new int[] {141, 8, 16, 4}, 1000));
    assertThrows(IllegalArgumentException.class, () -> SZIP.encode(new byte[8],
        new int[] {141, 8, 16}));
    assertThrows(IllegalArgumentException.class, () -> SZIP.encode(new byte[8],
        new int[] {141, 8, 16, 8 * 4097}));
  }

  @Example
  void aHugeScanlineInHostileClientDataCostsNoMemoryOrTime() {
    byte[] in = new byte[4 + 1000];
    in[0] = (byte) 0x80;
    in[1] = 0x38; // 14464 bytes claimed
    new Random(1).nextBytes(Arrays.copyOfRange(in, 4, in.length));
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(5), () ->
        decodeWithin(in, new int[] {169, 32, 8, Integer.MAX_VALUE}, 1 << 20));
  }

  @Example
  void zeroBytesAreOneZeroBlockRunPerScanlineAndAChunkThatGrowsIsDeclined() throws Exception {
    byte[] zeros = new byte[640];
    // EC, 8-bit, 8 blocks per scanline: per scanline the zero-block id (0000), then the run
    // "rest of the segment" (FS 4: 00001); 9 bits for each of 5 scanlines
    int[] cd = {141, 16, 8, 128};
    byte[] enc = SZIP.encode(zeros, cd).orElseThrow();
    assertEquals(4 + (5 * 9 + 7) / 8, enc.length);
    assertArrayEquals(zeros, SZIP.decode(enc, cd, zeros.length));
    // 4 blocks per scanline: a run of 4 (FS 3: 0001), 8 bits for each of 10 scanlines
    cd = new int[] {141, 16, 8, 64};
    enc = SZIP.encode(zeros, cd).orElseThrow();
    assertEquals(4 + 10, enc.length);
    assertArrayEquals(zeros, SZIP.decode(enc, cd, zeros.length));
    byte[] noise = new byte[640];
    new Random(3).nextBytes(noise);
    assertEquals(Optional.empty(), SZIP.encode(noise, cd));
  }
}
