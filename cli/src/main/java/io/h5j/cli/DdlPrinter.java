package io.h5j.cli;

import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.Node;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * h5dump's DDL: {@code GROUP "/" { ... }} blocks nested three spaces a level, each object's
 * datatype, dataspace, values and attributes as h5dump 1.10.8 prints them. The first object
 * printed carries the path it was asked by, those below it their link names.
 */
final class DdlPrinter implements DumpPrinter {
  private final DumpOutput out;
  private final H5File file;
  private final DdlOptions options;
  private final DdlElements elements;
  /** Where {@code -b} writes values instead of printing them, or null. */
  private final DdlBinary raw;
  /** The first path each object was printed at, for h5dump's {@code HARDLINK}. */
  private final Map<Long, String> printed = new HashMap<>();
  private int level;
  private String top;

  /**
   * @param raw where values go raw ({@code -b}), or null to print them
   * @param top the name to print for the first object: the path it was asked by
   */
  DdlPrinter(DumpOutput out, H5File file, DdlOptions options, DdlBinary raw, String top) {
    this.out = out;
    this.raw = raw;
    this.file = file;
    this.options = options;
    this.top = top;
    this.elements = new DdlElements(new DdlReferences(file));
  }

  @Override
  public void group(String path, DumpAttributes attributes, ReadFailure members) {
    remember(path);
    open("GROUP", name(path));
    attributes(attributes);
  }

  @Override
  public void endGroup(String path) {
    close();
  }

  @Override
  public void dataset(String path, DatasetInfo info, DatasetValues data,
      DumpAttributes attributes) {
    printed.putIfAbsent(info.dataset().address(), path);
    open("DATASET", name(path));
    header(info.type(), info.space());
    if (options.properties()) {
      DdlLayout.write(out, level, info);
    }
    if (options.data() && options.datasetData() && data != null) {
      datasetValues(info, data);
    }
    attributes(attributes);
    close();
  }

  @Override
  public void datatype(String path, Datatype type, DumpAttributes attributes) {
    remember(path);
    StringBuilder b = indent().append("DATATYPE ").append(DdlStrings.quoted(name(path)))
        .append(' ');
    DdlTypes.write(b, type, level);
    if (b.indexOf("\n") < 0) {
      b.append(';');
    }
    out.append(b).append('\n');
    level++;
    attributes(attributes);
    level--;
  }

  @Override
  public void link(String path, Link link) {
    switch (link.kind()) {
      case SOFT -> {
        open("SOFTLINK", name(path));
        out.append(indent().append("LINKTARGET ").append(DdlStrings.quoted(link.target())))
            .append('\n');
      }
      case EXTERNAL -> {
        open("EXTERNAL_LINK", name(path));
        out.append(indent().append("TARGETFILE ").append(DdlStrings.quoted(link.file())))
            .append('\n');
        out.append(indent().append("TARGETPATH ").append(DdlStrings.quoted(link.target())))
            .append('\n');
      }
      default -> open("USERDEFINED_LINK", name(path));
    }
    close();
  }

  @Override
  public void seenAgain(String path) {
    String first = null;
    String kind = "GROUP";
    try {
      Node n = file.get(path);
      first = printed.get(n.address());
      kind = n instanceof Dataset ? "DATASET" : n instanceof io.h5j.Group ? "GROUP" : "DATATYPE";
    } catch (Exception e) {
      // printed below without a target
    }
    open(kind, name(path));
    out.append(indent().append("HARDLINK ").append(DdlStrings.quoted(first == null ? path
        : first))).append('\n');
    close();
  }

  @Override
  public void unreadable(String path, String kind, ReadFailure failure) {
    out.append(indent().append("h5dump error: unable to read ").append(kind).append(' ')
        .append(DdlStrings.quoted(path))).append('\n');
  }

  @Override
  public void finish() {
    // the caller closes the file block
  }

  /** One attribute block, as {@code -a} prints it alone. */
  void attribute(Attribute a) {
    open("ATTRIBUTE", a.name());
    header(a.datatype(), a.dataspace());
    if (options.data()) {
      out.append(indent().append("DATA {")).append('\n');
      if (a.value() != null && raw != null) {
        rawAttribute(a);
      } else if (a.value() != null) {
        DdlData d = new DdlData(out, level, a.dataspace().dims(), options.indices());
        Object v = a.value();
        if (a.dataspace().kind() == Dataspace.Kind.SCALAR) {
          d.element(elements.format(a.datatype(), v, level + 1));
        } else {
          for (int i = 0; i < Array.getLength(v); i++) {
            d.element(elements.format(a.datatype(), v, i, level + 1));
          }
        }
        d.end();
      }
      out.append(indent().append('}')).append('\n');
    }
    close();
  }

  private void rawAttribute(Attribute a) {
    try {
      if (a.dataspace().kind() == Dataspace.Kind.SCALAR) {
        raw.value(a.datatype(), a.value());
      } else {
        raw.values(a.datatype(), a.value(), Array.getLength(a.value()));
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private void datasetValues(DatasetInfo info, DatasetValues data) {
    out.append(indent().append("DATA {")).append('\n');
    if (raw != null) {
      try {
        for (DatasetValues.Slab s = data.next(); s != null; s = data.next()) {
          raw.values(info.type(), s.values(), s.count());
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      out.append(indent().append('}')).append('\n');
      return;
    }
    DdlData d = new DdlData(out, level, info.space().dims(), options.indices());
    for (DatasetValues.Slab s = data.next(); s != null; s = data.next()) {
      for (int i = 0; i < s.count(); i++) {
        d.element(elements.format(info.type(), s.values(), i, level + 1));
      }
    }
    d.end();
    out.append(indent().append('}')).append('\n');
  }

  private void header(Datatype type, Dataspace space) {
    StringBuilder b = indent().append("DATATYPE  ");
    DdlTypes.write(b, type, level);
    out.append(b).append('\n');
    out.append(indent().append("DATASPACE  ").append(DdlSpaces.of(space))).append('\n');
  }

  private void attributes(DumpAttributes attributes) {
    if (!options.attributes()) {
      return;
    }
    List<DumpAttributes.Entry> sorted = new ArrayList<>(attributes.entries());
    sorted.sort(Comparator.comparing(DumpAttributes.Entry::name));
    for (DumpAttributes.Entry e : sorted) {
      if (e.attribute() != null) {
        attribute(e.attribute());
      } else {
        out.append(indent().append("h5dump error: unable to read attribute ")
            .append(DdlStrings.quoted(e.name()))).append('\n');
      }
    }
  }

  private void remember(String path) {
    try {
      printed.putIfAbsent(file.get(path).address(), path);
    } catch (Exception e) {
      // an object that does not resolve is never linked to again
    }
  }

  private void open(String kind, String name) {
    out.append(indent().append(kind).append(' ').append(DdlStrings.quoted(name)).append(" {"))
        .append('\n');
    level++;
  }

  private void close() {
    level--;
    out.append(indent().append('}')).append('\n');
  }

  /** The path asked for, for the first object; the link name below it. */
  private String name(String path) {
    if (top != null) {
      String t = top;
      top = null;
      return t;
    }
    return path.equals("/") ? "/" : path.substring(path.lastIndexOf('/') + 1);
  }

  private StringBuilder indent() {
    return DdlIndent.append(new StringBuilder(), level);
  }
}
