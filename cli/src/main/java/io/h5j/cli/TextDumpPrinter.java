package io.h5j.cli;

import io.h5j.Link;
import io.h5j.Node;
import io.h5j.type.Datatype;

/**
 * h5j's text dump: one line per object, its values on one {@code DATA} line, attributes
 * below it; what could not be read is marked {@code UNREADABLE} with the reason.
 */
final class TextDumpPrinter implements DumpPrinter {
  private final DumpOutput out;
  private final ValueWriter values;

  /** @param file the file dumped, whose region references print decoded */
  TextDumpPrinter(DumpOutput out, io.h5j.H5File file) {
    this.out = out;
    this.values = new ValueWriter(out, ElementFormat.text(new ObjectPaths(file)));
  }

  @Override
  public void group(String path, DumpAttributes attributes, ReadFailure members) {
    out.append("GROUP ");
    values.quote(path);
    out.append('\n');
    attributes(attributes);
    if (members != null) {
      marked("  MEMBERS", members, "");
    }
  }

  @Override
  public void endGroup(String path) {
    // one line per object: nothing closes
  }

  @Override
  public void dataset(String path, DatasetInfo info, DatasetValues data,
      DumpAttributes attributes) {
    out.append("DATASET ");
    values.quote(path);
    out.append(' ').append(info.type().name()).append(' ')
        .append(LsCommand.shape(info.space())).append(' ').append(info.layoutName())
        .append('\n');
    if (data == null) {
      out.append("  DATA null\n");
    } else if (values.dataset(data, "  DATA ", false)) {
      out.append('\n');
    } else {
      if (data.delivered() > 0) {
        out.append('\n');
      }
      marked("  DATA", data.failure().orElseThrow(), data.delivered() == 0 ? ""
          : " after " + data.delivered() + " of " + info.space().elementCount() + " elements");
    }
    attributes(attributes);
  }

  @Override
  public void datatype(String path, Datatype type, DumpAttributes attributes) {
    out.append("DATATYPE ");
    values.quote(path);
    out.append(' ').append(type.name()).append('\n');
    attributes(attributes);
  }

  @Override
  public void link(String path, Link link) {
    switch (link.kind()) {
      case SOFT -> {
        out.append("SOFT LINK ");
        values.quote(path);
        out.append(" -> ");
        values.quote(link.target());
      }
      case EXTERNAL -> {
        out.append("EXTERNAL LINK ");
        values.quote(path);
        out.append(" -> ");
        values.quote(link.file() + ":" + link.target());
      }
      default -> {
        out.append("USER-DEFINED LINK ");
        values.quote(path);
      }
    }
    out.append('\n');
  }

  @Override
  public void seenAgain(Node node) {
    out.append("HARD LINK ");
    values.quote(node.path());
    out.append(" to an object already shown\n");
  }

  @Override
  public void unreadable(String path, String kind, ReadFailure failure) {
    out.append(kind.toUpperCase(java.util.Locale.ROOT)).append(' ');
    values.quote(path);
    out.append(" UNREADABLE: ").append(failure.reason()).append('\n');
  }

  @Override
  public void finish() {
    // nothing after the last object
  }

  private void attributes(DumpAttributes attributes) {
    for (DumpAttributes.Entry a : attributes.entries()) {
      out.append("  ATTRIBUTE ");
      values.quote(a.name());
      if (a.failure() != null) {
        marked("", a.failure(), "");
        continue;
      }
      out.append(' ').append(a.attribute().datatype().name()).append(' ')
          .append(LsCommand.shape(a.attribute().dataspace())).append(" = ");
      values.attribute(a.attribute());
      out.append('\n');
    }
    if (attributes.unlisted() != null) {
      marked("  ATTRIBUTES", attributes.unlisted(), "");
    }
  }

  /** {@code what UNREADABLE extent: reason}, a line of its own. */
  private void marked(String what, ReadFailure failure, String extent) {
    out.append(what).append(" UNREADABLE").append(extent).append(": ").append(failure.reason())
        .append('\n');
  }
}
