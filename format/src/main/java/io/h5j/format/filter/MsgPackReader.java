package io.h5j.format.filter;

import io.h5j.format.H5FormatException;

/**
 * The little of MessagePack that Blosc2 frames use for their metalayers: integers, strings,
 * binaries, arrays and maps, read one value at a time from a bounded range of bytes. Every read
 * past the range or of an unexpected kind is an {@link H5FormatException}.
 */
final class MsgPackReader {
  private final Filter filter;
  private final byte[] b;
  private final int end;
  private int at;

  MsgPackReader(Filter filter, byte[] b, int from, int end) {
    this.filter = filter;
    this.b = b;
    this.at = from;
    this.end = end;
  }

  int position() {
    return at;
  }

  private int u8() throws H5FormatException {
    if (at >= end) {
      throw FilterSupport.error(filter, "metadata end at byte " + at);
    }
    return b[at++] & 0xff;
  }

  private long be(int n) throws H5FormatException {
    long v = 0;
    for (int i = 0; i < n; i++) {
      v = v << 8 | u8();
    }
    return v;
  }

  /** An integer of any encoding. */
  long integer() throws H5FormatException {
    int t = u8();
    if (t <= 0x7f) {
      return t;
    }
    if (t >= 0xe0) {
      return t - 256;
    }
    return switch (t) {
      case 0xcc -> be(1);
      case 0xcd -> be(2);
      case 0xce -> be(4);
      case 0xcf, 0xd3 -> be(8);
      case 0xd0 -> (byte) be(1);
      case 0xd1 -> (short) be(2);
      case 0xd2 -> (int) be(4);
      default -> throw FilterSupport.error(filter, "expected an integer, found type 0x"
          + Integer.toHexString(t) + " at byte " + (at - 1));
    };
  }

  /** The element count of an array. */
  int arrayLength() throws H5FormatException {
    int t = u8();
    if ((t & 0xf0) == 0x90) {
      return t & 0x0f;
    }
    if (t == 0xdc) {
      return (int) be(2);
    }
    if (t == 0xdd) {
      return checkedLength(be(4));
    }
    throw FilterSupport.error(filter, "expected an array at byte " + (at - 1));
  }

  /** The entry count of a map. */
  int mapLength() throws H5FormatException {
    int t = u8();
    if ((t & 0xf0) == 0x80) {
      return t & 0x0f;
    }
    if (t == 0xde) {
      return (int) be(2);
    }
    if (t == 0xdf) {
      return checkedLength(be(4));
    }
    throw FilterSupport.error(filter, "expected a map at byte " + (at - 1));
  }

  /** A string (as Latin-1; metalayer names are ASCII). */
  String string() throws H5FormatException {
    int t = u8();
    int n;
    if ((t & 0xe0) == 0xa0) {
      n = t & 0x1f;
    } else if (t == 0xd9) {
      n = (int) be(1);
    } else if (t == 0xda) {
      n = (int) be(2);
    } else if (t == 0xdb) {
      n = checkedLength(be(4));
    } else {
      throw FilterSupport.error(filter, "expected a string at byte " + (at - 1));
    }
    skipBytes(n);
    return new String(b, at - n, n, java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  /** A binary's length; its bytes follow at {@link #position()}. */
  int binaryLength() throws H5FormatException {
    int t = u8();
    long n = switch (t) {
      case 0xc4 -> be(1);
      case 0xc5 -> be(2);
      case 0xc6 -> be(4);
      default -> throw FilterSupport.error(filter, "expected a binary at byte " + (at - 1));
    };
    return checkedLength(n);
  }

  private int checkedLength(long n) throws H5FormatException {
    if (n < 0 || n > end - at) {
      throw FilterSupport.error(filter, "length " + n + " at byte " + at
          + " passes the end of the metadata");
    }
    return (int) n;
  }

  void skipBytes(int n) throws H5FormatException {
    checkedLength(n);
    at += n;
  }
}
