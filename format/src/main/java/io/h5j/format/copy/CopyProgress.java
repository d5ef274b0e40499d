package io.h5j.format.copy;

/**
 * Told as a copy goes: after every object, and as the bytes of raw data, chunks re-encoded
 * and mapping blocks are dealt with; the counts never go back, and the last report counts
 * the whole input.
 */
@FunctionalInterface
public interface CopyProgress {
  /**
   * @param objects objects copied so far
   * @param bytes bytes of the input copied so far: moved as they are (raw data, heap
   *     collections) or read and written anew (object headers, mapping blocks)
   * @param inputBytes the input file's size, an upper bound for {@code bytes}
   */
  void update(long objects, long bytes, long inputBytes);
}
