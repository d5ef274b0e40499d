package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.testing.OracleTest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Adler32;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * LZO (305) on its own: round trips in the current form and in PyTables 0.5-0.7's form with a
 * checksum trailer, and damaged, truncated or made-up input, which must end in
 * {@link H5FormatException} or in at most {@code maxOutput} bytes. The byte-level agreement with
 * PyTables is {@link PyTablesLzoOracleTest}'s.
 */
@OracleTest
class LzoFilterTest {
  static final Filter LZO = Filters.standard().get(Filters.LZO);
  /** PyTables' client data for a Table (version 2.7), an EArray and a CArray; none at all. */
  static final int[][] CLIENT_DATA = {{1, 27, 0}, {5, 11, 2}, {9, 11, 4}, {}};

  @Provide
  Arbitrary<int[]> clientData() {
    return Arbitraries.of(CLIENT_DATA);
  }

  @Property(tries = 300)
  void roundTripsOrDeclinesWhenItCannotShrink(@ForAll @IntRange(max = 70000) int length,
      @ForAll @IntRange(min = 1, max = 16) int elementSize, @ForAll long seed,
      @ForAll("clientData") int[] cd) throws Exception {
    byte[] in = FilterRoundTripTest.data(seed, length, elementSize);
    var out = LZO.encode(in, cd);
    if (out.isEmpty()) {
      assertTrue(length == 0 || lzo(in).length >= length, "declined a stream that shrinks");
      return;
    }
    assertTrue(out.get().length < length);
    assertArrayEquals(in, LZO.decode(out.get(), cd, length));
    // in place, from a buffer longer than the stream (as the pipeline's scratch arrays are)
    byte[] longer = Arrays.copyOf(out.get(), out.get().length + 37);
    Arrays.fill(longer, out.get().length, longer.length, (byte) 0x5a);
    byte[] target = new byte[length + 10];
    assertEquals(length, LZO.decode(longer, out.get().length, cd, target, length));
    assertArrayEquals(in, Arrays.copyOf(target, length));
  }

  @Property(tries = 200)
  void oldFormWithTrailerRoundTrips(@ForAll @IntRange(max = 20000) int length,
      @ForAll long seed, @ForAll boolean bigEndian) throws Exception {
    byte[] in = FilterRoundTripTest.data(seed, length, 4);
    byte[] old = withTrailer(lzo(in), in, bigEndian ? ByteOrder.BIG_ENDIAN
        : ByteOrder.LITTLE_ENDIAN);
    assertArrayEquals(in, LZO.decode(old, new int[] {1, 20, 0}, length));
    assertArrayEquals(in, LZO.decode(old, new int[] {1, 10, 2}, Math.max(length, 100)));
  }

  @Property(tries = 1000)
  void arbitraryBytesFailOnlyWithFormatException(@ForAll @Size(max = 400) byte[] in,
      @ForAll("clientData") int[] cd, @ForAll @IntRange(max = 5000) int maxOutput) {
    decodeOrFormatError(in, cd, maxOutput);
  }

  /** Every truncation and many bit flips of real streams, with and without a trailer. */
  @Property(tries = 100)
  void damagedStreamsFailOnlyWithFormatException(@ForAll @IntRange(min = 1, max = 3000) int n,
      @ForAll long seed, @ForAll boolean trailer) throws Exception {
    byte[] in = FilterRoundTripTest.data(seed, n, 2);
    byte[] stream = lzo(in);
    byte[] enc = trailer ? withTrailer(stream, in, ByteOrder.LITTLE_ENDIAN) : stream;
    for (int cut = 0; cut < enc.length; cut++) {
      decodeOrFormatError(Arrays.copyOf(enc, cut), CLIENT_DATA[0], n);
    }
    Random r = new Random(seed);
    for (int i = 0; i < 200; i++) {
      byte[] flipped = enc.clone();
      flipped[r.nextInt(flipped.length)] ^= (byte) (1 << r.nextInt(8));
      decodeOrFormatError(flipped, CLIENT_DATA[r.nextInt(CLIENT_DATA.length)], n);
    }
  }

  private static void decodeOrFormatError(byte[] in, int[] cd, int maxOutput) {
    try {
      byte[] out = LZO.decode(in, cd, maxOutput);
      assertTrue(out.length <= maxOutput);
    } catch (H5FormatException expected) {
      // fine
    }
  }

  @Example
  void aTrailerClaimingMoreThanTheChunkIsNotTrusted() throws Exception {
    byte[] in = FilterRoundTripTest.data(1, 4000, 4);
    byte[] old = withTrailer(lzo(in), in, ByteOrder.LITTLE_ENDIAN);
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> LZO.decode(old, CLIENT_DATA[0], 3999));
    assertTrue(e.getMessage().contains("3999"), e.getMessage());
    ByteBuffer.wrap(old).order(ByteOrder.LITTLE_ENDIAN).putInt(old.length - 4, -1);
    assertThrows(H5FormatException.class, () -> LZO.decode(old, CLIENT_DATA[0], 4000));
  }

  @Example
  void emptyInputIsAnErrorAndTheEndMarkerAloneIsEmpty() throws Exception {
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> LZO.decode(new byte[0], CLIENT_DATA[0], 100));
    assertTrue(e.getMessage().contains("lzo"), e.getMessage());
    assertEquals(0, LZO.decode(new byte[] {0x11, 0, 0}, CLIENT_DATA[0], 100).length);
    assertTrue(LZO.encode(new byte[0], CLIENT_DATA[0]).isEmpty());
  }

  @Example
  void streamLongerThanExpectedNamesTheLimit() throws Exception {
    byte[] enc = LZO.encode(new byte[100000], CLIENT_DATA[1]).orElseThrow();
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> LZO.decode(enc, CLIENT_DATA[1], 99999));
    assertTrue(e.getMessage().contains("99999"), e.getMessage());
  }

  /** The bare LZO1X stream, which h5j's encoder writes whether or not it shrinks. */
  static byte[] lzo(byte[] in) {
    var c = new io.airlift.compress.lzo.LzoCompressor();
    byte[] out = new byte[c.maxCompressedLength(in.length)];
    int n = c.compress(in, 0, in.length, out, 0, out.length);
    return n == 0 ? new byte[] {0x11, 0, 0} : Arrays.copyOf(out, n);
  }

  static byte[] withTrailer(byte[] stream, byte[] decoded, ByteOrder order) {
    Adler32 a = new Adler32();
    a.update(decoded);
    return ByteBuffer.allocate(stream.length + 8).order(order).put(stream)
        .putInt((int) a.getValue()).putInt(decoded.length).array();
  }
}
