package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the independent readers that judge h5j's files: libhdf5's h5dump and h5py under
 * Debian's /usr/bin/python3 (libhdf5 1.10), and libhdf5 2.0 compiled to WebAssembly (the npm
 * package h5wasm, installed in the repository's {@code tools/h5wasm} and run by Node). When one
 * is missing, tests skip loudly on a developer machine and fail under CI (CI=true), so a green
 * CI always means the oracle ran.
 */
public final class Oracles {
  public static final String PYTHON = "/usr/bin/python3";

  /**
   * Python prelude for h5py scripts that compare int32 data by digest: imports sys, hashlib,
   * h5py and numpy, and defines {@code sha(a)}, the SHA-256 of {@code a} as C-ordered
   * little-endian int32 bytes (what {@code ChunkIndexUpdateTest.sha} computes in Java).
   */
  public static final String PY_INT32_SHA = String.join("\n",
      "import sys, hashlib, h5py, numpy as np",
      "def sha(a):",
      "    return hashlib.sha256(np.ascontiguousarray(a, dtype='<i4').tobytes()).hexdigest()",
      "");

  /**
   * Python prelude giving h5py scripts libhdf5's C API through ctypes, for what h5py does not
   * wrap (H5Pset_chunk_opts, H5Dget_chunk_index_type, H5Pset_istore_k...): {@code hdf5()}
   * is the libhdf5 that h5py loaded. Imports ctypes.
   */
  public static final String PY_LIBHDF5 = String.join("\n",
      "import ctypes",
      "def hdf5():",
      "    for line in open('/proc/self/maps'):",
      "        p = line.split()[-1]",
      "        if '/libhdf5' in p and '_hl' not in p:",
      "            return ctypes.CDLL(p)",
      "    raise SystemExit('libhdf5 is not loaded')",
      "");

  private Oracles() {}

  /** Result of one external command. */
  public record Run(int exitCode, String stdout, String stderr) {}

  public static void requireH5dump() {
    require(Files.isExecutable(Path.of("/usr/bin/h5dump")), "h5dump (apt-get install hdf5-tools)");
  }

  /** strace, to see a child process's system calls and kill it at a chosen one. */
  public static final Path STRACE = Path.of("/usr/bin/strace");

  public static void requireStrace() {
    require(Files.isExecutable(STRACE), "strace (apt-get install strace)");
  }

  /** The python oracle is there when its fork server starts: python3 imported h5py. */
  public static void requireH5py() {
    require(Files.isExecutable(Path.of(PYTHON)) && PythonForkServer.get() != null,
        "h5py for " + PYTHON + " (apt-get install python3-h5py)");
  }

  /** The h5wasm tool folder: {@code tools/h5wasm} beside the repository's fixtures. */
  public static Path h5wasmDir() {
    return Fixtures.dir().toAbsolutePath().getParent().resolve("tools").resolve("h5wasm");
  }

  public static void requireH5wasm() {
    require(h5wasmPresent(), "h5wasm in " + h5wasmDir()
        + " (needs node; npm ci --prefix tools/h5wasm)");
  }

  private static Boolean h5wasmPresent;

  /** Looked up once per JVM: {@code node --version} costs a process start. */
  private static synchronized boolean h5wasmPresent() {
    if (h5wasmPresent == null) {
      boolean ok = Files.isDirectory(h5wasmDir().resolve("node_modules").resolve("h5wasm"));
      if (ok) {
        try {
          ok = run(List.of("node", "--version")).exitCode() == 0;
        } catch (IOException e) {
          ok = false;
        }
      }
      h5wasmPresent = ok;
    }
    return h5wasmPresent;
  }

  /**
   * What libhdf5 2.0 (h5wasm) reads in {@code file}: the JSON of {@code tools/h5wasm/dump.mjs},
   * {@code {"libhdf5": "2.0.0", "datasets": {path: {shape, maxshape, chunks, dtype, filters,
   * virtual_sources, values} or {error}}}}, for the named datasets (all when none are named).
   * Fails the test if the script exits non-zero (libhdf5 could not open the file).
   */
  public static JsonNode h5wasm(Path file, String... datasets) throws IOException {
    return new ObjectMapper().readTree(node("dump.mjs", concat(file.toString(), datasets)));
  }

  /** Runs a script of {@code tools/h5wasm} with Node; its stdout, or the test fails. */
  public static String node(String script, String... args) throws IOException {
    requireH5wasm();
    List<String> cmd = new ArrayList<>(List.of("node", h5wasmDir().resolve(script).toString()));
    cmd.addAll(List.of(args));
    Run r = run(cmd);
    if (r.exitCode() != 0) {
      fail("node " + script + " exited " + r.exitCode() + ":\n" + r.stderr() + r.stdout());
    }
    return r.stdout();
  }

