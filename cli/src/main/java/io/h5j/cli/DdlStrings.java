package io.h5j.cli;

import java.nio.charset.StandardCharsets;

/**
 * Characters as h5dump 1.10 prints them without {@code -e}: printable ASCII and the common
 * control characters as they are, every other byte (of the UTF-8 encoding) as C's
 * {@code \%03o} of a signed char, so that a byte of 0xc3 prints as {@code \37777777703}.
 */
final class DdlStrings {
  /**
   * A newline inside a value: h5dump continues the value on the next line under the line's
   * first value, where a line break of the DDL's own (in a compound) starts at an indent.
   */
  static final char NEWLINE = '\u0001';

  private DdlStrings() {}

  /** {@code s} in double quotes, its bytes printed as described above. */
  static String quoted(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    bytes(b, s.getBytes(StandardCharsets.UTF_8), s.getBytes(StandardCharsets.UTF_8).length);
    return b.append('"').toString();
  }

  /** The first {@code n} bytes, printed as described above. */
  static void bytes(StringBuilder b, byte[] bytes, int n) {
    for (int i = 0; i < n; i++) {
      int c = bytes[i];
      if (c == '\n') {
        b.append(NEWLINE);
      } else if ((c >= 0x20 && c < 0x7f) || c == '\b' || c == '\f' || c == '\r' || c == '\t') {
        b.append((char) c);
      } else {
        String oct = Integer.toOctalString(c);
        b.append('\\');
        for (int k = oct.length(); k < 3; k++) {
          b.append('0');
        }
        b.append(oct);
      }
    }
  }
}
