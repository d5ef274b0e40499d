package io.h5j.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One Python per interpreter and JVM ({@code /usr/bin/python3}, and the other interpreters
 * oracles run, such as the versioned-hdf5 peers) that has imported h5py and numpy (and
 * versioned_hdf5 where installed) and forks a child for each oracle script
 * ({@code python_forkserver.py} beside this class). A child runs the script
 * as {@code python3 -c SCRIPT ARGS} would (same interpreter, environment, working directory,
 * argv, stdout, stderr, exit status and interpreter shut-down), so the oracle is unchanged;
 * what is saved is the interpreter start-up and the h5py import, ~0.3 s of CPU per script,
 * which made up most of the test suites' oracle time. Requests are served one at a time.
 */
final class PythonForkServer {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, PythonForkServer> RUNNING = new HashMap<>();
  private static final Set<String> FAILED_TO_START = new HashSet<>();
  /** Put in {@link #lines} when the server's output ends (compared by identity). */
  private static final String END = new String("end of output");

  private final String python;
  private final Process process;
  private final Writer requests;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

  private PythonForkServer(String python, Process process) {
    this.python = python;
    this.process = process;
    this.requests = process.outputWriter(StandardCharsets.UTF_8);
    Thread reader = new Thread(this::pump, "python-fork-server-replies");
    reader.setDaemon(true);
    reader.start();
    Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "python-fork-server-stop"));
  }

  /** Ends the server (end of its input) and waits for it, so no python outlives the JVM. */
  private void stop() {
    try {
      requests.close();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** The JVM's server for /usr/bin/python3, started on first use; null without h5py. */
  static PythonForkServer get() {
    return get(Oracles.PYTHON);
  }

  /** The JVM's server for {@code python}, started on first use; null without it or h5py. */
  static synchronized PythonForkServer get(String python) {
    if (!RUNNING.containsKey(python) && !FAILED_TO_START.contains(python)) {
      PythonForkServer s = start(python);
      if (s == null) {
        FAILED_TO_START.add(python);
      } else {
        RUNNING.put(python, s);
      }
    }
    return RUNNING.get(python);
  }

  /** Forgets this server, so that the next script of its interpreter gets a new one. */
  private void forget() {
    synchronized (PythonForkServer.class) {
      RUNNING.remove(python, this);
    }
  }

  private static PythonForkServer start(String python) {
    try {
      String script;
      try (InputStream in = PythonForkServer.class.getResourceAsStream("python_forkserver.py")) {
        script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      Process p = new ProcessBuilder(python, "-c", script)
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      PythonForkServer server = new PythonForkServer(python, p);
      if ("ready".equals(server.readReply(120))) {
        return server;
      }
      p.destroyForcibly();
      return null;
    } catch (IOException e) {
      return null;
    }
  }

  /** Runs {@code script} with {@code args} as {@code PYTHON -c script args...} would. */
  synchronized Oracles.Run run(String script, List<String> args) throws IOException {
    Path out = Files.createTempFile("h5j-py-out", ".txt");
    Path err = Files.createTempFile("h5j-py-err", ".txt");
    try {
      requests.write(JSON.writeValueAsString(Map.of("script", script, "args", args,
          "out", out.toString(), "err", err.toString())));
      requests.write('\n');
      requests.flush();
      String status = readReply(120);
      if (status == null) {
        forget();
        throw new IOException("the python fork server ended unexpectedly");
      }
      return new Oracles.Run(Integer.parseInt(status.trim()),
          new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
          new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** The next line the server prints, or null at its end; kills it after {@code seconds}. */
  private String readReply(int seconds) throws IOException {
    try {
      String line = lines.poll(seconds, TimeUnit.SECONDS);
      if (line == null) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        forget();
        throw new IOException("python script timed out after " + seconds + " s");
      }
      return line == END ? null : line;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  /** Moves the server's output lines to {@link #lines}, then {@link #END}. */
  private void pump() {
    try (BufferedReader in = process.inputReader(StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines.add(line);
      }
    } catch (IOException e) {
      // the server is gone: END below tells the waiting request
    }
    lines.add(END);
  }
}
