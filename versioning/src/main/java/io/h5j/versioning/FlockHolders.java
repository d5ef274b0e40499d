package io.h5j.versioning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The flock(2) locks other processes hold on a file, read from Linux's {@code /proc/locks}
 * without starting anything: how a writer sees at once that a libhdf5 program has the file
 * open (shared: reading, exclusive: writing), and whom a failure message names. Empty where
 * {@code /proc/locks} cannot be read (not Linux): callers then learn it from flock itself.
 */
final class FlockHolders {
  private static final Path PROC_LOCKS = Path.of("/proc/locks");

  /** One process's lock: its id, its command name, and whether the lock is exclusive. */
  record Holder(long pid, String name, boolean exclusive) {
    @Override
    public String toString() {
      return "process " + pid + " (" + name + ") " + (exclusive ? "exclusive" : "shared");
    }
  }

  private FlockHolders() {}

  /** Whether {@code /proc/locks} can be read here, so that {@link #of} sees every holder. */
  static boolean visible() {
    return Files.isReadable(PROC_LOCKS);
  }

  /**
   * The processes holding a flock lock on {@code file} now (not those waiting for one), this
   * process's helpers included; empty if none or if that cannot be known.
   */
  static List<Holder> of(Path file) {
    List<Holder> out = new ArrayList<>();
    try {
      long ino = ((Number) Files.getAttribute(file, "unix:ino")).longValue();
      long dev = ((Number) Files.getAttribute(file, "unix:dev")).longValue();
      // the kernel's encoding of dev_t, as glibc's major()/minor() decode it
      long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
      long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
      for (String l : Files.readAllLines(PROC_LOCKS)) {
        // "1: FLOCK  ADVISORY  WRITE 812 08:01:1234 0 EOF"; a waiter's line has "->"
        String[] f = l.trim().split("\\s+");
        if (f.length < 6 || !f[1].equals("FLOCK") || l.contains("->")) {
          continue;
        }
        String[] id = f[5].split(":");
        if (id.length == 3 && Long.parseLong(id[0], 16) == major
            && Long.parseLong(id[1], 16) == minor && Long.parseLong(id[2]) == ino) {
          long pid = Long.parseLong(f[4]);
          out.add(new Holder(pid, commandOf(pid), f[3].equals("WRITE")));
        }
      }
    } catch (IOException | RuntimeException e) {
      return List.of(); // no /proc, no unix attributes, or a format not known
    }
    return out;
  }

  /** The holders as a failure message names them. */
  static String describe(List<Holder> holders) {
    if (holders.isEmpty()) {
      return visible() ? "no process any more" : "unknown processes";
    }
    List<String> s = new ArrayList<>();
    holders.forEach(h -> s.add(h.toString()));
    return String.join(", ", s);
  }

  private static String commandOf(long pid) {
    try {
      return Files.readString(Path.of("/proc", Long.toString(pid), "comm")).strip();
    } catch (IOException gone) {
      return "ended";
    }
  }
}
