package io.h5j.format.io;

import io.h5j.format.H5FormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A little-endian cursor over bytes read from the file. Every read is bounds-checked and a
 * short read throws {@link H5FormatException} naming the structure and the absolute file
 * offset of the field, so decoders never see an {@code ArrayIndexOutOfBoundsException}.
 */
public final class ByteReader {
  /** Little-endian word loads: one bounds check and one load per field, not one per byte. */
  private static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] data;
  private final int start;
  private final int end;
  private final long fileOffset;
  private final String structure;
  private final FileParams params;
  private int pos;

  /**
   * @param data bytes of the structure
   * @param fileOffset absolute file address of {@code data[0]}, for error messages
   * @param structure what is being decoded, for error messages
   */
  public ByteReader(byte[] data, long fileOffset, String structure, FileParams params) {
    this(data, 0, data.length, fileOffset, structure, params);
  }

  public ByteReader(byte[] data, int start, int end, long fileOffset, String structure,
      FileParams params) {
    this.data = data;
    this.start = start;
    this.end = end;
    this.pos = start;
    this.fileOffset = fileOffset;
    this.structure = structure;
    this.params = params;
  }

  public FileParams params() {
    return params;
  }

  public String structure() {
    return structure;
  }

  /** Position relative to the start of this reader's window. */
  public int position() {
    return pos - start;
  }

  public void position(int relative) throws H5FormatException {
    if (relative < 0 || relative > end - start) {
      throw error("position " + relative + " outside the structure of " + (end - start) + " bytes");
    }
    pos = start + relative;
  }

  public int remaining() {
    return end - pos;
  }

  public boolean hasRemaining() {
    return pos < end;
  }

  /** Absolute file address of the next byte. */
  public long fileAddress() {
    return fileOffset + (pos - start);
  }

  /** The underlying array and index of the next byte, for zero-copy consumers. */
  public byte[] array() {
    return data;
  }

  public int arrayIndex() {
    return pos;
  }

  /** A reader of its own over this reader's whole window, at its first byte. */
  public ByteReader rewound() {
    return new ByteReader(data, start, end, fileOffset, structure, params);
  }

  /** A reader over the next {@code length} bytes, advancing this one past them. */
  public ByteReader slice(int length, String sliceStructure) throws H5FormatException {
    require(length);
    ByteReader r = new ByteReader(data, pos, pos + length, fileAddress(), sliceStructure, params);
    pos += length;
    return r;
  }

  public H5FormatException error(String detail) {
    return new H5FormatException(structure, fileAddress(), detail);
  }

  /**
   * An unknown structure version at the current position: {@link H5FormatException.Kind#TOO_NEW}
   * above {@code newest}, the newest version h5j reads, else corrupt.
   */
  public H5FormatException versionError(int version, int newest, String detail) {
    return new H5FormatException(version > newest ? H5FormatException.Kind.TOO_NEW
        : H5FormatException.Kind.CORRUPT, structure, fileAddress(), detail, null, null);
  }

  private void require(long n) throws H5FormatException {
    if (n < 0 || n > end - pos) {
      throw error("needs " + n + " more bytes but the structure has only " + (end - pos) + " left");
    }
  }

  public void skip(long n) throws H5FormatException {
    require(n);
    pos += (int) n;
  }

  public int u8() throws H5FormatException {
    require(1);
    return data[pos++] & 0xff;
  }

  public int u16() throws H5FormatException {
    require(2);
    int v = (data[pos] & 0xff) | (data[pos + 1] & 0xff) << 8;
    pos += 2;
    return v;
  }

  /** Unsigned 32-bit value as a long. */
  public long u32() throws H5FormatException {
    require(4);
    long v = (int) LE_INT.get(data, pos) & 0xffffffffL;
    pos += 4;
    return v;
  }

  /** Signed 32-bit value, for fields that are stored as raw 4-byte words (checksums). */
  public int i32() throws H5FormatException {
    return (int) u32();
  }

  public long u64() throws H5FormatException {
    return uN(8);
  }

  /** Unsigned little-endian value of {@code n} bytes (1..8). */
  public long uN(int n) throws H5FormatException {
    if (n < 0 || n > 8) {
      throw error("field width " + n + " is not 0..8 bytes");
    }
    if (n == 4) {
      return u32();
    }
    require(n);
    if (n == 8) {
      long v = (long) LE_LONG.get(data, pos);
      pos += 8;
      return v;
    }
    long v = 0;
    for (int i = 0; i < n; i++) {
      v |= (data[pos + i] & 0xffL) << (8 * i);
    }
    pos += n;
    return v;
  }

  /** An unsigned value that must fit an int (counts, sizes of in-memory things). */
  public int uNasInt(int n, String field) throws H5FormatException {
    long at = fileAddress();
    long v = uN(n);
    if (v < 0 || v > Integer.MAX_VALUE) {
      throw new H5FormatException(structure, at, field + " " + Long.toUnsignedString(v)
          + " is too large");
    }
    return (int) v;
  }

  /** An address of size-of-offsets bytes; all ones becomes {@link FileParams#UNDEFINED}. */
  public long offset() throws H5FormatException {
    return widen(uN(params.offsetSize()), params.offsetSize());
  }

  /** A length of size-of-lengths bytes; all ones becomes {@link FileParams#UNDEFINED}. */
  public long length() throws H5FormatException {
    return widen(uN(params.lengthSize()), params.lengthSize());
  }

  private static long widen(long v, int size) {
    if (size < 8 && v == (1L << (8 * size)) - 1) {
      return FileParams.UNDEFINED;
    }
    return v;
  }

  public byte[] bytes(int n) throws H5FormatException {
    require(n);
    byte[] out = new byte[n];
    System.arraycopy(data, pos, out, 0, n);
    pos += n;
    return out;
  }

  /** Checks a 4-byte ASCII signature. */
  public void signature(String expected) throws H5FormatException {
    long at = fileAddress();
    require(expected.length());
    for (int i = 0; i < expected.length(); i++) {
      if (data[pos + i] != (byte) expected.charAt(i)) {
        throw new H5FormatException(structure, at, "signature is not \"" + expected + "\"");
      }
    }
    pos += expected.length();
  }

  /** A NUL-terminated string; the NUL is consumed. */
  public String cString() throws H5FormatException {
    int i = pos;
    while (i < end && data[i] != 0) {
      i++;
    }
    if (i >= end) {
      throw error("string has no NUL terminator within the structure");
    }
    String s = new String(data, pos, i - pos, StandardCharsets.UTF_8);
    pos = i + 1;
    return s;
  }

  /** A NUL-terminated string padded with NULs to a multiple of {@code align} bytes. */
  public String paddedCString(int align) throws H5FormatException {
    int from = pos;
    String s = cString();
    int used = pos - from;
    int padded = (used + align - 1) / align * align;
    skip(padded - used);
    return s;
  }

  /**
   * Verifies a lookup3 checksum stored at the current position over the bytes of this
   * reader's window from {@code fromRelative} up to here, and consumes it.
   */
  public void checksum(int fromRelative) throws H5FormatException {
    int computed = Lookup3.checksum(data, start + fromRelative, pos - start - fromRelative);
    long at = fileAddress();
    int stored = i32();
    if (stored != computed) {
      throw new H5FormatException(structure, at, String.format(
          "checksum mismatch: stored %08x, computed %08x", stored, computed));
    }
  }
}
