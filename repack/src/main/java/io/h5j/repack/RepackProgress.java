package io.h5j.repack;

/**
 * Told as a repack goes, for progress bars: after every object copied and as the chunks of
 * large datasets (moved as stored, or re-encoded with other filters) are written; the counts
 * never go back, and the copy's last report counts the whole input.
 */
@FunctionalInterface
public interface RepackProgress {
  /**
   * @param objects objects copied so far
   * @param bytes bytes of the input copied so far: moved as they are (raw data, heap
   *     collections) or read and written anew (object headers, mapping blocks)
   * @param inputBytes the input file's size, an upper bound for {@code bytes}
   */
  void update(long objects, long bytes, long inputBytes);

  /**
   * Told after each object the structural check of the output checked (after the copy).
   *
   * @param objects objects checked so far
   * @param totalObjects objects the copy wrote
   */
  default void checking(long objects, long totalObjects) {}

  /**
   * Told as a verify compares the output with the input (after the copy and its check), as
   * {@link RepackVerifier#compare(java.nio.file.Path, java.nio.file.Path, int, RepackProgress)}
   * tells its {@link #update}.
   *
   * @param objects objects compared so far
   * @param bytes bytes of the input compared so far
   * @param totalBytes the input's size
   */
  default void verifying(long objects, long bytes, long totalBytes) {}

  /** Reports nothing. */
  RepackProgress NONE = (objects, bytes, inputBytes) -> { };
}
