package io.h5j.cli;

import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.Node;
import io.h5j.RegionReference;
import io.h5j.raw.StoredSelection;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import io.h5j.type.ReferenceType;
import java.lang.reflect.Array;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * h5dump's DDL: {@code GROUP "/" { ... }} blocks nested three spaces a level, each object's
 * datatype, dataspace, values and attributes as h5dump 1.10.8 prints them. The first object
 * printed carries the path it was asked by, those below it their link names.
 */
final class DdlPrinter implements DumpPrinter {
  /**
   * The file whose objects are being printed, with the names of its objects: the file dumped,
   * or one an external link was followed into.
   */
  private record FileContext(H5File file, DdlReferences references, DdlElements elements) {
    static FileContext of(H5File file) {
      DdlReferences references = new DdlReferences(file);
      return new FileContext(file, references, new DdlElements(references));
    }
  }

  private final DumpOutput out;
  private final DdlOptions options;
  /** Where {@code -b} writes values instead of printing them, or null. */
  private final DdlBinary raw;
  /** The first path each object of the dumped file was printed at, for {@code HARDLINK}. */
  private final Map<Long, String> printed = new HashMap<>();
  private final FileContext dumped;
  /** The files of the external links being followed, innermost first. */
  private final Deque<FileContext> followed = new ArrayDeque<>();
  /** Each file external links were followed into, by its real path, named once. */
  private final Map<java.nio.file.Path, FileContext> externalFiles = new HashMap<>();
  private FileContext current;
  private int level;
  private String top;

  /**
   * @param raw where values go raw ({@code -b}), or null to print them
   * @param top the name to print for the first object: the path it was asked by
   */
  DdlPrinter(DumpOutput out, H5File file, DdlOptions options, DdlBinary raw, String top) {
    this.out = out;
    this.raw = raw;
    this.options = options;
    this.top = top;
    this.dumped = FileContext.of(file);
    this.current = dumped;
  }

  @Override
  public void group(String path, DumpAttributes attributes, ReadFailure members) {
    remember(path);
    open("GROUP", name(path));
    if (path.equals("/") && current == dumped) {
      unlinkedTypes();
    }
    attributes(attributes);
  }

  @Override
  public boolean followsExternalLinks() {
    return true;
  }

  /**
   * h5dump prints the object an external link names below the link, one level further in,
   * named by the link's target path; its hard links are named as that file's walk names them.
   */
  @Override
  public void followedExternalLink(String path, Link link, Node target) {
    linkBlock(path, link);
    level++;
    followed.push(current);
    current = contextOf(target.file());
    top = link.target();
  }

  @Override
  public void endFollowedExternalLink(String path) {
    current = followed.pop();
    level--;
    close();
  }

  private FileContext contextOf(H5File target) {
    java.nio.file.Path real;
    try {
      real = target.path().toRealPath();
    } catch (java.io.IOException e) {
      real = target.path().toAbsolutePath().normalize();
    }
    return externalFiles.computeIfAbsent(real, p -> FileContext.of(target));
  }

  /**
   * h5dump prints, first in the root group, each committed datatype that datasets share but
   * no link leads to, named "#address", in the order of the first dataset sharing it.
   */
  private void unlinkedTypes() {
    java.util.Set<Long> done = new java.util.HashSet<>();
    try {
      for (Node n : current.file().root().walk()) {
        if (n instanceof Dataset d) {
          long address = d.sharedDatatypeAddress();
          if (address != io.h5j.StorageProperties.UNDEFINED_ADDRESS
              && current.references().node(address) == null && done.add(address)) {
            StringBuilder b = indent().append("DATATYPE ")
                .append(DdlStrings.quoted("#" + address)).append(' ');
            DdlTypes.write(b, d.datatype(), level);
            if (!(d.datatype() instanceof io.h5j.type.CompoundType)) {
              b.append(';');
            }
            out.append(b).append('\n');
          }
        }
      }
    } catch (java.io.IOException e) {
      // the datasets that cannot be read are reported where they are printed
    }
  }

  @Override
  public void endGroup(String path) {
    close();
  }

