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
import org.jspecify.annotations.Nullable;

/**
 * The lock libhdf5 itself sees on a file: flock(2), which libhdf5 (h5py, h5dump,
 * versioned-hdf5) takes shared to read a file and exclusive to write it, for as long as it has
 * it open. A helper process holds it: a shell that opens the file once and runs util-linux's
 * {@code flock} on that descriptor for each request. The lock belongs to the shell's open
 * file; when this JVM ends, however it ends, the shell reads the end of its input and exits,
 * and the lock goes with it.
 *
 * <p>Why a process: Java 17 cannot call flock(2). {@link java.nio.channels.FileChannel#lock}
 * takes POSIX record locks (fcntl), which on Linux are a separate kind that flock neither sees
 * nor conflicts with, and there is no other JDK call for it without native code (JNI, which a
 * pure-Java library does not ship). Java 22's foreign function API ({@code java.lang.foreign},
 * final in JDK 22, JEP 454) can call libc's {@code flock} directly: the lock would then be
 * taken on a descriptor of this JVM, with no process started and no shell or util-linux
 * needed, and it would work wherever libc has flock (macOS and the BSDs too); but the
 * descriptor would be one the JDK does not expose for a {@code FileChannel}, so h5j would open
 * the file a second time through libc for it. Seeing whether another process holds the lock
 * needs no process even now ({@link FlockHolders}, from {@code /proc/locks}), and only a
 * writer takes it, once when it opens and twice per change.
 *
 * <p>Where it is taken at all is decided by {@link #unavailable}: only on Linux, with
 * {@code /bin/sh} and {@code /usr/bin/flock} present, for a file on a local file system. On
 * NFS and SMB, Linux emulates flock by a byte-range lock over the whole file, which would
 * conflict with h5j's own record locks held by this JVM (another process than the helper), and
 * on FUSE file systems flock may be unsupported or block; there the helper is not started.
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

  /** File systems (statfs type names) where flock is emulated, unsupported or may block. */
  private static final java.util.Set<String> REMOTE = java.util.Set.of("nfs", "nfs4", "cifs",
      "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "lustre", "gpfs", "beegfs", "ocfs2",
      "gfs2", "davfs", "fuse");

  /**
   * Why the lock cannot be taken on {@code file} with {@code flock} here, or null if it can:
   * not Linux, a tool missing, or a file system where flock does not behave as on a local one.
   */
  static @Nullable String unavailable(Path file, Path flock) {
    if (!System.getProperty("os.name", "").startsWith("Linux")) {
      return "h5j takes libhdf5's flock(2) lock, which Java cannot call, through util-linux's"
          + " flock command on Linux only, not on " + System.getProperty("os.name");
    }
    for (Path tool : List.of(SHELL, flock)) {
      if (!Files.isExecutable(tool)) {
        return "h5j takes libhdf5's flock(2) lock, which Java cannot call, by running " + flock
            + " (util-linux) under " + SHELL + ", and " + tool + " is missing; install"
            + " util-linux";
      }
    }
    try {
      String type = Files.getFileStore(file).type().toLowerCase(Locale.ROOT);
      if (REMOTE.contains(type) || type.startsWith("fuse.") || type.startsWith("nfs")) {
        return file + " is on a " + type + " file system, where flock(2) is emulated by"
            + " record locks (which would clash with h5j's own), unsupported, or may block";
      }
    } catch (IOException e) {
      return "the file system of " + file + " cannot be told: " + e.getMessage();
    }
    return null;
  }

  /** Starts the helper for {@code file}, holding no lock yet. */
  static Libhdf5FileLock open(Path file, Path flock) throws IOException {
    String why = unavailable(file, flock);
    if (why != null) {
      throw new IOException("cannot lock " + file + " against libhdf5 readers and writers: "
          + why + "; or switch this lock off (HDF5_USE_FILE_LOCKING=FALSE,"
          + " -Dh5j.libhdf5Locking=false or Libhdf5Locking.OFF) if no libhdf5 program uses the"
          + " file meanwhile");
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

  /** Who holds a flock lock on the file, e.g. "process 812 (python3) shared": for messages. */
  String holders() {
    return FlockHolders.describe(FlockHolders.of(file));
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
