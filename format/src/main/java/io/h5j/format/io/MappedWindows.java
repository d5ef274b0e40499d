package io.h5j.format.io;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Read-only memory mappings of a file, made on demand in overlapping windows: window {@code k}
 * starts at {@code k * STEP} and spans up to {@code 2 * STEP} bytes, so any range of at most
 * {@code STEP} bytes lies inside one window. A window never reaches past the file's size when
 * it is mapped (touching a mapped page beyond the end of a file faults); a window too short for
 * a range because the file grew since is mapped again.
 *
 * <p>{@link #release()} unmaps every window at once where the JDK lets it: Java 17 has no
 * public call that unmaps a {@link MappedByteBuffer} (closing the channel does not; the
 * mapping goes when the buffer is collected), so this uses {@code sun.misc.Unsafe
 * .invokeCleaner} of module {@code jdk.unsupported}, and leaves the windows to the garbage
 * collector where that module is not there to read. The caller guarantees that no view is in
 * use then: touching an unmapped page would crash the JVM.
 */
final class MappedWindows {
  /** Distance between window starts; also the longest range served. */
  static final long STEP = 512L << 20;

  private final FileChannel channel;
  private final Map<Long, MappedByteBuffer> windows = new HashMap<>();
  /** Windows replaced by longer ones: a reader may still copy from them until release. */
  private final List<MappedByteBuffer> retired = new ArrayList<>();
  /** Set when mapping failed once (address space, mapping count): reads go through read(2). */
  private boolean failed;
  private boolean released;

  MappedWindows(FileChannel channel) {
    this.channel = channel;
  }

  /**
   * A view of {@code length} bytes at absolute position {@code position}, which the caller has
   * checked lies inside a file of {@code fileSize} bytes; null if the mapping failed or the
   * windows were released.
   */
  synchronized ByteBuffer view(long position, int length, long fileSize) {
    if (failed || released || length > STEP) {
      return null;
    }
    long k = position / STEP;
    long start = k * STEP;
    MappedByteBuffer w = windows.get(k);
    if (w == null || start + w.capacity() < position + length) {
      MappedByteBuffer longer;
      try {
        longer = channel.map(FileChannel.MapMode.READ_ONLY, start,
            Math.min(2 * STEP, fileSize - start));
      } catch (IOException | UnsupportedOperationException e) {
        failed = true;
        return null;
      }
      if (w != null) {
        retired.add(w);
      }
      w = longer;
      windows.put(k, w);
    }
    return w.slice((int) (position - start), length);
  }

  /**
   * Unmaps every window (see the class comment); later views are null. Returns whether the
   * mappings are gone now (false: left to the garbage collector).
   */
  synchronized boolean release() {
    released = true;
    List<MappedByteBuffer> all = new ArrayList<>(windows.values());
    all.addAll(retired);
    windows.clear();
    retired.clear();
    if (all.isEmpty()) {
      return true;
    }
    if (Unmapper.UNSAFE == null) {
      return false;
    }
    for (MappedByteBuffer b : all) {
      try {
        Unmapper.INVOKE_CLEANER.invoke(Unmapper.UNSAFE, b);
      } catch (ReflectiveOperationException | RuntimeException e) {
        return false; // not unmapped: the collector will
      }
    }
    return true;
  }

  /** Whether {@link #release()} unmaps at once on this JVM. */
  static boolean unmapsAtRelease() {
    return Unmapper.UNSAFE != null;
  }

  /**
   * {@code sun.misc.Unsafe.invokeCleaner(ByteBuffer)} and the instance it is called on (both
   * null if unreachable), looked up when first needed, by core reflection rather than a
   * method handle: a short run that maps nothing then pays for neither, and one that does
   * spins no method handle classes for a call made once per window.
   */
  private static final class Unmapper {
    static final Object UNSAFE;
    static final Method INVOKE_CLEANER;

    static {
      Object unsafe = null;
      Method invokeCleaner = null;
      try {
        Class<?> c = Class.forName("sun.misc.Unsafe");
        Field f = c.getDeclaredField("theUnsafe");
        f.setAccessible(true); // jdk.unsupported opens sun.misc for this
        invokeCleaner = c.getMethod("invokeCleaner", ByteBuffer.class);
        unsafe = f.get(null);
      } catch (ReflectiveOperationException | RuntimeException e) {
        invokeCleaner = null; // module jdk.unsupported absent or not readable: the collector
      }
      UNSAFE = invokeCleaner == null ? null : unsafe;
      INVOKE_CLEANER = invokeCleaner;
    }
  }
}