  @Override
  public void dataset(String path, DatasetInfo info, DatasetValues data,
      DumpAttributes attributes) {
    if (current == dumped) {
      printed.putIfAbsent(info.dataset().address(), path);
    }
    open("DATASET", name(path));
    String shared = sharedTypeName(info.dataset());
    if (shared == null) {
      header(info.type(), info.space());
    } else {
      out.append(indent().append("DATATYPE  ").append(DdlStrings.quoted(shared))).append('\n');
      out.append(indent().append("DATASPACE  ").append(DdlSpaces.of(info.space())))
          .append('\n');
    }
    if (options.properties()) {
      try {
        DdlLayout.write(out, level, info, current.elements());
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    if (options.data() && options.datasetData() && data != null) {
      datasetValues(info, data);
    } else if (options.data() && options.datasetData()) { // a NULL dataspace: an empty block
      out.append(indent().append("DATA {\n")).append(indent().append("}\n"));
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
    if (!(type instanceof io.h5j.type.CompoundType)) { // h5dump ends every other with ';'
      b.append(';');
    }
    out.append(b).append('\n');
    level++;
    attributes(attributes);
    level--;
  }

  @Override
  public void link(String path, Link link) {
    linkBlock(path, link);
    close();
  }

  /** A link's block, left open. */
  private void linkBlock(String path, Link link) {
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
  }

  @Override
  public void seenAgain(Node n) {
    String first;
    if (current == dumped) {
      first = printed.get(n.address());
    } else {
      Node named = current.references().node(n.address());
      first = named == null ? null : named.path();
    }
    String kind = n instanceof Dataset ? "DATASET" : n instanceof io.h5j.Group ? "GROUP"
        : "DATATYPE";
    open(kind, name(n.path()));
    out.append(indent().append("HARDLINK ").append(DdlStrings.quoted(first == null ? n.path()
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
          v = new Object[] {v};
        }
        elements(a.datatype(), v, Array.getLength(v), d);
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
      elements(info.type(), s.values(), s.count(), d);
    }
    d.end();
    out.append(indent().append('}')).append('\n');
  }

  /** The first {@code count} values of the flat array {@code values}. */
  private void elements(Datatype type, Object values, int count, DdlData d) {
    if (type instanceof ReferenceType r && r.kind() == ReferenceType.Kind.OBJECT) {
      for (int i = 0; i < count; i++) {
        objectReference(((Number) Array.get(values, i)).longValue());
      }
      return;
    }
    if (type instanceof ReferenceType r && r.kind() == ReferenceType.Kind.DATASET_REGION) {
      for (int i = 0; i < count; i++) {
        regionReference((byte[]) Array.get(values, i), d.block());
      }
      return;
    }
    for (int i = 0; i < count; i++) {
      d.element(current.elements().format(type, values, i, level + 1));
    }
  }

  /**
   * h5dump prints an object reference as its target, a line of its own, with the target's
   * values below it when it is a dataset (an empty block for a group).
   */
  private void objectReference(long address) {
    level++;
    Node n = address == 0 ? null : current.references().node(address);
    if (n == null) {
      out.append(indent().append("NULL\n"));
      level--;
      return;
    }
    out.append(indent().append(current.references().apply(address)).append('\n'));
    level++;
    out.append(indent().append("DATA {\n"));
    if (n instanceof Dataset ds) {
      try {
        Dataspace space = ds.dataspace();
        if (space.kind() != Dataspace.Kind.NULL) {
          DatasetValues values = new DatasetValues(ds, ds.datatype(), space, ds.layout());
          DdlData d = new DdlData(out, level, space.dims(), options.indices());
          for (DatasetValues.Slab s = values.next(); s != null; s = values.next()) {
            elements(ds.datatype(), s.values(), s.count(), d);
          }
          d.end();
        }
      } catch (Exception e) {
        out.append(indent().append("h5dump error: unable to read ").append(ds.path()))
            .append('\n');
      }
    }
    out.append(indent().append("}\n"));
    level -= 2;
  }

  /**
   * h5dump prints a region reference as a block of its own: the dataset, the region's blocks
   * or points, the dataset's datatype and dataspace; for a region of neither (all, none) the
   * dataset's name only. The block opens as h5dump 1.10.8's does: after a space for each of
   * "not the first element" and "blocks, not points".
   */
  private void regionReference(byte[] element, long index) {
    level++;
    try {
      RegionReference ref = current.file().region(element);
      Node n = ref == null ? null : current.references().node(ref.address());
      if (!(n instanceof Dataset ds)) {
        out.append(indent().append("NULL\n"));
      } else {
        StringBuilder head = indent().append("DATASET ").append(DdlStrings.quoted(n.path()));
        boolean points = ref.selection() instanceof StoredSelection.Points;
        if (!points && !DdlSelections.isBlocks(ref.selection())) {
          out.append(head).append('\n');
        } else {
          head.append(index > 0 ? " " : "").append(points ? "" : " ").append('{');
          out.append(head).append('\n');
          level++;
          DdlSelections.writeRegion(out, indent(), ref.selection());
          header(ds.datatype(), ds.dataspace());
          close();
        }
      }
    } catch (java.io.IOException e) {
      out.append(indent().append("h5dump error: unable to read region reference\n"));
    }
    level--;
  }

  /**
   * The path h5dump names a dataset's committed datatype by (its first path), "/#address" when
   * no link leads to it, or null when the dataset's type is its own.
   */
  private String sharedTypeName(Dataset d) {
    long address;
    try {
      address = d.sharedDatatypeAddress();
    } catch (java.io.IOException e) {
      return null; // printed in full, as the type read for the header
    }
    if (address == io.h5j.StorageProperties.UNDEFINED_ADDRESS) {
      return null;
    }
    Node n = current.references().node(address);
    return n == null ? "/#" + address : n.path();
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
    if (current != dumped) {
      return; // another file's objects are named by its walk
    }
    try {
      printed.putIfAbsent(dumped.file().get(path).address(), path);
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
