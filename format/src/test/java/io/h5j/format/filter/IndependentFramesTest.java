package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h5j.format.H5FormatException;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Filters without an h5py oracle here, checked against facts independent of the codecs h5j uses:
 * LZ4 chunks built by hand from the LZ4 block format and the HDF5 LZ4 plugin's framing; a
 * Zstandard frame built by hand from RFC 8878 (raw and RLE blocks); bzip2 against Python's
 * {@code bz2} module (libbz2), the library PyTables' and hdf5plugin's bzip2 filter call.
 */
@OracleTest
class IndependentFramesTest {
  static final HexFormat HEX = HexFormat.of();

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Decoded size 23 (u64 BE), block size 18 (u32 BE); block 1: 12 stored bytes of LZ4 holding
   * token 0x36 (3 literals "abc", match of 6+4 = 10 bytes at distance 3), then token 0x50 with the
   * 5 final literals "WXYZ!"; block 2: 5 bytes, stored size equal to its length, so raw.
   */
  @Test
  void lz4HandBuiltChunk() throws Exception {
    byte[] chunk = HEX.parseHex("0000000000000017" + "00000012"
        + "0000000c" + "36616263" + "0300" + "505758595a21"
        + "00000005" + HEX.formatHex(ascii("hello")));
    byte[] expected = ascii("abcabcabcabcaWXYZ!hello");
    Filter lz4 = Filters.standard().get(Filters.LZ4);
    assertArrayEquals(expected, lz4.decode(chunk, new int[0], 23));
    assertThrows(H5FormatException.class, () -> lz4.decode(chunk, new int[0], 22));
  }

  /** h5j's framing: the header, and blocks that do not shrink stored raw with their length. */
  @Test
  void lz4EncoderFraming() throws Exception {
    byte[] in = new byte[300];
    new Random(3).nextBytes(in);
    Arrays.fill(in, 0, 100, (byte) 7);
    Filter lz4 = Filters.standard().get(Filters.LZ4);
    byte[] enc = lz4.encode(in, new int[] {100}).orElseThrow();
    assertEquals("000000000000012c00000064", HEX.formatHex(enc, 0, 12));
    int stored1 = (int) Long.parseLong(HEX.formatHex(enc, 12, 16), 16);
    assertEquals(true, stored1 < 100, "a run of 100 equal bytes compresses");
    int at = 16 + stored1;
    assertEquals("00000064", HEX.formatHex(enc, at, at + 4), "random block stored raw");
    assertArrayEquals(Arrays.copyOfRange(in, 100, 200), Arrays.copyOfRange(enc, at + 4, at + 104));
    assertArrayEquals(in, lz4.decode(enc, new int[] {100}, 300));
    // client data 0 means the plugin's 1 GiB default, clipped to the data
    assertEquals("000000000000012c0000012c",
        HEX.formatHex(lz4.encode(in, new int[] {0}).orElseThrow(), 0, 12));
  }

  /**
   * Magic 28 B5 2F FD; descriptor 0x20 (single segment, 1-byte content size) = 15; a raw block
   * "hello" (header 5 << 3 = 0x28); a last RLE block of 10 'x' (1 | 1 << 1 | 10 << 3 = 0x53).
   */
  @Test
  void zstdHandBuiltFrame() throws Exception {
    byte[] frame = HEX.parseHex("28b52ffd" + "20" + "0f" + "280000" + HEX.formatHex(ascii("hello"))
        + "530000" + "78");
    Filter zstd = Filters.standard().get(Filters.ZSTD);
    assertArrayEquals(ascii("helloxxxxxxxxxx"), zstd.decode(frame, new int[0], 15));
    assertThrows(H5FormatException.class, () -> zstd.decode(frame, new int[0], 14));
    byte[] enc = zstd.encode(ascii("helloxxxxxxxxxx"), new int[] {3}).orElseThrow();
    assertEquals("28b52ffd", HEX.formatHex(enc, 0, 4));
  }

  @Test
  void bzip2AgreesWithLibbz2() throws Exception {
    byte[] in = FilterRoundTripTest.data(5, 50000, 4);
    Filter bz = Filters.standard().get(Filters.BZIP2);
    byte[] enc = bz.encode(in, new int[] {3}).orElseThrow();
    assertEquals("BZh3", new String(enc, 0, 4, StandardCharsets.US_ASCII));
    String script = String.join("\n",
        "import sys, bz2",
        "h5j = bytes.fromhex(open(sys.argv[1]).read())",
        "orig = bytes.fromhex(open(sys.argv[2]).read())",
        "assert bz2.decompress(h5j) == orig, 'libbz2 disagrees'",
        "print(bz2.compress(orig, 9).hex())");
    java.nio.file.Path a = java.nio.file.Files.createTempFile("bz", ".hex");
    java.nio.file.Path b = java.nio.file.Files.createTempFile("orig", ".hex");
    try {
      java.nio.file.Files.writeString(a, HEX.formatHex(enc));
      java.nio.file.Files.writeString(b, HEX.formatHex(in));
      byte[] libbz2 = HEX.parseHex(Oracles.python(script, a.toString(), b.toString()).strip());
      assertArrayEquals(in, bz.decode(libbz2, new int[] {9}, in.length));
    } finally {
      java.nio.file.Files.delete(a);
      java.nio.file.Files.delete(b);
    }
  }
}
