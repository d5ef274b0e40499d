package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.testing.OracleTest;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * ZFP (32013) on untrusted input, with client data as Debian's H5Z-ZFP plugin wrote them (see
 * {@link ZfpPluginOracleTest}, which checks the decoded values): in fixed-rate mode every block
 * takes exactly {@code maxbits} bits, so any bytes covering all blocks decode and any fewer fail
 * with {@link H5FormatException}; bogus client data fail the same way, naming what is wrong.
 */
@OracleTest
class ZfpFilterTest {
  static final Filter ZFP = Filters.standard().get(Filters.ZFP);

  /** Client data, chunk bytes and the bits all blocks take, from the plugin's datasets. */
  record Case(String name, int[] cd, int chunkBytes, int streamBits) {}

  static final Case F4_1D_RATE8 = new Case("float 301, rate 8",
      new int[] {268456208, 91252346, 4802, 32505856}, 301 * 4, 76 * 32);
  static final Case F4_3D_RATE8 = new Case("float 7x6x5, rate 8",
      new int[] {268456208, 91252346, 5242954, 535822432}, 7 * 6 * 5 * 4, 8 * 512);
  static final Case F8_4D_RATE16 = new Case("double 5x4x6x4, rate 16, 64-bit mode",
      new int[] {268456208, 91252346, 805634111, -1047552, -939552769, 493487}, 480 * 8, 4 * 4096);
  static final Case I8_2D_RATE32 = new Case("int64 9x9, rate 32",
      new int[] {268456208, 91252346, -2147483515, 535822336}, 81 * 8, 9 * 512);
  static final Case F4_2D_PRECISION12 = new Case("float 16x11, precision 12",
      new int[] {268456208, 91252346, -268435290, -2135949312}, 16 * 11 * 4, -1);

  @Provide
  Arbitrary<Case> fixedRate() {
    return Arbitraries.of(F4_1D_RATE8, F4_3D_RATE8, F8_4D_RATE16, I8_2D_RATE32);
  }

  @Property(tries = 400)
  void fixedRateStreamsDecodeExactlyWhenLongEnough(@ForAll("fixedRate") Case c,
      @ForAll @IntRange(max = 2100) int length, @ForAll long seed) throws Exception {
    byte[] in = new byte[length];
    new Random(seed).nextBytes(in);
    if (8L * length >= c.streamBits()) {
      byte[] out = ZFP.decode(in, c.cd(), c.chunkBytes());
      assertEquals(c.chunkBytes(), out.length, c.name());
      byte[] into = new byte[c.chunkBytes() + 3];
      assertEquals(c.chunkBytes(), ZFP.decode(in, length, c.cd(), into, c.chunkBytes()));
      assertArrayEquals(out, Arrays.copyOf(into, out.length), c.name());
    } else {
      H5FormatException e = assertThrows(H5FormatException.class,
          () -> ZFP.decode(in, c.cd(), c.chunkBytes()), c.name());
      assertTrue(e.getMessage().contains("ends inside block"), e.getMessage());
    }
  }

  /** Variable-rate streams of arbitrary bytes: values or a format error, nothing else. */
  @Property(tries = 300)
  void variableRateStreamsOfAnyBytesFailOnlyWithFormatException(
      @ForAll @IntRange(max = 3000) int length, @ForAll long seed) {
    byte[] in = new byte[length];
    new Random(seed).nextBytes(in);
    try {
      assertEquals(F4_2D_PRECISION12.chunkBytes(),
          ZFP.decode(in, F4_2D_PRECISION12.cd(), F4_2D_PRECISION12.chunkBytes()).length);
    } catch (H5FormatException expected) {
      // fine
    }
  }

  /** A big-endian writer's client data (each value byte-swapped) give big-endian values. */
  @Property(tries = 50)
  void byteSwappedClientDataGiveBigEndianValues(@ForAll("fixedRate") Case c, @ForAll long seed)
      throws Exception {
    byte[] in = new byte[(c.streamBits() + 7) / 8];
    new Random(seed).nextBytes(in);
    int[] swapped = c.cd().clone();
    for (int i = 1; i < swapped.length; i++) {
      swapped[i] = Integer.reverseBytes(swapped[i]);
    }
    byte[] little = ZFP.decode(in, c.cd(), c.chunkBytes());
    byte[] big = ZFP.decode(in, swapped, c.chunkBytes());
    int width = c.name().startsWith("float") ? 4 : 8;
    for (int i = 0; i < little.length; i++) {
      int base = i - i % width;
      assertEquals(little[i], big[base + width - 1 - (i - base)], c.name() + " byte " + i);
    }
  }

  @Example
  void allZeroBitsAreAllZeroValues() throws Exception {
    byte[] out = ZFP.decode(new byte[F4_3D_RATE8.streamBits() / 8], F4_3D_RATE8.cd(),
        F4_3D_RATE8.chunkBytes());
    assertArrayEquals(new byte[F4_3D_RATE8.chunkBytes()], out);
  }

  @Example
  void bogusClientDataFailNamingTheProblem() {
    byte[] in = new byte[400];
    int[] cd = F4_1D_RATE8.cd();
    fails(new int[0], in, "client data has 0 values");
    fails(new int[] {cd[0]}, in, "client data has 1 values");
    fails(Arrays.copyOf(cd, 2), in, "end inside ZFP's header");
    fails(new int[] {cd[0], cd[1] ^ 1, cd[2], cd[3]}, in, "magic");
    fails(new int[] {cd[0], cd[1] + (1 << 24), cd[2], cd[3]}, in, "ZFP codec version 6");
    fails(new int[] {cd[0] + (1 << 12), cd[1], cd[2], cd[3]}, in, "codec version 6");
    // the 12-bit mode word 2176 is reversible mode
    int reversible = (cd[3] & ~0xfff00000) | (2176 << 20);
    fails(new int[] {cd[0], cd[1], cd[2], reversible}, in, "ZFP mode reversible");
    // a 64-bit mode word with maxbits below minbits
    fails(new int[] {cd[0], cd[1], cd[2], cd[3] | 0xfff00000, 0x7fff, 0}, in,
        "invalid parameters");
    // a chunk larger than libhdf5 expects
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> ZFP.decode(in, cd, F4_1D_RATE8.chunkBytes() - 1));
    assertTrue(e.getMessage().contains("1204 bytes"), e.getMessage());
  }

  private static void fails(int[] cd, byte[] in, String message) {
    H5FormatException e = assertThrows(H5FormatException.class, () -> ZFP.decode(in, cd, 8000),
        Arrays.toString(cd));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Example
  void decodesOnly() {
    assertFalse(ZFP.canEncode());
    assertThrows(UnsupportedOperationException.class, () -> ZFP.encode(new byte[4], new int[0]));
  }
}
