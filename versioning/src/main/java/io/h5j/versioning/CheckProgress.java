package io.h5j.versioning;

/**
 * Progress of {@link VersionedFile#check(CheckProgress)} as it hashes raw chunks: chunks and
 * bytes hashed so far, and the bytes of every chunk the committed versions map (known once
 * every version's mappings are read; rows no version maps come on top).
 */
@FunctionalInterface
public interface CheckProgress {
  /** Reports nothing. */
  CheckProgress NONE = (chunks, bytes, total) -> { };

  /**
   * Called after each chunk hashed, on the thread that runs the check.
   *
   * @param chunks raw chunks hashed so far
   * @param bytes bytes hashed so far
   * @param totalBytes bytes of every chunk the committed versions map; 0 until known
   */
  void update(long chunks, long bytes, long totalBytes);
}
