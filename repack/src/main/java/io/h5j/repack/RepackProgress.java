package io.h5j.repack;

/** Told after every object a repack copies; for progress bars. */
@FunctionalInterface
public interface RepackProgress {
  /**
   * @param objects objects copied so far
   * @param bytes raw data bytes copied so far
   * @param inputBytes the input file's size, an upper bound for {@code bytes}
   */
  void update(long objects, long bytes, long inputBytes);

  /** Reports nothing. */
  RepackProgress NONE = (objects, bytes, inputBytes) -> { };
}
