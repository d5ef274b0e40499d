package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streams of native libaec's szip interface (imagecodecs 2026 over libaec 1.1) for random
 * parameters (every bits per pixel 1..32 and 64, NN and EC, both byte orders, even blocks of
 * 2..32 pixels, scanlines that are and are not whole blocks, data that is and is not whole
 * scanlines) and data: h5j decodes each to the original, and h5j's encoder writes the same
 * bytes as libaec.
 */
@OracleTest
class SzipLibaecTest {
  @TempDir Path dir;

  record Case(String name, int[] clientData, byte[] raw) {}

  static List<Case> cases(long seed, int count) {
    Random r = new Random(seed);
    List<Case> cases = new ArrayList<>();
    int[] common = {8, 16, 32, 64};
    for (int i = 0; i < count; i++) {
      int bpp = i % 3 == 0 ? common[r.nextInt(4)] : r.nextInt(32) + 1;
      if (i % 17 == 0) {
        bpp = 64;
      }
      boolean msb = r.nextBoolean();
      boolean nn = r.nextBoolean();
      int mask = SzipParameters.K13 | SzipParameters.RAW | (nn ? SzipParameters.NN
          : SzipParameters.EC) | (msb ? SzipParameters.MSB : SzipParameters.LSB);
      int ppb = 2 * (r.nextInt(16) + 1);
      if (r.nextInt(3) == 0) {
        ppb = new int[] {8, 16, 32}[r.nextInt(3)];
      }
      int pps = r.nextBoolean() ? ppb * (r.nextInt(20) + 1) : r.nextInt(400) + 1;
      int width = SzipSamples.width(bpp);
      int pixels = r.nextInt(3000) + 1;
      if (r.nextInt(4) == 0) {
        pixels = pps * (r.nextInt(5) + 1);
      }
      String kind = SzipSamples.KINDS[r.nextInt(SzipSamples.KINDS.length)];
      byte[] raw = SzipSamples.make(kind, r, pixels, bpp, width, msb);
      cases.add(new Case(String.format("%03d", i) + "-" + kind + "-bpp" + bpp + "-ppb" + ppb
          + "-pps" + pps + (nn ? "-nn" : "-ec") + (msb ? "-msb" : "-lsb"),
          new int[] {mask, ppb, bpp, pps}, raw));
    }
    return cases;
  }

  static String script(String name) throws IOException {
    try (InputStream in = SzipLibaecTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void decodesLibaecStreamsAndEncodesTheSameBytes() throws Exception {
    Oracles.requireCodecs();
    List<Case> cases = cases(20261201, 400);
    for (int i = 0; i < cases.size(); i++) {
      Case c = cases.get(i);
      int[] cd = c.clientData();
      Files.writeString(dir.resolve(i + ".par"), cd[0] + " " + cd[1] + " " + cd[2] + " " + cd[3]);
      Files.write(dir.resolve(i + ".raw"), c.raw());
    }
    Oracles.Run run = Oracles.runPython(Oracles.codecsPython(), script("szip_libaec.py"),
        List.of(dir.toString()));
    assertEquals(0, run.exitCode(), run.stderr());
    assertEquals("encoded " + cases.size(), run.stdout().trim(), run.stdout() + run.stderr());
    SzipFilter szip = new SzipFilter();
    int identical = 0;
    int declined = 0;
    for (int i = 0; i < cases.size(); i++) {
      Case c = cases.get(i);
      byte[] enc = Files.readAllBytes(dir.resolve(i + ".enc"));
      assertArrayEquals(c.raw(), szip.decode(enc, c.clientData(), c.raw().length), c.name());
      byte[] mine = szip.encode(c.raw(), c.clientData(), 2 * c.raw().length + 1024)
          .orElseThrow();
      assertArrayEquals(enc, mine, c.name());
      identical++;
      Optional<byte[]> filtered = szip.encode(c.raw(), c.clientData());
      assertEquals(enc.length - 4 <= c.raw().length, filtered.isPresent(), c.name());
      declined += filtered.isPresent() ? 0 : 1;
    }
    assertEquals(cases.size(), identical);
    assertTrue(declined < cases.size(), "some cases compress");
  }
}
