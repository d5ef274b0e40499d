package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;

/**
 * The fill value message (type 5, versions 1-3) and the old one (type 4), folded into one
 * value. {@code value} is null when no fill value is defined (readers then use zeros).
 *
 * @param allocationTime 1 early, 2 late, 3 incremental
 * @param writeTime 0 on allocation, 1 never, 2 if set by the user
 */
public record FillValueMessage(int allocationTime, int writeTime, boolean defined, byte[] value)
    implements HeaderMessage {
  public static final int ALLOC_EARLY = 1;
  public static final int ALLOC_LATE = 2;
  public static final int ALLOC_INCREMENTAL = 3;
  public static final int WRITE_IF_SET = 2;

  /**
   * A new dataset's fill value message. Without a value it records libhdf5's default fill
   * (zeros) as libhdf5 does: "defined" with size 0. Recording it as undefined would make
   * libhdf5 leave unwritten elements unfilled on read and fail H5Pget_fill_value (h5py's
   * {@code Dataset.fillvalue}).
   */
  public static FillValueMessage of(byte[] value, int allocationTime) {
    return new FillValueMessage(allocationTime, WRITE_IF_SET, true,
        value == null ? new byte[0] : value);
  }

  @Override
  public int type() {
    return MessageType.FILL_VALUE;
  }

  public static FillValueMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version < 1 || version > 3) {
      throw r.versionError(version, 3, "fill value message version " + version + " is not 1..3");
    }
    int alloc;
    int write;
    boolean defined;
    boolean undefinedFlag = false;
    if (version < 3) {
      alloc = r.u8();
      write = r.u8();
      defined = r.u8() != 0;
    } else {
      int flags = r.u8();
      alloc = flags & 3;
      write = (flags >> 2) & 3;
      undefinedFlag = (flags & 0x10) != 0;
      defined = (flags & 0x20) != 0;
      if (undefinedFlag && defined) {
        throw r.error("fill value is flagged both undefined and defined");
      }
    }
    byte[] value = null;
    if (version == 1 || defined) {
      value = sizedValue(r);
      if (version == 1 && !defined) {
        value = null;
      }
    }
    return new FillValueMessage(alloc, write, value != null, value);
  }

  /** The old (type 4) message: just a size and the value. */
  public static FillValueMessage decodeOld(ByteReader r) throws H5FormatException {
    byte[] value = sizedValue(r);
    return new FillValueMessage(ALLOC_LATE, WRITE_IF_SET, value != null, value);
  }

  /**
   * A 4-byte size and that many bytes of value, or null for none: size 0, or all ones, which
   * libhdf5 writes for an undefined fill value (its size -1) in the old message and in
   * version 1.
   */
  private static byte[] sizedValue(ByteReader r) throws H5FormatException {
    long size = r.u32();
    if (size == 0 || size == 0xFFFF_FFFFL) {
      return null;
    }
    return r.bytes((int) Math.min(size, Integer.MAX_VALUE)); // bounded by what is left
  }

  /**
   * Whether the message {@code r} holds (the old type 4 message when {@code old}) leaves the
   * fill value undefined in libhdf5's sense (H5D_FILL_VALUE_UNDEFINED), rather than the
   * default zeros: version 1-2 with its "defined" byte 0, version 3 with its "undefined" flag
   * (0x10), an old message of size 0 or all ones. {@link #defined()} cannot tell this from
   * the default, a defined value of size 0.
   */
  public static boolean isUndefined(ByteReader r, boolean old) throws H5FormatException {
    if (old) {
      long size = r.u32();
      return size == 0 || size == 0xFFFF_FFFFL;
    }
    int version = r.u8();
    if (version < 1 || version > 3) {
      throw r.versionError(version, 3, "fill value message version " + version + " is not 1..3");
    }
    if (version == 3) {
      return (r.u8() & 0x10) != 0;
    }
    r.u8();
    r.u8();
    return r.u8() == 0;
  }

  /** Where a fill value lies in an encoded message body: {@code length} bytes from {@code offset}. */
  public record ValueSpan(int offset, int length) {}

  /**
   * Where the value lies in the message {@code r} holds (the old type 4 message when
   * {@code old}), or null when it holds none: a copier rewrites heap IDs and addresses in the
   * value in place and keeps the message's version, flags and size.
   */
  public static ValueSpan valueSpan(ByteReader r, boolean old) throws H5FormatException {
    int start = r.position();
    FillValueMessage m = old ? decodeOld(r) : decode(r);
    if (m.value() == null) {
      return null;
    }
    return new ValueSpan(r.position() - start - m.value().length, m.value().length);
  }

  /** The old (type 4) message: the value's size (0 for none) and the value. */
  public void encodeOld(ByteWriter w) {
    if (defined) {
      w.u32(value.length).bytes(value);
    } else {
      w.u32(0);
    }
  }

  /** Version 2, which libhdf5 1.8+ writes and every 1.8+ reader accepts. */
  @Override
  public void encode(ByteWriter w) {
    w.u8(2).u8(allocationTime).u8(writeTime).u8(defined ? 1 : 0);
    if (defined) {
      w.u32(value.length).bytes(value);
    }
  }
}
