package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;

/** The object modification time message (type 0x12): seconds since the epoch. */
public record ModificationTimeMessage(long epochSeconds) implements HeaderMessage {
  @Override
  public int type() {
    return MessageType.MODIFICATION_TIME;
  }

  public static ModificationTimeMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 1) {
      throw r.versionError(version, 1, "modification time message version " + version + " is not 1");
    }
    r.skip(3);
    return new ModificationTimeMessage(r.u32());
  }

  @Override
  public void encode(ByteWriter w) {
    w.u8(1).zeros(3).u32(epochSeconds);
  }
}
