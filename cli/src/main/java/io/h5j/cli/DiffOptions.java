package io.h5j.cli;

/**
 * What {@code h5j diff} of two files prints, as h5diff's options choose it.
 *
 * @param quiet {@code -q}: nothing; the exit code alone tells
 * @param report {@code -r}: every difference, with its position and values
 * @param verbose {@code -v}: the list of objects, then as {@code report}, groups included
 * @param listNotComparable {@code -c}: say which objects are not comparable, and why
 * @param tolerance when numbers differ ({@code -d}, {@code -p}, {@code --use-system-epsilon})
 */
record DiffOptions(boolean quiet, boolean report, boolean verbose, boolean listNotComparable,
    DiffTolerance tolerance) {
  /** Whether each difference is printed. */
  boolean lines() {
    return !quiet && (report || verbose);
  }
}
