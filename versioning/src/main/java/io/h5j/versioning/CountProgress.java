package io.h5j.versioning;

/**
 * Progress of a long operation counted in items of one kind: the versions
 * {@link VersionedFile#log(CountProgress)} has compared, the datasets
 * {@link PlainFiles#commitFrom(VersionedFile, java.nio.file.Path, String, String, CountProgress)}
 * has staged.
 */
@FunctionalInterface
public interface CountProgress {
  /** Reports nothing. */
  CountProgress NONE = (done, total) -> { };

  /**
   * Called after each item, on the thread that runs the operation.
   *
   * @param done items done so far
   * @param total items in all
   */
  void update(long done, long total);
}
