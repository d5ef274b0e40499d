package io.h5j.cli;

import io.h5j.versioning.VersionedFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Another JVM with a versioned file open to add versions (h5j's writer lock held, as by a
 * long {@code h5j commit}) until closed: h5j's locks are per process, so a holder in the
 * test's own JVM would not show what a second process sees.
 */
final class VersionedWriterHolder implements AutoCloseable {
  private final Process p;

  /** Opens {@code file} to add versions in a new JVM and waits until it is open. */
  VersionedWriterHolder(Path file) throws IOException {
    p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), VersionedWriterHolder.class.getName(),
        file.toString()).redirectErrorStream(true).start();
    String first = new BufferedReader(new InputStreamReader(p.getInputStream(),
        StandardCharsets.UTF_8)).readLine();
    if (first == null || !first.equals("open")) {
      p.destroyForcibly();
      throw new AssertionError("the holder could not open " + file + ": " + first);
    }
  }

  @Override
  public void close() throws Exception {
    p.getOutputStream().close();
    if (!p.waitFor(20, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the holder did not close the file");
    }
  }

  /** The holder's side: opens {@code args[0]}, says "open", and holds it until stdin ends. */
  public static void main(String[] args) throws IOException {
    try (VersionedFile vf = VersionedFile.open(Path.of(args[0]))) {
      System.out.println("open");
      System.out.flush();
      while (System.in.read() >= 0) {
        // held until the test closes our stdin
      }
    }
  }
}
