package io.h5j.format.btree;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import java.io.IOException;

/**
 * Record of a type 9 v2 B-tree, the creation-order index of an object's dense attributes:
 * the 8-byte fractal heap ID of the attribute message, the message flags and the creation
 * order. Sorted by creation order.
 */
public record AttributeCreationOrderRecord(byte[] heapId, int flags, long creationOrder) {
  /** B-tree type of this record. */
  public static final int TYPE = 9;
  /** Encoded size in bytes. */
  public static final int SIZE = 8 + 1 + 4;

  public AttributeCreationOrderRecord {
    if (heapId.length != 8) {
      throw new IllegalArgumentException("attribute heap IDs are 8 bytes, got " + heapId.length);
    }
  }

  public static AttributeCreationOrderRecord decode(ByteReader r) throws IOException {
    return new AttributeCreationOrderRecord(r.bytes(8), r.u8(), r.u32());
  }

  public void encode(ByteWriter w) {
    w.bytes(heapId).u8(flags).u32(creationOrder);
  }

  /** This record as bytes. */
  public byte[] toBytes() {
    ByteWriter w = new ByteWriter(null, SIZE);
    encode(w);
    return w.toByteArray();
  }
}
