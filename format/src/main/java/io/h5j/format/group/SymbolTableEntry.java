package io.h5j.format.group;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;

/**
 * One entry of a symbol table node: a name (as a local heap offset) and an object header
 * address; cache type 2 marks a soft link whose value sits in the local heap too.
 */
public record SymbolTableEntry(long nameOffset, long headerAddress, int cacheType,
    byte[] scratch) {
  public static final int CACHE_NONE = 0;
  public static final int CACHE_GROUP = 1;
  public static final int CACHE_SOFT_LINK = 2;

  /** The name offset has the size of lengths (as libhdf5 writes it), the address of offsets. */
  public static int size(io.h5j.format.io.FileParams p) {
    return p.lengthSize() + p.offsetSize() + 24;
  }

  public static SymbolTableEntry decode(ByteReader r) throws H5FormatException {
    long name = r.length();
    long header = r.offset();
    int cache = (int) r.u32();
    r.skip(4);
    byte[] scratch = r.bytes(16);
    if (cache > 2) {
      throw r.error("symbol table entry cache type " + cache + " is not 0..2");
    }
    return new SymbolTableEntry(name, header, cache, scratch);
  }

  /** For cache type 2: the soft link value's offset in the local heap. */
  public long softLinkOffset() {
    return (scratch[0] & 0xffL) | (scratch[1] & 0xffL) << 8 | (scratch[2] & 0xffL) << 16
        | (scratch[3] & 0xffL) << 24;
  }

  public void encode(ByteWriter w) {
    w.length(nameOffset).offset(headerAddress).u32(cacheType).u32(0).bytes(scratch);
  }
}
