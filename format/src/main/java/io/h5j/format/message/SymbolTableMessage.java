package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;

/** The symbol table message of an old-style group: its v1 B-tree and local heap. */
public record SymbolTableMessage(long btreeAddress, long localHeapAddress)
    implements HeaderMessage {
  @Override
  public int type() {
    return MessageType.SYMBOL_TABLE;
  }

  public static SymbolTableMessage decode(ByteReader r) throws H5FormatException {
    return new SymbolTableMessage(r.offset(), r.offset());
  }

  @Override
  public void encode(ByteWriter w) {
    w.offset(btreeAddress).offset(localHeapAddress);
  }
}
