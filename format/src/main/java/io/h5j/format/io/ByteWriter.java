package io.h5j.format.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable little-endian byte buffer for encoding structures. */
public final class ByteWriter {
  /** Whole-word stores: encoders of many small fields (mapping blocks) spend their time here. */
  private static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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

  /**
   * A writer that encodes into {@code reuse} from its start, overwriting what an earlier
   * writer left there (a large buffer reused saves allocating and zeroing it again).
   */
  public ByteWriter(FileParams params, byte[] reuse) {
    this.params = params;
    this.buf = reuse.length >= 16 ? reuse : new byte[16];
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
    ensure(4);
    LE_INT.set(buf, pos, (int) v);
    pos += 4;
    return this;
  }

  public ByteWriter u64(long v) {
    ensure(8);
    LE_LONG.set(buf, pos, v);
    pos += 8;
    return this;
  }

  public ByteWriter uN(long v, int n) {
    if (n == 4) {
      return u32(v);
    }
    if (n == 8) {
      return u64(v);
    }
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
    Arrays.fill(buf, pos, pos + n, (byte) 0); // a reused array is not zero beyond pos
    pos += n;
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

  /**
   * Puts 4 bytes at {@code at}: a size known only after the body is written, or a field put in
   * place after {@link #reserve} (then {@link #skip}).
   */
  public void putU32(int at, long v) {
    LE_INT.set(buf, at, (int) v);
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

  /** Drops everything written from {@code position} on (undoing a half-written entry). */
  public void truncate(int position) {
    if (position < 0 || position > pos) {
      throw new IndexOutOfBoundsException("position " + position + " of " + pos);
    }
    pos = position;
  }

  /**
   * The buffer itself, not a copy: the bytes written are its first {@link #position()} (what
   * follows them is unspecified). For a caller that writes the buffer out as it is, or reuses
   * it ({@link #ByteWriter(FileParams, byte[])}); writing more may replace the array.
   */
  public byte[] array() {
    return buf;
  }

  /**
   * Moves past {@code n} bytes the caller has just put at the position with
   * {@link #putU32} after {@link #reserve reserving} them.
   */
  public ByteWriter skip(int n) {
    ensure(n);
    pos += n;
    return this;
  }

  /** Makes room for {@code n} more bytes at once (no doubling steps when the size is known). */
  public ByteWriter reserve(int n) {
    ensure(n);
    return this;
  }
}
