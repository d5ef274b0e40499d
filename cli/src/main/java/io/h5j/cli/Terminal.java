package io.h5j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the command's standard streams are terminals: progress bars are drawn on stderr
 * only when it is one. {@code System.console()} cannot say it on JDK 17 (it is null as soon
 * as stdout is redirected, which is exactly when a bar on stderr helps), so on Linux the
 * descriptor's target in {@code /proc/self/fd} decides; elsewhere the console does.
 * {@code H5J_PROGRESS=never} turns every bar off.
 */
final class Terminal {
  private Terminal() {}

  /** True when stderr is a terminal and bars are not turned off. */
  static boolean stderr() {
    return !"never".equals(System.getenv("H5J_PROGRESS"))
        && !"dumb".equals(System.getenv("TERM")) && isTerminal(2);
  }

  /** True when stdout is a terminal (a bar on stderr would then break the output's lines). */
  static boolean stdout() {
    return isTerminal(1);
  }

  private static boolean isTerminal(int fd) {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException e) {
      return System.console() != null; // no /proc: not Linux
    }
  }
}
