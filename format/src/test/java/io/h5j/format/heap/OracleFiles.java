package io.h5j.format.heap;

import io.h5j.testing.Oracles;


import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: makes files with libhdf5 through Debian's h5py, and finds dense-storage
 * addresses in them with a minimal object header scan that uses nothing else of h5j.
 */
final class OracleFiles {
  private OracleFiles() {}

  /**
   * Runs {@code script} (python, with {@code sys.argv[1]} = a file path) and returns its
   * non-blank stdout lines; {@link Oracles} skips loudly without h5py, or fails under CI.
   */
  static List<String> runPython(String script, Path file) throws Exception {
    String out = Oracles.python(script, file.toString());
    List<String> lines = new ArrayList<>();
    for (String l : out.split("\n")) {
      if (!l.isBlank()) {
        lines.add(l.trim());
      }
    }
    return lines;
  }

  static long le(byte[] d, int at, int n) {
    long v = 0;
    for (int i = 0; i < n; i++) {
      v |= (d[at + i] & 0xffL) << (8 * i);
    }
    return v;
  }

  /** Body of the first message of {@code type} in a version 2 object header (8-byte offsets/lengths). */
  static byte[] findMessage(byte[] file, long ohdr, int type) {
    int[] at = locateMessage(file, ohdr, type);
    return java.util.Arrays.copyOfRange(file, at[0], at[0] + at[1]);
  }

  /**
   * Where the first message of {@code type} lies: {body offset, body size, start of its
   * chunk's checksummed range, offset of that chunk's checksum}.
   */
  static int[] locateMessage(byte[] file, long ohdr, int type) {
    int at = (int) ohdr;
    if (!new String(file, at, 4, StandardCharsets.US_ASCII).equals("OHDR") || file[at + 4] != 2) {
      throw new AssertionError("no v2 object header at " + ohdr);
    }
    int flags = file[at + 5] & 0xff;
    int p = at + 6;
    if ((flags & 0x20) != 0) {
      p += 16;
    }
    if ((flags & 0x10) != 0) {
      p += 4;
    }
    int sizeBytes = 1 << (flags & 3);
    long chunkSize = le(file, p, sizeBytes);
    p += sizeBytes;
    List<long[]> chunks = new ArrayList<>();
    chunks.add(new long[] {p, p + chunkSize, at});
    boolean order = (flags & 0x04) != 0;
    for (int c = 0; c < chunks.size(); c++) {
      int q = (int) chunks.get(c)[0];
      int end = (int) chunks.get(c)[1];
      while (q + 4 <= end) {
        int mtype = file[q] & 0xff;
        int msize = (int) le(file, q + 1, 2);
        int body = q + 4 + (order ? 2 : 0);
        if (mtype == type) {
          return new int[] {body, msize, (int) chunks.get(c)[2], end};
        }
        if (mtype == 0x10) { // continuation: "OCHK" + messages + checksum
          long addr = le(file, body, 8);
          long len = le(file, body + 8, 8);
          chunks.add(new long[] {addr + 4, addr + len - 4, addr});
        }
        q = body + msize;
      }
    }
    throw new AssertionError("message type " + type + " not in object header at " + ohdr);
  }

  /** Heap address, name index and creation-order index of a Link Info (2) or Attribute Info (0x15) message. */
  static long[] denseAddresses(byte[] msg, boolean attributes) {
    int flags = msg[1] & 0xff;
    int p = 2;
    if ((flags & 1) != 0) {
      p += attributes ? 2 : 8;
    }
    long heap = le(msg, p, 8);
    long name = le(msg, p + 8, 8);
    long order = (flags & 2) != 0 ? le(msg, p + 16, 8) : -1;
    return new long[] {heap, name, order};
  }

  /** Name in a link message (type 6 message body). */
  static String linkName(byte[] m) {
    int flags = m[1] & 0xff;
    int p = 2;
    if ((flags & 0x08) != 0) {
      p++;
    }
    if ((flags & 0x04) != 0) {
      p += 8;
    }
    if ((flags & 0x10) != 0) {
      p++;
    }
    int n = 1 << (flags & 3);
    int len = (int) le(m, p, n);
    return new String(m, p + n, len, StandardCharsets.UTF_8);
  }

  /** Name in an attribute message of version 3 (as dense storage holds them). */
  static String attributeName(byte[] m) {
    if (m[0] != 3 && m[0] != 2) {
      throw new AssertionError("attribute message version " + m[0]);
    }
    int nameSize = (int) le(m, 2, 2);
    int p = m[0] == 3 ? 9 : 8;
    return new String(m, p, nameSize - 1, StandardCharsets.UTF_8);
  }
}
