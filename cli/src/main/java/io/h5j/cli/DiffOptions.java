package io.h5j.cli;

import java.util.List;

/**
 * What {@code h5j diff} of two files compares and prints, as h5diff's options choose it.
 *
 * @param quiet {@code -q}: nothing; the exit code alone tells
 * @param report {@code -r}: every difference, with its position and values
 * @param verbose {@code -v}: the list of objects, then as {@code report}, groups included
 * @param listNotComparable {@code -c}: say which objects are not comparable, and why
 * @param tolerance when numbers differ ({@code -d}, {@code -p}, {@code --use-system-epsilon})
 * @param count {@code -n}: the differences counted (and printed) per dataset or attribute at
 *     most, 0 for all
 * @param excluded {@code --exclude-path}: paths, relative to the groups compared, left out of
 *     a walk with everything below them
 * @param followLinks {@code --follow-symlinks}: soft and external links compared as the
 *     objects they reach, else as links
 * @param noDanglingLinks {@code --no-dangling-links}: a link that reaches nothing is an error
 */
record DiffOptions(boolean quiet, boolean report, boolean verbose, boolean listNotComparable,
    DiffTolerance tolerance, long count, List<String> excluded, boolean followLinks,
    boolean noDanglingLinks) {
  /** Options of the default walk: every difference counted, nothing excluded, links as links. */
  DiffOptions(boolean quiet, boolean report, boolean verbose, boolean listNotComparable,
      DiffTolerance tolerance) {
    this(quiet, report, verbose, listNotComparable, tolerance, 0, List.of(), false, false);
  }

  /** Whether each difference is printed. */
  boolean lines() {
    return !quiet && (report || verbose);
  }

  /** The most differences counted in one dataset or attribute. */
  long limit() {
    return count > 0 ? count : Long.MAX_VALUE;
  }

  /**
   * Whether a walk leaves out {@code path} (relative to the group compared): as h5diff, an
   * excluded path itself and, it being a group, its members, but not "/gx" for "/g".
   */
  boolean excludes(String path) {
    for (String e : excluded) {
      if (path.equals(e) || path.startsWith(e) && path.length() > e.length()
          && path.charAt(e.length()) == '/' && !e.endsWith("/")) {
        return true;
      }
    }
    return false;
  }
}
