package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;

/** Points to the next chunk of an object header. */
public record ContinuationMessage(long address, long length) implements HeaderMessage {
  @Override
  public int type() {
    return MessageType.CONTINUATION;
  }

  public static ContinuationMessage decode(ByteReader r) throws H5FormatException {
    return new ContinuationMessage(r.offset(), r.length());
  }

  @Override
  public void encode(ByteWriter w) {
    w.offset(address).length(length);
  }
}
