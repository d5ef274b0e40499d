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
    if (chars.length > CAPACITY - n) {
      drain();
      if (chars.length > CAPACITY) {
        write(chars, chars.length);
        return this;
      }
    }
    System.arraycopy(chars, 0, buf, n, chars.length);
    n += chars.length;
    return this;
  }

  /** The decimal digits of {@code v}. */
  DumpOutput append(long v) {
    if (v == Long.MIN_VALUE) {
      return append("-9223372036854775808");
    }
    if (CAPACITY - n < 20) {
      drain();
    }
    if (v < 0) {
      buf[n++] = '-';
      v = -v;
    }
    int digits = 1;
    while (digits < TENS.length && v >= TENS[digits]) {
      digits++;
    }
    for (int i = n + digits - 1; i >= n; i--) {
      buf[i] = (char) ('0' + v % 10);
      v /= 10;
    }
    n += digits;
    return this;
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
