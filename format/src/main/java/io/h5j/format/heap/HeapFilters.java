package io.h5j.format.heap;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The I/O filter pipeline of a filtered fractal heap, as far as h5j can undo it: deflate
 * (filter 1) is supported; any other filter makes reading a filtered block or huge object
 * fail with {@link H5FormatException}. libhdf5 itself never filters the heaps of dense
 * groups and attributes.
 */
final class HeapFilters {
  static final int DEFLATE = 1;
  private final int[] ids;
  private final long at;

  private HeapFilters(int[] ids, long at) {
    this.ids = ids;
    this.at = at;
  }

  /** Decodes the filter pipeline message (version 1 or 2) embedded in a heap header. */
  static HeapFilters decode(ByteReader r, long at) throws H5FormatException {
    int version = r.u8();
    if (version != 1 && version != 2) {
      throw r.versionError(version, 2, "filter pipeline version " + version + " is not 1 or 2");
    }
    int n = r.u8();
    if (version == 1) {
      r.skip(6);
    }
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      int id = r.u16();
      int nameLength = version == 1 || id >= 256 ? r.u16() : 0;
      r.u16(); // flags
      int values = r.u16();
      if (version == 1) {
        r.skip((nameLength + 7) / 8 * 8L);
      } else {
        r.skip(nameLength);
      }
      r.skip(4L * values);
      if (version == 1 && values % 2 == 1) {
        r.skip(4);
      }
      ids[i] = id;
    }
    return new HeapFilters(ids, at);
  }

  /**
   * Undoes the pipeline on {@code data}.
   *
   * @param mask bit i set: filter i was skipped
   * @param expectedSize the exact size the result must have
   */
  byte[] undo(byte[] data, long mask, long expectedSize, String structure, long address)
      throws H5FormatException {
    if (expectedSize < 0 || expectedSize > Integer.MAX_VALUE - 8) {
      throw new H5FormatException(structure, address, "unfiltered size " + expectedSize
          + " is too large");
    }
    byte[] cur = data;
    for (int i = ids.length - 1; i >= 0; i--) {
      if (i < 32 && (mask & (1L << i)) != 0) {
        continue;
      }
      if (ids[i] != DEFLATE) {
        throw new H5FormatException(structure, address, "filter " + ids[i]
            + " of the heap at " + at + " is not supported (only deflate is)");
      }
      cur = inflate(cur, i == 0 ? expectedSize : Integer.MAX_VALUE - 8, structure, address);
    }
    if (cur.length != expectedSize) {
      throw new H5FormatException(structure, address, "unfiltered size is " + cur.length
          + " bytes, expected " + expectedSize);
    }
    return cur;
  }

  private static byte[] inflate(byte[] in, long limit, String structure, long address)
      throws H5FormatException {
    Inflater inf = new Inflater();
    try {
      inf.setInput(in);
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      while (!inf.finished()) {
        int n = inf.inflate(buf);
        if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
          throw new H5FormatException(structure, address, "deflate stream ends early");
        }
        out.write(buf, 0, n);
        if (out.size() > limit) {
          throw new H5FormatException(structure, address, "deflate output exceeds " + limit
              + " bytes");
        }
      }
      return out.toByteArray();
    } catch (DataFormatException e) {
      throw new H5FormatException(structure, address, "corrupt deflate stream: " + e.getMessage(), e);
    } finally {
      inf.end();
    }
  }
}
