package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;

/**
 * The object reference count message (type 0x16, version 0): how many hard links (and
 * committed-datatype users) an object of a version 2 header has. Without it the count is 1.
 */
public record ReferenceCountMessage(long count) implements HeaderMessage {
  public ReferenceCountMessage {
    if (count < 0 || count > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("a reference count is an unsigned 32-bit number, not "
          + count);
    }
  }

  @Override
  public int type() {
    return MessageType.REFERENCE_COUNT;
  }

  public static ReferenceCountMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "reference count message version " + version
          + " is not 0");
    }
    return new ReferenceCountMessage(r.u32());
  }

  @Override
  public void encode(ByteWriter w) {
    w.u8(0).u32(count);
  }
}
