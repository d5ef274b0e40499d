package io.h5j.format.message;

import io.h5j.format.io.ByteWriter;

/** A message kept as its stored bytes: unknown types, and known ones nobody needed decoded. */
public record RawMessage(int type, byte[] body) implements HeaderMessage {
  @Override
  public void encode(ByteWriter w) {
    w.bytes(body);
  }
}
