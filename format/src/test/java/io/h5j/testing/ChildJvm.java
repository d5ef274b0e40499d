package io.h5j.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A main class of the test class path in a JVM of its own (quick to start: C1 only, serial
 * GC; with this JVM's {@code --add-opens} and {@code --add-exports}, which Spark needs), its
 * output lines collected as they come, and killed with SIGKILL: for kill tests.
 */
public final class ChildJvm {
  private final Process process;
  private final List<String> lines = new ArrayList<>();
  private final Thread reader;

  private ChildJvm(Process process) {
    this.process = process;
    this.reader = new Thread(this::pump, "child-jvm-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@code main} with {@code args}. */
  public static ChildJvm start(Class<?> main, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-Xmx512m"));
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-opens") || a.startsWith("--add-exports")) {
        cmd.add(a);
      }
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
        main.getName()));
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
      // killed: its output ends here
    }
  }

  /** Waits until the child printed {@code line}; fails if it ended or took over two minutes. */
  public void await(String line) throws InterruptedException {
    await(line, 1, true);
  }

  /**
   * Waits until the child printed {@code n} lines starting with {@code prefix}; fails if it
   * ended or took over two minutes.
   */
  public void awaitLines(String prefix, int n) throws InterruptedException {
    await(prefix, n, false);
  }

  /**
   * Waits until the child printed {@code n} lines starting with {@code prefix}, or until
   * {@code nanos} passed; returns whether it did. Fails if the child ended.
   */
  public boolean awaitLinesWithin(String prefix, int n, long nanos)
      throws InterruptedException {
    return await(prefix, n, false, nanos, false);
  }

  private void await(String line, int n, boolean whole) throws InterruptedException {
    await(line, n, whole, TimeUnit.SECONDS.toNanos(120), true);
  }

  private boolean await(String line, int n, boolean whole, long nanos, boolean mustSee)
      throws InterruptedException {
    long end = System.nanoTime() + nanos;
    synchronized (lines) {
      while (lines.stream().filter(l -> whole ? l.equals(line) : l.startsWith(line)).count()
          < n) {
        boolean ended = !process.isAlive() && !reader.isAlive();
        if (ended || System.nanoTime() > end) {
          if (!ended && !mustSee) {
            return false;
          }
          process.destroyForcibly();
          throw new AssertionError("the child did not print '" + line + "': "
              + String.join("\n", lines));
        }
        lines.wait(100);
      }
    }
    return true;
  }

  /** Kills the child with SIGKILL and returns what it printed; fails if it had ended. */
  public List<String> kill() throws InterruptedException {
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
