package io.h5j.format.btree;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import java.io.IOException;

/**
 * Record of a type 5 v2 B-tree, the name index of a group's dense links: the lookup3 hash
 * of the link name and the 7-byte fractal heap ID of the link message. Sorted by hash, then
 * by name.
 */
public record LinkNameRecord(long hash, byte[] heapId) {
  /** B-tree type of this record. */
  public static final int TYPE = 5;
  /** Encoded size in bytes. */
  public static final int SIZE = 4 + 7;

  public LinkNameRecord {
    if (heapId.length != 7) {
      throw new IllegalArgumentException("link heap IDs are 7 bytes, got " + heapId.length);
    }
  }

  public static LinkNameRecord decode(ByteReader r) throws IOException {
    return new LinkNameRecord(r.u32(), r.bytes(7));
  }

  public void encode(ByteWriter w) {
    w.u32(hash).bytes(heapId);
  }

  /** This record as bytes. */
  public byte[] toBytes() {
    ByteWriter w = new ByteWriter(null, SIZE);
    encode(w);
    return w.toByteArray();
  }
}
