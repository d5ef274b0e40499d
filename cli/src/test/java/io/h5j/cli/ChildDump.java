package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code h5j} run in a child JVM with a small heap, its stdout handed to the test as it comes
 * (never stored: a dump may be gigabytes), its stderr kept, killed when it overruns its time.
 */
final class ChildDump {
  /** How the test takes the child's stdout; it must read to the end. */
  interface Reader {
    void read(InputStream stdout) throws Exception;
  }

  record Result(int exitCode, String stderr, long millis) {}

  private ChildDump() {}

  static Result run(String maxHeap, Duration limit, Reader stdout, String... args)
      throws Exception {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx" + maxHeap, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(List.of(args));
    Path err = Files.createTempFile("h5j-child-err", ".txt");
    long start = System.nanoTime();
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    Thread watchdog = new Thread(() -> {
      try {
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
      }
    });
    watchdog.setDaemon(true);
    watchdog.start();
    try (InputStream out = p.getInputStream()) {
      stdout.read(out);
      out.transferTo(java.io.OutputStream.nullOutputStream()); // the rest, so the child ends
    } catch (Throwable t) {
      p.destroyForcibly(); // blocked on a pipe no one reads any more
      throw t;
    } finally {
      if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
      }
      watchdog.interrupt();
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    Files.deleteIfExists(err);
    if (millis >= limit.toMillis()) {
      fail("h5j " + String.join(" ", args) + " did not end within " + limit + "; stderr:\n"
          + stderr);
    }
    return new Result(p.exitValue(), stderr, millis);
  }
}
