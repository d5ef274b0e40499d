package io.h5j.spark;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The process that writes a file or folder, as its name records it ({@code <pid>@<host>}), so
 * that a later write can prove that a leftover's writer is dead and remove it: a process of
 * this host that no longer runs. A writer on another host, or one whose host is not known,
 * is never proved dead. (A process id reused since only makes a dead writer look alive.)
 *
 * @param pid the process id
 * @param host the host's name, as {@link InetAddress#getHostName} gives it
 */
record WriterId(long pid, String host) {
  private static final String UNKNOWN_HOST = "unknown-host";
  private static final Pattern TOKEN = Pattern.compile("(\\d+)@([A-Za-z0-9.-]+)");
  private static final WriterId CURRENT = new WriterId(ProcessHandle.current().pid(),
      localHost());

  private static String localHost() {
    try {
      String h = InetAddress.getLocalHost().getHostName();
      return TOKEN.matcher("0@" + h).matches() ? h : UNKNOWN_HOST;
    } catch (UnknownHostException e) {
      return UNKNOWN_HOST;
    }
  }

  /** This process. */
  static WriterId current() {
    return CURRENT;
  }

  /** How names record it: {@code <pid>@<host>}. */
  String token() {
    return pid + "@" + host;
  }

  /** The writer {@code token} names ({@link #token}), or null when it names none. */
  static @Nullable WriterId parse(String token) {
    Matcher m = TOKEN.matcher(token);
    if (!m.matches()) {
      return null;
    }
    try {
      return new WriterId(Long.parseLong(m.group(1)), m.group(2));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Whether this writer is a process of this host that no longer runs. */
  boolean provablyDead() {
    return host.equals(CURRENT.host) && !host.equals(UNKNOWN_HOST) && ended(pid);
  }

  /** Whether process {@code pid} of this host, not this one, no longer runs. */
  static boolean ended(long pid) {
    return pid != CURRENT.pid && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
