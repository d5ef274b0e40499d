package io.h5j.format.copy;

/** Told after every object the copy writes. */
@FunctionalInterface
public interface CopyProgress {
  /**
   * @param objects objects copied so far
   * @param bytes bytes copied so far (raw data and heap collections moved as they are)
   * @param inputBytes the input file's size, an upper bound for {@code bytes}
   */
  void update(long objects, long bytes, long inputBytes);
}
