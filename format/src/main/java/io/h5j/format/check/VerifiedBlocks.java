package io.h5j.format.check;

import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Mapping blocks verified lately, so that a block equal to one of them byte for byte is
 * known to verify without a second checksum and scan: a block's decoding depends on its bytes
 * and the file's sizes alone. Versioned files repeat an unchanged dataset's block in every
 * version (7,200 of the 9,595 blocks of the seed file), a few dozen datasets apart, and
 * comparing bytes costs a fraction of the lookup3 checksum and the scan of every entry.
 * Bounded in bytes, least recently used first out; kept blocks are never written again, so
 * they are compared outside the lock.
 */
final class VerifiedBlocks {
  /** Bytes of blocks kept, at most: some versions' worth of a versioned file's blocks. */
  static final long MAX_BYTES = 16L << 20;

  /** A block's length and its stored checksum (its last four bytes). */
  private record Key(int length, int checksum) {}

  private final Map<Key, byte[]> blocks = new LinkedHashMap<>(64, 0.75f, true);
  private long bytes;

  /** Whether a block equal to {@code block} was {@linkplain #add added} and is still kept. */
  boolean contains(byte[] block) {
    Key k = key(block);
    byte[] kept;
    synchronized (this) {
      kept = k == null ? null : blocks.get(k);
    }
    return kept != null && Arrays.equals(kept, block);
  }

  /**
   * Keeps {@code block}, which verified; the caller must not change it any more. Returns
   * false when it is not kept (too short, or longer than the bound).
   */
  synchronized boolean add(byte[] block) {
    Key k = key(block);
    if (k == null || block.length > MAX_BYTES) {
      return false;
    }
    byte[] old = blocks.put(k, block);
    bytes += block.length - (old == null ? 0 : old.length);
    Iterator<byte[]> eldest = blocks.values().iterator();
    while (bytes > MAX_BYTES) {
      bytes -= eldest.next().length;
      eldest.remove();
    }
    return true;
  }

  /** Bytes of blocks kept now. */
  synchronized long bytes() {
    return bytes;
  }

  private static Key key(byte[] block) {
    int n = block.length;
    if (n < 4) {
      return null;
    }
    int checksum = (block[n - 4] & 0xff) | (block[n - 3] & 0xff) << 8
        | (block[n - 2] & 0xff) << 16 | (block[n - 1] & 0xff) << 24;
    return new Key(n, checksum);
  }
}
