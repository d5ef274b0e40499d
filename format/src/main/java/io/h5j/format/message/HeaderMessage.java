package io.h5j.format.message;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;

/**
 * A decoded object header message. Each implementation is a record with a static
 * {@code decode(ByteReader)} beside its {@link #encode}, as libhdf5 keeps decode, encode and
 * size of one message type together. Messages h5j does not understand stay {@link RawMessage}.
 */
public interface HeaderMessage {
  /** The message type number from the spec (0x0001 dataspace, 0x0003 datatype, ...). */
  int type();

  /** Writes the message body (without the object header's message prefix). */
  void encode(ByteWriter w);

  /** The encoded body, derived from {@link #encode} so the two can never disagree. */
  default byte[] toBytes(FileParams params) {
    ByteWriter w = new ByteWriter(params);
    encode(w);
    return w.toByteArray();
  }
}
