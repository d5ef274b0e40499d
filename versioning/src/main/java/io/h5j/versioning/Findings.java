package io.h5j.versioning;

import io.h5j.versioning.CheckReport.Finding;
import io.h5j.versioning.CheckReport.Kind;
import java.util.ArrayList;
import java.util.List;

/** The findings of one check as its parts add them, in order. */
final class Findings {
  private final List<Finding> list = new ArrayList<>();

  Finding add(Kind kind, String subject, String detail) {
    Finding f = new Finding(kind, subject, detail);
    list.add(f);
    return f;
  }

  List<Finding> list() {
    return list;
  }
}
