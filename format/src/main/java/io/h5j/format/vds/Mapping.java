package io.h5j.format.vds;

import io.h5j.format.select.EncodedSelection;

/**
 * One mapping of a virtual dataset: the elements {@code sourceSelection} of dataset
 * {@code sourceDataset} in file {@code sourceFile} appear at {@code virtualSelection} of the
 * virtual dataset.
 *
 * <p>Both names are stored as libhdf5 stores them: as patterns, where {@code %b} stands for the
 * block number of an unlimited printf-style mapping and {@code %%} for a literal {@code %}. Use
 * {@link #escape} to turn a literal path into a pattern and {@link #unescape} for the reverse.
 * A source file of {@value #SAME_FILE} is the virtual dataset's own file.
 */
public record Mapping(String sourceFile, String sourceDataset, EncodedSelection sourceSelection,
    EncodedSelection virtualSelection) {
  /** The source file name meaning "the file holding the virtual dataset". */
  public static final String SAME_FILE = ".";

  public Mapping {
    check(sourceFile, "source file name");
    check(sourceDataset, "source dataset name");
    if (sourceSelection == null || virtualSelection == null) {
      throw new IllegalArgumentException("both selections are needed");
    }
  }

  /**
   * Checks a stored source name.
   *
   * @param what what the name is, for the message ("source file name")
   * @throws IllegalArgumentException when it is null, empty or holds a NUL
   */
  public static void check(String name, String what) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException(what + " must not be empty");
    }
    if (name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(what + " \"" + name + "\" contains a NUL character");
    }
  }

  /** A mapping whose names are literal paths: every {@code %} is escaped as {@code %%}. */
  public static Mapping ofPaths(String sourceFile, String sourceDatasetPath,
      EncodedSelection sourceSelection, EncodedSelection virtualSelection) {
    return new Mapping(escape(sourceFile), escape(sourceDatasetPath), sourceSelection,
        virtualSelection);
  }

  /** Whether the source is the virtual dataset's own file. */
  public boolean sameFile() {
    return SAME_FILE.equals(sourceFile);
  }

  /** A literal name as a stored pattern: {@code %} becomes {@code %%}. */
  public static String escape(String literal) {
    return literal.indexOf('%') < 0 ? literal : literal.replace("%", "%%");
  }

  /**
   * A stored pattern without printf substitutions as its literal name: {@code %%} becomes
   * {@code %}. A {@code %b} (or any other {@code %} not doubled) is left as it is.
   */
  public static String unescape(String pattern) {
    if (pattern.indexOf('%') < 0) {
      return pattern;
    }
    StringBuilder sb = new StringBuilder(pattern.length());
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      sb.append(c);
      if (c == '%' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '%') {
        i++;
      }
    }
    return sb.toString();
  }

  /**
   * A stored name with every {@code %b} replaced by {@code block} (in decimal) and every
   * {@code %%} by {@code %}, as libhdf5 builds the source names of a printf-style mapping.
   *
   * @throws IllegalArgumentException for a {@code %} followed by anything else
   */
  public static String expand(String pattern, long block) {
    if (pattern.indexOf('%') < 0) {
      return pattern;
    }
    StringBuilder sb = new StringBuilder(pattern.length() + 8);
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c != '%') {
        sb.append(c);
      } else if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '%') {
        sb.append('%');
        i++;
      } else if (i + 1 < pattern.length() && pattern.charAt(i + 1) == 'b') {
        sb.append(block);
        i++;
      } else {
        throw new IllegalArgumentException("name \"" + pattern + "\" has a % that is neither"
            + " %b nor %%");
      }
    }
    return sb.toString();
  }

  /** Whether a stored name holds a {@code %b} block-number substitution. */
  public static boolean hasBlockPattern(String pattern) {
    for (int i = 0; i + 1 < pattern.length(); i++) {
      if (pattern.charAt(i) == '%') {
        if (pattern.charAt(i + 1) == 'b') {
          return true;
        }
        i++;
      }
    }
    return false;
  }
}
