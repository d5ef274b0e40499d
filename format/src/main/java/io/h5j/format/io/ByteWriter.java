package io.h5j.format.io;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable little-endian byte buffer for encoding structures. */
public final class ByteWriter {
  private final FileParams params;
  private byte[] buf;
  private int pos;

  public ByteWriter(FileParams params) {
    this(params, 64);
  }

  public ByteWriter(FileParams params, int capacity) {
    this.params = params;
    this.buf = new byte[Math.max(16, capacity)];
  }

  public FileParams params() {
    return params;
  }

  public int position() {
    return pos;
  }

  private void ensure(int n) {
    if (pos + n > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
    }
  }

  public ByteWriter u8(int v) {
    ensure(1);
    buf[pos++] = (byte) v;
    return this;
  }

  public ByteWriter u16(int v) {
    return uN(v, 2);
  }

  public ByteWriter u32(long v) {
    return uN(v, 4);
  }

  public ByteWriter u64(long v) {
    return uN(v, 8);
  }

  public ByteWriter uN(long v, int n) {
    ensure(n);
    for (int i = 0; i < n; i++) {
      buf[pos++] = (byte) (v >>> (8 * i));
    }
    return this;
  }

  /** An address; {@link FileParams#UNDEFINED} is written as all ones. */
  public ByteWriter offset(long address) {
    return uN(address, params.offsetSize());
  }

  public ByteWriter length(long length) {
    return uN(length, params.lengthSize());
  }

  public ByteWriter bytes(byte[] b) {
    return bytes(b, 0, b.length);
  }

  public ByteWriter bytes(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, pos, len);
    pos += len;
    return this;
  }

  public ByteWriter zeros(int n) {
    ensure(n);
    pos += n; // the array is zero-initialised and never reused below pos
    return this;
  }

  public ByteWriter ascii(String s) {
    return bytes(s.getBytes(StandardCharsets.US_ASCII));
  }

  /** UTF-8 bytes of {@code s} followed by a NUL. */
  public ByteWriter cString(String s) {
    bytes(s.getBytes(StandardCharsets.UTF_8));
    return u8(0);
  }

  /** Zero bytes up to the next multiple of {@code align} counted from {@code from}. */
  public ByteWriter padTo(int from, int align) {
    int used = pos - from;
    int padded = (used + align - 1) / align * align;
    return zeros(padded - used);
  }

  /** Overwrites 4 bytes at {@code at} (for sizes known only after the body is written). */
  public void putU32(int at, long v) {
    for (int i = 0; i < 4; i++) {
      buf[at + i] = (byte) (v >>> (8 * i));
    }
  }

  public void putUN(int at, long v, int n) {
    for (int i = 0; i < n; i++) {
      buf[at + i] = (byte) (v >>> (8 * i));
    }
  }

  /** Appends the lookup3 checksum of everything written since {@code from}. */
  public ByteWriter checksum(int from) {
    return u32(Lookup3.checksum(buf, from, pos - from) & 0xffffffffL);
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /** The bytes written followed by {@code spare} zero bytes, for a trailer the caller fills. */
  public byte[] toByteArray(int spare) {
    return Arrays.copyOf(buf, pos + spare);
  }

  /** Drops everything written from {@code position} on (undoing a half-written entry). */
  public void truncate(int position) {
    if (position < 0 || position > pos) {
      throw new IndexOutOfBoundsException("position " + position + " of " + pos);
    }
    pos = position;
  }

  /** Makes room for {@code n} more bytes at once (no doubling steps when the size is known). */
  public ByteWriter reserve(int n) {
    ensure(n);
    return this;
  }
}
