package io.h5j.versioning;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The lock libhdf5 itself sees on a file: flock(2), which libhdf5 (h5py, h5dump,
 * versioned-hdf5) takes shared to read a file and exclusive to write it, for as long as it has
 * it open. Java has no flock(2) ({@link java.nio.channels.FileChannel#lock} is fcntl, which
 * flock does not see on Linux), so a helper process holds it: a shell that opens the file once
 * and runs util-linux's {@code flock} on that descriptor for each request. The lock belongs to
 * the shell's open file; when this JVM ends, however it ends, the shell reads the end of its
 * input and exits, and the lock goes with it.
 */
final class Libhdf5FileLock implements AutoCloseable {
  /** util-linux's flock(1), present on every Debian system. */
  static final Path FLOCK = Path.of("/usr/bin/flock");
  private static final Path SHELL = Path.of("/bin/sh");

  /**
   * Reads one request a line ({@code s}: shared, {@code x SECONDS}: exclusive, waiting at most
   * that long, {@code u}: unlock), answers each with flock's output and a line "= exit code"
   * (0 locked, 1 held by another process). A conversion replaces the lock it had.
   */
  private static final String SCRIPT = String.join("\n",
      "exec 2>&1",
      "exec 9<\"$1\" || exit 3",
      "echo '= 0'",
      "while read -r op wait; do",
      "  case \"$op\" in",
      "    s) \"$2\" -s -n 9 ;;",
      "    x) \"$2\" -x -w \"$wait\" 9 ;;",
      "    *) \"$2\" -u 9 ;;",
      "  esac",
      "  echo \"= $?\"",
      "done");

  private final Path file;
  private final Process helper;
  private final Writer requests;
  private final BufferedReader answers;
  /** What flock printed before its last answer, for a failure message. */
  private final List<String> said = new ArrayList<>();

  private Libhdf5FileLock(Path file, Process helper) {
    this.file = file;
    this.helper = helper;
    this.requests = new java.io.OutputStreamWriter(helper.getOutputStream(),
        StandardCharsets.US_ASCII);
    this.answers = new BufferedReader(new InputStreamReader(helper.getInputStream(),
        StandardCharsets.UTF_8));
  }

  /** Starts the helper for {@code file}, holding no lock yet. */
  static Libhdf5FileLock open(Path file, Path flock) throws IOException {
    for (Path tool : List.of(SHELL, flock)) {
      if (!Files.isExecutable(tool)) {
        throw new IOException("cannot lock " + file + " against libhdf5 readers and writers:"
            + " h5j takes their flock(2) lock, which Java cannot call, by running " + flock
            + " (util-linux) under " + SHELL + ", and " + tool + " is missing; install"
            + " util-linux, or switch this lock off (HDF5_USE_FILE_LOCKING=FALSE or"
            + " -Dh5j.libhdf5Locking=false) if no libhdf5 program uses the file meanwhile");
      }
    }
    ProcessBuilder pb = new ProcessBuilder(SHELL.toString(), "-c", SCRIPT, "h5j-flock",
        file.toAbsolutePath().toString(), flock.toString());
    pb.environment().put("LC_ALL", "C"); // flock parses "-w 0.500" by the locale
    Process p = pb.start();
    Libhdf5FileLock l = new Libhdf5FileLock(file, p);
    try {
      l.expect(l.answer(), "open the file");
    } catch (IOException | RuntimeException e) {
      l.close();
      throw e;
    }
    return l;
  }

  /** Takes (or converts to) the shared lock without waiting; false if a writer holds it. */
  synchronized boolean tryShared() throws IOException {
    return request("s", "take the shared lock");
  }

  /**
   * Takes (or converts to) the exclusive lock, waiting at most {@code wait} for readers and
   * writers to let go of the file (the kernel wakes the wait when they do); false if they did
   * not. A conversion gives up the shared lock first, so after false no lock is held.
   */
  synchronized boolean exclusive(Duration wait) throws IOException {
    double seconds = Math.max(wait.toNanos() / 1e9, 0.001);
    return request(String.format(Locale.ROOT, "x %.3f", seconds), "take the exclusive lock");
  }

  /** Gives up whatever lock is held. */
  synchronized void unlock() throws IOException {
    request("u", "unlock");
  }

  /**
   * Who holds a flock lock on the file, from /proc/locks (Linux), e.g. "process 812 (python3)
   * shared"; "unknown processes" where that cannot be read. For failure messages.
   */
  String holders() {
    try {
      long ino = ((Number) Files.getAttribute(file, "unix:ino")).longValue();
      long dev = ((Number) Files.getAttribute(file, "unix:dev")).longValue();
      long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
      long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
      List<String> out = new ArrayList<>();
      for (String l : Files.readAllLines(Path.of("/proc/locks"))) {
        String[] f = l.replace("->", " ").trim().split("\\s+");
        if (f.length < 6 || !f[1].equals("FLOCK") || l.contains("->")) {
          continue; // a waiter holds nothing
        }
        String[] id = f[5].split(":");
        if (id.length == 3 && Long.parseLong(id[0], 16) == major
            && Long.parseLong(id[1], 16) == minor && Long.parseLong(id[2]) == ino) {
          String pid = f[4];
          String name;
          try {
            name = Files.readString(Path.of("/proc", pid, "comm")).strip();
          } catch (IOException gone) {
            name = "ended";
          }
          out.add("process " + pid + " (" + name + ") "
              + (f[3].equals("READ") ? "shared" : "exclusive"));
        }
      }
      return out.isEmpty() ? "no process any more" : String.join(", ", out);
    } catch (IOException | RuntimeException e) {
      return "unknown processes";
    }
  }

  private boolean request(String line, String what) throws IOException {
    requests.write(line + "\n");
    requests.flush();
    int rc = answer();
    if (rc > 1) {
      expect(rc, what);
    }
    return rc == 0;
  }

  /** The next "= code" line; anything flock printed before it is kept for a failure message. */
  private int answer() throws IOException {
    said.clear();
    String l;
    while ((l = answers.readLine()) != null) {
      if (l.startsWith("= ")) {
        return Integer.parseInt(l.substring(2).trim());
      }
      said.add(l);
    }
    return -1; // the helper ended
  }

  private void expect(int rc, String what) throws IOException {
    if (rc != 0) {
      throw new IOException("could not " + what + " on " + file + " with flock (helper "
          + (rc < 0 ? "ended" : "exit code " + rc) + "): " + String.join("; ", said));
    }
  }

  /** Ends the helper, which drops the lock. */
  @Override
  public synchronized void close() {
    try {
      requests.close(); // the helper reads the end of its input and exits
    } catch (IOException ignored) {
      // it is gone already
    }
    try {
      if (!helper.waitFor(2, TimeUnit.SECONDS)) {
        helper.destroyForcibly(); // closes its descriptor, so the lock goes too
      }
    } catch (InterruptedException e) {
      helper.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
