package io.h5j.cli;

/** h5dump's indentation: three spaces a level. */
final class DdlIndent {
  static final int WIDTH = 3;

  private DdlIndent() {}

  static StringBuilder append(StringBuilder b, int level) {
    for (int i = 0; i < level * WIDTH; i++) {
      b.append(' ');
    }
    return b;
  }
}
