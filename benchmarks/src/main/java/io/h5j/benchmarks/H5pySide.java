package io.h5j.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a Python script that is a resource of this module ({@code h5py_side.py} unless named)
 * with Debian's {@code /usr/bin/python3}, which has h5py on libhdf5. The script prepares the
 * input files and times the h5py side of each operation; it prints one JSON line on stdout,
 * which is returned here.
 */
final class H5pySide {
  /** Overridable with -Dh5j.bench.python=... for machines where h5py lives elsewhere. */
  static final String PYTHON = System.getProperty("h5j.bench.python", "/usr/bin/python3");

  private final Path script;
  private final String python;

  H5pySide(Path workDir) throws IOException {
    this(workDir, "h5py_side.py");
  }

  /** Copies the resource {@code scriptName} into {@code workDir}, to be run from there. */
  H5pySide(Path workDir, String scriptName) throws IOException {
    this(workDir, scriptName, PYTHON);
  }

  /**
   * As {@link #H5pySide(Path, String)}, run by the interpreter {@code python}; the resources
   * {@code imports} are copied beside the script, for it to import.
   */
  H5pySide(Path workDir, String scriptName, String python, String... imports)
      throws IOException {
    Files.createDirectories(workDir);
    this.python = python;
    script = copyResource(workDir, scriptName);
    for (String name : imports) {
      copyResource(workDir, name);
    }
  }

  /** Copies the resource {@code name} of this package into {@code workDir}. */
  static Path copyResource(Path workDir, String name) throws IOException {
    Path to = workDir.resolve(name);
    try (InputStream in = H5pySide.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource io/h5j/benchmarks/" + name + " is"
            + " missing from the classpath; rebuild the benchmarks module");
      }
      Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
    }
    return to;
  }

  /** Runs the script with {@code args}; returns its stdout, trimmed. Stderr passes through. */
  String run(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(python);
    cmd.add(script.toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd)
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .redirectInput(ProcessBuilder.Redirect.PIPE)
        .start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int rc = p.waitFor();
    if (rc != 0) {
      throw new IOException(String.join(" ", cmd) + " failed with exit code " + rc
          + " (is h5py installed for " + python + "? apt-get install python3-h5py)");
    }
    return out.trim();
  }

  /**
   * Starts one long-lived {@code serve} process of the script: its runs alternate with h5j's
   * in one interpreter that stays warm, as h5j's JVM does.
   */
  Server serve() throws IOException {
    return new Server(new ProcessBuilder(python, script.toString(), "serve")
        .redirectError(ProcessBuilder.Redirect.INHERIT).start());
  }

  /** A running {@code serve} process: one {@code time} request, one JSON line back. */
  static final class Server implements AutoCloseable {
    private final Process process;
    private final java.io.BufferedWriter in;
    private final java.io.BufferedReader out;

    private Server(Process process) {
      this.process = process;
      this.in = new java.io.BufferedWriter(new java.io.OutputStreamWriter(
          process.getOutputStream(), StandardCharsets.UTF_8));
      this.out = new java.io.BufferedReader(new java.io.InputStreamReader(
          process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Runs {@code time} with {@code args} (no spaces inside one); its JSON line. */
    String time(String... args) throws IOException {
      in.write(String.join(" ", args));
      in.newLine();
      in.flush();
      String line = out.readLine();
      if (line == null) {
        throw new IOException("the h5py serve process ended (exit code "
            + (process.isAlive() ? "?" : process.exitValue()) + "); see its stderr above");
      }
      return line.trim();
    }

    @Override
    public void close() throws IOException {
      in.close(); // end of input: the process exits
      try {
        if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
          process.destroy();
        }
      } catch (InterruptedException e) {
        process.destroy();
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Writes data.h5, chunked.h5 and deflate.h5 into {@code dir}, and links.h5 and attrs.h5
   * when {@code metadata}.
   */
  void prepare(Path dir, Sizes s, boolean metadata) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of("prepare", "--dir", dir.toString(),
        "--links", String.valueOf(s.links()), "--attr-groups", String.valueOf(s.attrGroups()),
        "--attrs-per", String.valueOf(s.attrsPerGroup()),
        "--data-mb", String.valueOf(s.dataMb())));
    if (!metadata) {
      args.add("--data-only");
    }
    run(args.toArray(String[]::new));
  }
}
