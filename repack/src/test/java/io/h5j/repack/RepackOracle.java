package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** libhdf5's judgement of a repack: h5diff finds no difference and h5dump reads the output. */
final class RepackOracle {
  private RepackOracle() {}

  /** Fails unless {@code h5diff in out} exits 0 (h5diff ships with h5dump in hdf5-tools). */
  static void assertSameContent(Path in, Path out) throws IOException {
    Oracles.requireH5dump();
    Oracles.Run r = Oracles.run(List.of("h5diff", in.toString(), out.toString()));
    if (r.exitCode() != 0) {
      Oracles.Run detail = Oracles.run(List.of("h5diff", "-r", in.toString(), out.toString()));
      fail("h5diff " + in + " " + out + " exited " + r.exitCode() + ":\n" + r.stderr()
          + detail.stdout().lines().filter(l -> !l.startsWith("0 differences")
              && !l.startsWith("dataset:") && !l.startsWith("attribute:")
              && !l.startsWith("group")).limit(40).reduce("", (a, b) -> a + b + "\n"));
    }
    assertEquals(0, r.exitCode());
  }

  /**
   * Where to write the repacked {@code fixture}: a new folder holding copies of all fixture
   * files, so that external links and virtual dataset sources, which name other files
   * relative to the file, resolve as they do for the input.
   */
  static Path besideFixtures(String fixture) {
    return io.h5j.testing.Fixtures.scratchDirFor(fixture).resolve(fixture);
  }

  /** h5dump reads every object and value of {@code file} without error. */
  static void assertReadable(Path file) throws IOException {
    Oracles.h5dump(file);
  }
}
