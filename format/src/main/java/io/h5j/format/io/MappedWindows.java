package io.h5j.format.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.util.HashMap;
import java.util.Map;

/**
 * Read-only memory mappings of a file, made on demand in overlapping windows: window {@code k}
 * starts at {@code k * STEP} and spans up to {@code 2 * STEP} bytes, so any range of at most
 * {@code STEP} bytes lies inside one window. A window never reaches past the file's size when
 * it is mapped (touching a mapped page beyond the end of a file faults); a window too short for
 * a range because the file grew since is mapped again. Mappings are released when collected.
 */
final class MappedWindows {
  /** Distance between window starts; also the longest range served. */
  static final long STEP = 512L << 20;

  private final FileChannel channel;
  private final Map<Long, MappedByteBuffer> windows = new HashMap<>();
  /** Set when mapping failed once (address space, mapping count): reads go through read(2). */
  private boolean failed;

  MappedWindows(FileChannel channel) {
    this.channel = channel;
  }

  /**
   * A view of {@code length} bytes at absolute position {@code position}, which the caller has
   * checked lies inside a file of {@code fileSize} bytes; null if the mapping failed.
   */
  synchronized ByteBuffer view(long position, int length, long fileSize) {
    if (failed || length > STEP) {
      return null;
    }
    long k = position / STEP;
    long start = k * STEP;
    MappedByteBuffer w = windows.get(k);
    if (w == null || start + w.capacity() < position + length) {
      try {
        w = channel.map(FileChannel.MapMode.READ_ONLY, start,
            Math.min(2 * STEP, fileSize - start));
      } catch (IOException | UnsupportedOperationException e) {
        failed = true;
        windows.clear();
        return null;
      }
      windows.put(k, w);
    }
    return w.slice((int) (position - start), length);
  }
}
