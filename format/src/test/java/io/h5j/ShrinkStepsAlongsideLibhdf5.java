package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Shrinks dataset {@code d} step by step in libhdf5 and in h5j, both from the same file, and
 * compares their chunk indexes after every step: the node-for-node check the shrink tests of
 * each B-tree kind share.
 */
final class ShrinkStepsAlongsideLibhdf5 {

  /** What is compared after each step: a printable shape of a file's chunk index. */
  interface IndexShape {
    String of(Path file) throws IOException;
  }

  /** A check of h5j's dataset after each step's flush. */
  interface AfterFlush {
    void check(Dataset d) throws IOException;
  }

  private ShrinkStepsAlongsideLibhdf5() {}

  /**
   * Copies {@code lib} to {@code ours}, lets libhdf5 (h5py) resize {@code lib}'s {@code d}
   * through {@code shapes} ("a,b;c,d;..."), does the same resizes in h5j on {@code ours}
   * (one open, resize, flush, close per step) and asserts both indexes have the same shape
   * after each step. Returns the last shape.
   */
  static long[] compare(Path lib, Path ours, String shapes, IndexShape index, AfterFlush check,
      String label) throws IOException {
    Files.copy(lib, ours, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
        "import shutil",
        "for i, s in enumerate(sys.argv[2].split(';')):",
        "    with h5py.File(sys.argv[1], 'r+') as f:",
        "        f['d'].resize(tuple(map(int, s.split(','))))",
        "    shutil.copy(sys.argv[1], sys.argv[1] + '.%d' % i)"), lib.toString(), shapes);
    String[] steps = shapes.split(";");
    long[] dims = null;
    try {
      for (int i = 0; i < steps.length; i++) {
        dims = Arrays.stream(steps[i].split(",")).mapToLong(Long::parseLong).toArray();
        try (H5File h = H5File.openReadWrite(ours)) {
          Dataset d = h.dataset("d");
          d.resize(dims);
          h.flush();
          check.check(d);
        }
        assertEquals(index.of(step(lib, i)), index.of(ours),
            label + ": the tree h5j shrank to " + steps[i] + " vs libhdf5's");
      }
    } finally {
      for (int i = 0; i < steps.length; i++) {
        Files.deleteIfExists(step(lib, i));
      }
    }
    return dims;
  }

  private static Path step(Path lib, int i) {
    return Path.of(lib + "." + i);
  }
}
