package io.h5j.format.dataset;

import io.h5j.format.filter.Helpers;
import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The array for a file's next read, made ahead by a helper thread. Reading one chunk into a
 * new Java array costs more in allocating the array than in reading: the JVM zeroes it in heap
 * memory no cache holds (a heap recycles its memory only after a collection), which on a busy
 * memory bus takes longer than copying the chunk from the page cache. Reads of one chunk
 * after another mostly ask for arrays of one type and length, so after each such read a
 * helper allocates the next one while the caller works on the last (an unfiltered read asks
 * for it before its own copy, which then overlaps the zeroing); a read that asks for
 * something else allocates its own, and the spare is dropped.
 */
final class SpareArray {
  /** Arrays up to this size are made ahead; a larger one is not worth holding unused. */
  static final int MAX_BYTES = 4 << 20;

  private record Made(Class<?> component, int length,
      Helpers.Forked<Object, RuntimeException> array) {}

  private final AtomicReference<Made> next = new AtomicReference<>();

  /**
   * A zeroed array of {@code length} elements of {@code component}: the spare if it is one,
   * else one forked to {@code helpers} now (join it for the array).
   */
  Helpers.Forked<Object, RuntimeException> take(Class<?> component, int length,
      Helpers helpers) {
    Made m = next.getAndSet(null);
    if (m != null && m.component() == component && m.length() == length) {
      return m.array();
    }
    return helpers.fork(() -> Array.newInstance(component, length));
  }

  /** Starts making the array for a next read like the one just done, if helpers are free. */
  void prepare(Class<?> component, int length, Helpers helpers) {
    if (helpers.available()) {
      next.set(new Made(component, length,
          helpers.fork(() -> Array.newInstance(component, length))));
    }
  }
}
