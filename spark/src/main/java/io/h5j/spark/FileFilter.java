package io.h5j.spark;

import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.In;

/**
 * The filters on the column {@code file} of a directory's or a glob's table that skip whole
 * files at planning: {@code file = 'x'} and {@code file IN (...)}.
 */
final class FileFilter {
  private FileFilter() {}

  /** Whether {@code f} is one this class reads. */
  static boolean reads(Filter f) {
    if (f instanceof EqualTo e) {
      return e.attribute().equals(DatasetSchema.FILE) && e.value() instanceof String;
    } else if (f instanceof In in && in.attribute().equals(DatasetSchema.FILE)) {
      for (Object v : in.values()) {
        if (v != null && !(v instanceof String)) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /** Whether every filter this class reads among {@code filters} keeps the rows of {@code file}. */
  static boolean keeps(Filter[] filters, String file) {
    for (Filter f : filters) {
      if (f instanceof EqualTo e && reads(f) && !file.equals(e.value())) {
        return false;
      }
      if (f instanceof In in && reads(f) && !java.util.List.of(in.values()).contains(file)) {
        return false;
      }
    }
    return true;
  }
}
