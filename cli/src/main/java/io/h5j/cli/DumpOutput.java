package io.h5j.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * The characters a dump prints, gathered in one buffer and handed to the command's writer in
 * large blocks: a dump of gigabytes costs few calls downstream and holds only the buffer.
 * Numbers are written as digits straight into the buffer, without a String each.
 */
final class DumpOutput implements Appendable {
  private static final int CAPACITY = 1 << 16;
  private static final long[] TENS = new long[19];

  static {
    long t = 1;
    for (int i = 0; i < TENS.length; i++) {
      TENS[i] = t;
      t *= 10;
    }
  }

  private final Writer out;
  private final char[] buf = new char[CAPACITY];
  private int n;

  DumpOutput(Writer out) {
    this.out = out;
  }

  @Override
  public DumpOutput append(char c) {
    if (n == CAPACITY) {
      drain();
    }
    buf[n++] = c;
    return this;
  }

  @Override
  public DumpOutput append(CharSequence s) {
    return append(s, 0, s.length());
  }

  @Override
  public DumpOutput append(CharSequence s, int start, int end) {
    while (start < end) {
      if (n == CAPACITY) {
        drain();
      }
      int len = Math.min(end - start, CAPACITY - n);
      if (s instanceof String str) {
        str.getChars(start, start + len, buf, n);
      } else {
        for (int i = 0; i < len; i++) {
          buf[n + i] = s.charAt(start + i);
        }
      }
      n += len;
      start += len;
    }
    return this;
  }

  DumpOutput append(char[] chars) {
    int len = chars.length;
    if (len > CAPACITY - n) {
      drain();
      if (len > CAPACITY) {
        write(chars, len);
        return this;
      }
    }
    if (len <= 8) { // most are a number or a separator: a loop beats arraycopy's set-up
      for (int i = 0; i < len; i++) {
        buf[n + i] = chars[i];
      }
    } else {
      System.arraycopy(chars, 0, buf, n, len);
    }
    n += len;
    return this;
  }

  /** The decimal digits of {@code v}. */
  DumpOutput append(long v) {
    room(MAX_LONG_CHARS);
    n = digits(buf, n, v);
    return this;
  }

  /** The most characters a long's digits take. */
  static final int MAX_LONG_CHARS = 20;

  /**
   * Room for {@code chars} more characters (at most the capacity): the buffer, for a caller
   * that writes from {@link #position()} on and then sets the position past what it wrote.
   * Formatting a long run of values into the buffer itself is what makes a dump of gigabytes
   * take seconds rather than minutes.
   */
  char[] room(int chars) {
    if (CAPACITY - n < chars) {
      drain();
    }
    return buf;
  }

  int position() {
    return n;
  }

  void position(int p) {
    n = p;
  }

  /** Writes the decimal digits of {@code v} into {@code b} at {@code p}; the position after. */
  static int digits(char[] b, int p, long v) {
    if (v == Long.MIN_VALUE) {
      "-9223372036854775808".getChars(0, 20, b, p);
      return p + 20;
    }
    if (v < 0) {
      b[p++] = '-';
      v = -v;
    }
    int count = 1;
    while (count < TENS.length && v >= TENS[count]) {
      count++;
    }
    for (int i = p + count - 1; i >= p; i--) {
      b[i] = (char) ('0' + v % 10);
      v /= 10;
    }
    return p + count;
  }

  /** Hands what is buffered to the writer and flushes it. */
  void flush() {
    drain();
    try {
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void drain() {
    write(buf, n);
    n = 0;
  }

  private void write(char[] chars, int len) {
    try {
      out.write(chars, 0, len);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // A PrintWriter keeps write errors to itself: a reader gone (h5j dump | head) must stop
    // the dump, not let it format the rest of the file for nobody.
    if (out instanceof PrintWriter p && p.checkError()) {
      throw new Closed();
    }
  }

  /** The reader of the output went away. */
  static final class Closed extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    Closed() {
      super("the output was closed", new IOException("the output was closed"));
    }
  }
}
