package io.h5j.format.filter;

/**
 * Byte arrays each thread reuses for chunk-sized temporaries (a filter's output that the next
 * filter consumes, a chunk copied out as soon as it is decoded): a fresh 1 MiB array per chunk
 * is a "humongous" object to the G1 collector, and allocating thousands of them costs more
 * than decoding. Arrays above {@link #MAX_BYTES} are not kept.
 */
public final class ScratchArrays {
  /** The largest array a thread keeps. */
  public static final int MAX_BYTES = 4 << 20;

  /**
   * Slots in use: the decoded chunk (for callers), the pipeline's two stages, and a block
   * small enough to stay in a core's L1 cache on its way into a direct buffer.
   */
  public static final int CHUNK = 0;
  static final int STAGE_A = 1;
  static final int STAGE_B = 2;
  static final int BLOCK = 3;
  /** Three block-sized temporaries inside one filter (Blosc's shuffles and codec output). */
  static final int FILTER_A = 4;
  static final int FILTER_B = 5;
  static final int FILTER_C = 6;

  /** The size of the {@link #BLOCK} slot's array. */
  static final int BLOCK_BYTES = 4 << 10;

  private static final ThreadLocal<byte[][]> ARRAYS = ThreadLocal.withInitial(() -> new byte[7][]);

  private ScratchArrays() {}

  /**
   * This thread's array in {@code slot}, exactly {@code bytes} long (its contents are whatever
   * it last held), or a new array when {@code bytes} exceeds {@link #MAX_BYTES}. Chunks of one
   * dataset all have one size, so the array is reused chunk after chunk.
   */
  public static byte[] get(int slot, int bytes) {
    if (bytes > MAX_BYTES) {
      return new byte[bytes];
    }
    byte[][] mine = ARRAYS.get();
    if (mine[slot] == null || mine[slot].length != bytes) {
      mine[slot] = new byte[bytes];
    }
    return mine[slot];
  }
}
