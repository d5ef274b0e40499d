package io.h5j.versioning;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link KillChild} in a JVM of its own (quick to start: C1 only, serial GC), whose output
 * lines are collected as they come, and which is killed with SIGKILL.
 */
final class ChildJvm {
  private final Process process;
  private final List<String> lines = new ArrayList<>();
  private final Thread reader;

  private ChildJvm(Process process) {
    this.process = process;
    this.reader = new Thread(this::pump, "kill-child-output");
    reader.setDaemon(true);
    reader.start();
  }

  static ChildJvm start(String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
        "-cp", System.getProperty("java.class.path"), KillChild.class.getName()));
    cmd.addAll(List.of(args));
    return new ChildJvm(new ProcessBuilder(cmd).redirectErrorStream(true).start());
  }

  private void pump() {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        synchronized (lines) {
          lines.add(line);
          lines.notifyAll();
        }
      }
    } catch (IOException e) {
      // the process was killed: its output ends here
    }
  }

  /** Waits until the child printed {@code line}; fails if it ended or took over a minute. */
  void await(String line) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    synchronized (lines) {
      while (!lines.contains(line)) {
        if (!process.isAlive() && !reader.isAlive() || System.nanoTime() > end) {
          throw new AssertionError("the child did not print '" + line + "': " + lines);
        }
        lines.wait(100);
      }
    }
  }

  /**
   * Kills the child with SIGKILL (if it still runs: one that failed ended by itself, an
   * error) and returns every line it printed.
   */
  List<String> kill() throws InterruptedException {
    boolean alive = process.isAlive();
    process.destroyForcibly(); // SIGKILL on Linux
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      throw new AssertionError("the child did not die of SIGKILL in 60 s");
    }
    reader.join(10_000);
    synchronized (lines) {
      if (!alive) {
        throw new AssertionError("the child ended by itself (exit " + process.exitValue()
            + ") before the kill:\n" + String.join("\n", lines));
      }
      return new ArrayList<>(lines);
    }
  }
}
