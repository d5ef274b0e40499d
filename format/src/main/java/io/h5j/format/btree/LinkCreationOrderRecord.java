package io.h5j.format.btree;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import java.io.IOException;

/**
 * Record of a type 6 v2 B-tree, the creation-order index of a group's dense links: the
 * link's creation order and the 7-byte fractal heap ID of the link message. Sorted by
 * creation order.
 */
public record LinkCreationOrderRecord(long creationOrder, byte[] heapId) {
  /** B-tree type of this record. */
  public static final int TYPE = 6;
  /** Encoded size in bytes. */
  public static final int SIZE = 8 + 7;

  public LinkCreationOrderRecord {
    if (heapId.length != 7) {
      throw new IllegalArgumentException("link heap IDs are 7 bytes, got " + heapId.length);
    }
  }

  public static LinkCreationOrderRecord decode(ByteReader r) throws IOException {
    return new LinkCreationOrderRecord(r.u64(), r.bytes(7));
  }

  public void encode(ByteWriter w) {
    w.u64(creationOrder).bytes(heapId);
  }

  /** This record as bytes. */
  public byte[] toBytes() {
    ByteWriter w = new ByteWriter(null, SIZE);
    encode(w);
    return w.toByteArray();
  }
}
