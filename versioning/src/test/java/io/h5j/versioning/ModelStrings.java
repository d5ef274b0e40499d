package io.h5j.versioning;

import java.util.Arrays;

/** The test's own idea of a 1-D dataset of variable-length strings; new elements read "". */
final class ModelStrings {
  String[] values;

  ModelStrings(String... values) {
    this.values = values.clone();
  }

  ModelStrings copy() {
    return new ModelStrings(values);
  }

  void write(int start, String... v) {
    System.arraycopy(v, 0, values, start, v.length);
  }

  void resize(int n) {
    int old = values.length;
    values = Arrays.copyOf(values, n);
    if (n > old) {
      Arrays.fill(values, old, n, "");
    }
  }
}