  /**
   * The Python of a venv holding h5py 3.16, whose wheel bundles libhdf5 2.0 (the only oracle
   * here that reads and writes HDF5 1.12+ references): {@code $H5J_HDF5V2_PYTHON}, else
   * {@code /tmp/h5py2/bin/python}, where {@code .ci/run} makes it (see tools/libhdf5-2/README.md).
   */
  public static Path hdf5v2Python() {
    String env = System.getenv("H5J_HDF5V2_PYTHON");
    return Path.of(env != null && !env.isBlank() ? env : "/tmp/h5py2/bin/python");
  }

  /**
   * The Python of a venv with PyTables 3.11 (its bundled libhdf5 writes Blosc2, filter 32026),
   * python-blosc2 and imagecodecs (raw codecs: bitshuffle, blosc, blosc2, zstd...):
   * {@code $H5J_CODECS_PYTHON}, else {@code /tmp/h5j-codecs/bin/python}.
   */
  public static Path codecsPython() {
    String env = System.getenv("H5J_CODECS_PYTHON");
    return Path.of(env != null && !env.isBlank() ? env : "/tmp/h5j-codecs/bin/python");
  }

  /**
   * Skips (fails in CI) unless {@link #codecsPython()} imports PyTables, imagecodecs and
   * blosc2.
   */
  public static void requireCodecs() {
    boolean ok = Files.isExecutable(codecsPython());
    if (ok) {
      try {
        ok = run(List.of(codecsPython().toString(), "-c", "import tables, imagecodecs, blosc2"))
            .exitCode() == 0;
      } catch (IOException e) {
        ok = false;
      }
    }
    requireUnlessUnavailable(ok, "PyTables 3.11, imagecodecs and blosc2 at " + codecsPython()
        + " (python3 -m venv /tmp/h5j-codecs && /tmp/h5j-codecs/bin/pip install tables==3.11.1"
        + " imagecodecs blosc2, or set H5J_CODECS_PYTHON)", "H5J_CODECS_UNAVAILABLE");
  }

  /** Runs a script in {@link #codecsPython()}; its stdout; fails if it exits non-zero. */
  public static String codecs(String script, String... args) throws IOException {
    requireCodecs();
    Run r = runPython(codecsPython(), script, List.of(args));
    if (r.exitCode() != 0) {
      fail("python exited " + r.exitCode() + ":\n" + r.stderr() + r.stdout());
    }
    return r.stdout();
  }

  /** The {@code tools/libhdf5-2} folder beside the repository's fixtures. */
  public static Path hdf5v2Dir() {
    return Fixtures.dir().toAbsolutePath().getParent().resolve("tools").resolve("libhdf5-2");
  }

  public static void requireHdf5v2() {
    boolean ok = Files.isExecutable(hdf5v2Python());
    if (ok) {
      try {
        ok = run(List.of(hdf5v2Python().toString(), "-c",
            "import h5py, sys; sys.exit(h5py.version.hdf5_version_tuple[0] < 2)")).exitCode() == 0;
      } catch (IOException e) {
        ok = false;
      }
    }
    String what = "h5py 3.16 with libhdf5 2.0 at " + hdf5v2Python() + " (python3 -m venv /tmp/h5py2"
        + " && /tmp/h5py2/bin/pip install h5py==3.16.0, or set H5J_HDF5V2_PYTHON)";
    // The wheel comes from a pip mirror that not every machine has (PyPI itself is not
    // reachable here): .ci/run names the failed install, and the tests then skip loudly in CI.
    requireUnlessUnavailable(ok, what, "H5J_HDF5V2_UNAVAILABLE");
  }

  /**
   * Like {@link #require}, except that an oracle {@code .ci/run} could not install, and said
   * why in the environment variable {@code unavailableVariable}, skips loudly in CI too.
   */
  static void requireUnlessUnavailable(boolean present, String what,
      String unavailableVariable) {
    requireUnless(present, what, System.getenv(unavailableVariable));
  }

  /**
   * Like {@link #require}, except that an oracle that could not be installed, for the reason
   * {@code unavailable} (null: none given), skips loudly in CI too.
   */
  static void requireUnless(boolean present, String what, String unavailable) {
    if (!present && unavailable != null && !unavailable.isBlank()) {
      String msg = "ORACLE MISSING: " + what + ": " + unavailable;
      System.err.println("!!! " + msg);
      Assumptions.abort(msg);
    }
    require(present, what);
  }

