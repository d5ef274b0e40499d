package io.h5j.cli;

import io.h5j.testing.Oracles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** h5py with a file open in another process (so libhdf5's lock held) until closed. */
final class H5pyHolder implements AutoCloseable {
  private final Process p;

  /** Opens {@code file} in h5py mode {@code mode} ("r", "a") and waits until it is open. */
  H5pyHolder(Path file, String mode) throws IOException {
    Oracles.requireH5py();
    p = new ProcessBuilder(Oracles.PYTHON, "-c", String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], sys.argv[2])",
        "print('open', list(f), flush=True)",
        "sys.stdin.read()",
        "f.close()"), file.toString(), mode).redirectErrorStream(true).start();
    String first = new BufferedReader(new InputStreamReader(p.getInputStream(),
        StandardCharsets.UTF_8)).readLine();
    if (first == null || !first.startsWith("open")) {
      p.destroyForcibly();
      throw new AssertionError("h5py could not open " + file + ": " + first);
    }
  }

  /** The holding process's id, as lock messages name it. */
  long pid() {
    return p.pid();
  }

  @Override
  public void close() throws Exception {
    p.getOutputStream().close();
    if (!p.waitFor(20, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("h5py did not close the file");
    }
  }
}
