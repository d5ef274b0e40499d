package io.h5j.repack;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * Counts virtual dataset mapping blocks and how many repeat an earlier one byte for byte
 * (versioned files copy an unchanged dataset's block into every version). Keeps a key per
 * distinct block, not the blocks: its length, its own lookup3 checksum (the last four bytes)
 * and a CRC-32C, so that two different blocks count as one only if both 32-bit checksums
 * collide at the same length. A report, not a basis for sharing storage.
 */
final class BlockCensus {
  /**
   * What identifies a block's bytes, short of the bytes. Its equals and hashCode are written
   * out: a record's own are linked through method handles at first use, which spins a dozen
   * classes at run time, and are slower in C1-compiled code.
   */
  record Key(int length, int lookup3, int crc) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.length == length && k.lookup3 == lookup3 && k.crc == crc;
    }

    @Override
    public int hashCode() {
      return (31 * length + lookup3) * 31 + crc;
    }
  }

  private final Set<Key> seen = new HashSet<>();
  private final CRC32C crc = new CRC32C();
  private long blocks;
  private long repeated;
  private long repeatedBytes;

  /** The key of a block. */
  Key key(byte[] block) {
    return key(ByteBuffer.wrap(block));
  }

  /** The key of the block between {@code block}'s position and limit (left unmoved). */
  Key key(ByteBuffer block) {
    crc.reset();
    crc.update(block.duplicate());
    int n = block.remaining();
    int lookup3 = n < 4 ? 0 : block.duplicate().order(ByteOrder.LITTLE_ENDIAN)
        .getInt(block.limit() - 4);
    return new Key(n, lookup3, (int) crc.getValue());
  }

  /** Records one block; true if an identical block was recorded before. */
  boolean add(byte[] block) {
    return add(key(block));
  }

  /** Records one block by its key. */
  boolean add(Key key) {
    blocks++;
    int n = key.length();
    boolean again = !seen.add(key);
    if (again) {
      repeated++;
      repeatedBytes += n;
    }
    return again;
  }

  long blocks() {
    return blocks;
  }

  long repeated() {
    return repeated;
  }

  long repeatedBytes() {
    return repeatedBytes;
  }
}