  /**
   * What libhdf5 2.0 resolves for every revised reference in {@code file}: the JSON of
   * {@code tools/libhdf5-2/refs_oracle.py}, {@code {"libhdf5": "2.0.0", "references": [{"at",
   * "kind", "object", "type", ...}]}}. Fails the test if the script exits non-zero.
   */
  public static JsonNode hdf5v2References(Path file) throws IOException {
    requireHdf5v2();
    Run r = run(List.of(hdf5v2Python().toString(),
        hdf5v2Dir().resolve("refs_oracle.py").toString(), file.toString()));
    if (r.exitCode() != 0) {
      fail("refs_oracle.py exited " + r.exitCode() + " on " + file + ":\n" + r.stderr()
          + r.stdout());
    }
    return new ObjectMapper().readTree(r.stdout());
  }

  private static String[] concat(String first, String[] rest) {
    String[] all = new String[rest.length + 1];
    all[0] = first;
    System.arraycopy(rest, 0, all, 1, rest.length);
    return all;
  }

  /**
   * Aborts the test, loudly, when {@code what} (a program or build product a test runs) is not
   * {@code present}; under {@code CI=true} fails it instead.
   */
  public static void require(boolean present, String what) {
    if (present) {
      return;
    }
    String msg = "ORACLE MISSING: " + what + " is not installed; this test cannot judge h5j";
    System.err.println("!!! " + msg);
    if ("true".equals(System.getenv("CI"))) {
      fail(msg);
    }
    Assumptions.abort(msg); // developer machine without the oracle: skipped, loudly
  }

  /**
   * Fails unless a script that judged {@code expected} files printed exactly one line per file
   * and every line is {@code ok}; the message lists the lines that are not.
   */
  public static void assertAllOk(String out, int expected, String what) {
    String[] lines = out.trim().split("\n");
    List<String> bad = new ArrayList<>();
    for (String line : lines) {
      if (!line.equals("ok")) {
        bad.add(line);
      }
    }
    org.junit.jupiter.api.Assertions.assertEquals(expected, lines.length, out);
    org.junit.jupiter.api.Assertions.assertEquals(List.of(), bad, expected + " " + what);
  }

  /** h5dump's output for {@code file} with extra arguments; fails the test if it exits non-zero. */
  public static String h5dump(Path file, String... args) throws IOException {
    requireH5dump();
    List<String> cmd = new ArrayList<>(List.of("h5dump"));
    cmd.addAll(List.of(args));
    cmd.add(file.toString());
    Run r = run(cmd);
    if (r.exitCode() != 0) {
      fail("h5dump exited " + r.exitCode() + " on " + file + ":\n" + r.stderr() + r.stdout());
    }
    return r.stdout();
  }

  /** Runs a python script (h5py available) with arguments; fails if it exits non-zero. */
  public static String python(String script, String... args) throws IOException {
    requireH5py();
    Run r = PythonForkServer.get().run(script, List.of(args));
    if (r.exitCode() != 0) {
      fail("python exited " + r.exitCode() + ":\n" + r.stderr() + r.stdout());
    }
    return r.stdout();
  }

  /**
   * Runs {@code python -c script args...}; its exit code, stdout and stderr. In a child of the
   * {@link PythonForkServer} of that interpreter when one starts (same result, no start-up).
   */
  public static Run runPython(Path python, String script, List<String> args)
      throws IOException {
    PythonForkServer server = PythonForkServer.get(python.toString());
    if (server != null) {
      return server.run(script, args);
    }
    List<String> cmd = new ArrayList<>(List.of(python.toString(), "-c", script));
    cmd.addAll(args);
    return run(cmd);
  }

  /**
   * Runs a command; its exit code, stdout and stderr. {@code PYTHON -c SCRIPT ARGS...} runs in
   * a child of the {@link PythonForkServer} when there is one (same result, no start-up).
   */
  public static Run run(List<String> cmd) throws IOException {
    if (cmd.size() >= 2 && cmd.get(0).equals(PYTHON) && cmd.get(1).equals("-c")) {
      PythonForkServer server = PythonForkServer.get();
      if (server != null) {
        return server.run(cmd.get(2), cmd.subList(3, cmd.size()));
      }
    }
    // Both streams into files: read one pipe after the other, a tool that fills the other
    // pipe first (64 KiB of error stack) waits forever; and the time limit holds this way.
    Path out = Files.createTempFile("h5j-oracle-out", ".txt");
    Path err = Files.createTempFile("h5j-oracle-err", ".txt");
    try {
      Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(
          new java.io.File("/dev/null"))).redirectOutput(out.toFile()).redirectError(err.toFile())
          .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail("timed out: " + cmd);
      }
      return new Run(p.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
          new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
