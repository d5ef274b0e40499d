package io.h5j.format.check;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Arrays for mapping blocks, used again once a block is verified. The versions of one dataset
 * in a versioned file have blocks of one length, so most reads find an array to reuse: a
 * check of the seed file otherwise allocates a third of its garbage (some 260 MB) here, and
 * every young collection copies the blocks still in flight. Only arrays handed out here come
 * back (others may be cached elsewhere); idle ones are kept up to {@link #MAX_IDLE_BYTES}.
 * Taken on the walking thread, given back on the verifying ones.
 */
final class BlockArrays {
  /** Bytes of idle arrays kept, at most. */
  static final long MAX_IDLE_BYTES = 8L << 20;

  private final Map<Integer, ArrayDeque<byte[]>> idle = new HashMap<>();
  private final Set<byte[]> lent = Collections.newSetFromMap(new IdentityHashMap<>());
  private long idleBytes;

  /** An array of exactly {@code length} bytes, contents undefined. */
  synchronized byte[] take(int length) {
    ArrayDeque<byte[]> q = idle.get(length);
    byte[] a = q == null ? null : q.poll();
    if (a == null) {
      a = new byte[length];
    } else {
      idleBytes -= length;
    }
    lent.add(a);
    return a;
  }

  /** Takes {@code a} back if it was handed out here and is not wanted any more; else nothing. */
  synchronized void giveBack(byte[] a) {
    if (!lent.remove(a) || idleBytes + a.length > MAX_IDLE_BYTES) {
      return;
    }
    idle.computeIfAbsent(a.length, n -> new ArrayDeque<>()).push(a);
    idleBytes += a.length;
  }

  /** Lets {@code a}, handed out here, go: its taker keeps it, and it never comes back. */
  synchronized void keep(byte[] a) {
    lent.remove(a);
  }

  /** Bytes of idle arrays kept now. */
  synchronized long idleBytes() {
    return idleBytes;
  }
}
