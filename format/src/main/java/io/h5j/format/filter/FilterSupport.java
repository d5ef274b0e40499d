package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Small checks shared by the filter implementations. */
final class FilterSupport {
  /** Largest array the JVM reliably allocates. */
  static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private FilterSupport() {}

  static H5FormatException error(Filter f, String detail) {
    return new H5FormatException(f.name() + " filter", -1, detail);
  }

  static H5FormatException error(Filter f, String detail, Throwable cause) {
    return new H5FormatException(f.name() + " filter", -1, detail, cause);
  }

  /** Client data value {@code i} when present, else {@code fallback}. */
  static int clientValue(int[] clientData, int i, int fallback) {
    return clientData.length > i ? clientData[i] : fallback;
  }

  /** Client data value {@code i}, which a decoder needs. */
  static int requiredValue(Filter f, int[] clientData, int i, String what)
      throws H5FormatException {
    if (clientData.length <= i) {
      throw error(f, "client data has " + clientData.length + " values, no " + what
          + " (value " + i + ")");
    }
    return clientData[i];
  }

  /** Reads {@code in} to its end, failing once more than {@code max} bytes come out. */
  static byte[] readCapped(Filter f, InputStream in, int max) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(max, 1 << 16));
    byte[] buf = new byte[8192];
    int n;
    while ((n = in.read(buf)) > 0) {
      if (out.size() + (long) n > max) {
        throw error(f, "decoded data exceed the expected " + max + " bytes");
      }
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  /** Saturating int conversion for size bounds. */
  static int capped(long size) {
    return (int) Math.min(MAX_ARRAY, Math.max(0, size));
  }
}
