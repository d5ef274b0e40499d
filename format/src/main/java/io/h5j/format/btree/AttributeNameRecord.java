package io.h5j.format.btree;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import java.io.IOException;

/**
 * Record of a type 8 v2 B-tree, the name index of an object's dense attributes: the 8-byte
 * fractal heap ID of the attribute message, the message flags, the creation order and the
 * lookup3 hash of the name. Sorted by hash, then by name.
 */
public record AttributeNameRecord(byte[] heapId, int flags, long creationOrder, long hash) {
  /** B-tree type of this record. */
  public static final int TYPE = 8;
  /** Encoded size in bytes. */
  public static final int SIZE = 8 + 1 + 4 + 4;

  public AttributeNameRecord {
    if (heapId.length != 8) {
      throw new IllegalArgumentException("attribute heap IDs are 8 bytes, got " + heapId.length);
    }
  }

  public static AttributeNameRecord decode(ByteReader r) throws IOException {
    return new AttributeNameRecord(r.bytes(8), r.u8(), r.u32(), r.u32());
  }

  public void encode(ByteWriter w) {
    w.bytes(heapId).u8(flags).u32(creationOrder).u32(hash);
  }

  /** This record as bytes. */
  public byte[] toBytes() {
    ByteWriter w = new ByteWriter(null, SIZE);
    encode(w);
    return w.toByteArray();
  }
}
