package io.h5j.cli;

import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.Node;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;

/**
 * h5j's JSON dump: one object keyed by path, each member an object with its {@code kind},
 * metadata, {@code values} (datasets) and {@code attrs}. Always valid JSON, also when
 * something could not be read: the object's entry then has {@code "error": {"reason": ...}}
 * (for a dataset also {@code values_dumped}: how many leading values its {@code values}
 * holds, which it has only when that is more than 0), an attribute that could not be read
 * is left out of {@code attrs} and named in {@code attr_errors}, and {@code attrs_error}
 * says why none could be listed.
 */
final class JsonDumpPrinter implements DumpPrinter {
  private final DumpOutput out;
  private final ValueWriter values;
  private boolean first = true;

  /** @param file the file dumped, where references find the paths of their objects */
  JsonDumpPrinter(DumpOutput out, H5File file) {
    this.out = out;
    this.values = new ValueWriter(out, ElementFormat.json(new ObjectPaths(file)));
    out.append('{'); // the one object the entries go in; finish() closes it
  }

  @Override
  public void group(String path, DumpAttributes attributes, ReadFailure members) {
    begin(path, "group");
    if (members != null) {
      error(members.reason(), -1);
    }
    end(attributes);
  }

  @Override
  public void endGroup(String path) {
    // entries are flat, keyed by path
  }

  @Override
  public void dataset(String path, DatasetInfo info, DatasetValues data,
      DumpAttributes attributes) {
    begin(path, "dataset");
    out.append(", \"dtype\": ");
    values.quote(info.type().name());
    out.append(", \"shape\": ");
    shape(info.space());
    out.append(", \"layout\": ");
    values.quote(info.layoutName());
    if (data == null) {
      out.append(", \"values\": null");
    } else if (!values.dataset(data, ", \"values\": ", true)) {
      error(data.failure().orElseThrow().reason(), data.delivered());
    }
    end(attributes);
  }

  @Override
  public void datatype(String path, Datatype type, DumpAttributes attributes) {
    begin(path, "datatype");
    out.append(", \"dtype\": ");
    values.quote(type.name());
    end(attributes);
  }

  @Override
  public void link(String path, Link link) {
    switch (link.kind()) {
      case SOFT -> {
        begin(path, "soft_link");
        out.append(", \"target\": ");
        values.quote(link.target());
      }
      case EXTERNAL -> {
        begin(path, "external_link");
        out.append(", \"file\": ");
        values.quote(link.file());
        out.append(", \"path\": ");
        values.quote(link.target());
      }
      default -> begin(path, "user_defined_link");
    }
    out.append('}');
  }

  @Override
  public void seenAgain(Node node) {
    begin(node.path(), "hard_link");
    out.append('}');
  }

  @Override
  public void unreadable(String path, String kind, ReadFailure failure) {
    begin(path, kind);
    error(failure.reason(), -1);
    out.append('}');
  }

  @Override
  public void finish() {
    out.append(first ? "}\n" : "\n}\n");
  }

  private void begin(String path, String kind) {
    out.append(first ? "\n  " : ",\n  ");
    first = false;
    values.quote(path);
    out.append(": {\"kind\": ");
    values.quote(kind);
  }

  /** @param dumped how many leading values the entry holds, or -1 where it has none */
  private void error(String reason, long dumped) {
    out.append(", \"error\": {\"reason\": ");
    values.quote(reason);
    if (dumped >= 0) {
      out.append(", \"values_dumped\": ").append(dumped);
    }
    out.append('}');
  }

  /** The attributes, and the end of the entry. */
  private void end(DumpAttributes attributes) {
    out.append(", \"attrs\": {");
    boolean firstAttribute = true;
    for (DumpAttributes.Entry a : attributes.entries()) {
      if (a.failure() == null) {
        out.append(firstAttribute ? "" : ", ");
        firstAttribute = false;
        values.quote(a.name());
        out.append(": ");
        values.attribute(a.attribute());
      }
    }
    out.append('}');
    boolean firstError = true;
    for (DumpAttributes.Entry a : attributes.entries()) {
      if (a.failure() != null) {
        out.append(firstError ? ", \"attr_errors\": {" : ", ");
        firstError = false;
        values.quote(a.name());
        out.append(": ");
        values.quote(a.failure().reason());
      }
    }
    if (!firstError) {
      out.append('}');
    }
    if (attributes.unlisted() != null) {
      out.append(", \"attrs_error\": ");
      values.quote(attributes.unlisted().reason());
    }
    out.append('}');
  }

  private void shape(Dataspace s) {
    if (s.kind() == Dataspace.Kind.NULL) {
      out.append("null");
      return;
    }
    out.append('[');
    for (int i = 0; i < s.rank(); i++) {
      out.append(i > 0 ? ", " : "").append(s.dims()[i]);
    }
    out.append(']');
  }
}
