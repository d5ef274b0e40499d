package io.h5j.repack;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.Set;

/**
 * Counts virtual dataset mapping blocks and how many repeat an earlier one byte for byte
 * (versioned files copy an unchanged dataset's block into every version). Keeps a SHA-256
 * digest per distinct block, not the blocks.
 */
final class BlockCensus {
  private final Set<ByteBuffer> seen = new HashSet<>();
  private final MessageDigest sha;
  private long blocks;
  private long repeated;
  private long repeatedBytes;

  BlockCensus() {
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK lacks SHA-256", e);
    }
  }

  /** Records one block; true if an identical block was recorded before. */
  boolean add(byte[] block) {
    blocks++;
    boolean again = !seen.add(ByteBuffer.wrap(sha.digest(block)));
    if (again) {
      repeated++;
      repeatedBytes += block.length;
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
