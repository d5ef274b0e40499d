package io.h5j.cli;

import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.NamedDatatype;
import io.h5j.Node;
import io.h5j.format.datatype.Datatype;
import io.h5j.format.datatype.DatatypeText;
import io.h5j.format.datatype.FixedPointType;
import java.math.BigInteger;
import io.h5j.format.message.Dataspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j dump}: every object below a path with its attributes and values. */
@Command(name = "dump", description = "Print objects, attributes and values (like h5dump).")
final class DumpCommand implements Callable<Integer> {
  @Option(names = "--json", description = "Print one JSON object keyed by path.")
  boolean json;

  @Parameters(index = "0", description = "HDF5 file")
  Path file;

  @Parameters(index = "1", defaultValue = "/", description = "object path (default /)")
  String path;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  private ValueFormatter fmt;
  private final List<String> entries = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    fmt = new ValueFormatter(json);
    try (H5File f = H5File.open(file)) {
      visit(out, f.get(path), new HashSet<>());
    }
    if (json) {
      out.println("{\n" + String.join(",\n", entries) + "\n}");
    }
    return Main.OK;
  }

  private void visit(PrintWriter out, Node n, Set<Long> seen) throws Exception {
    if (!seen.add(n.address())) {
      emit(out, n.path(), "HARD LINK to an object already shown", "\"kind\": \"hard_link\"");
      return;
    }
    List<String> text = new ArrayList<>();
    List<String> fields = new ArrayList<>();
    if (n instanceof Dataset d) {
      Dataspace space = d.dataspace();
      String type = DatatypeText.describe(d.datatype());
      text.add("DATASET " + fmt.quote(d.path()) + " " + type + " " + LsCommand.shape(space)
          + " " + d.layoutName());
      fields.add("\"kind\": \"dataset\", \"dtype\": " + fmt.quote(type) + ", \"shape\": "
          + shapeJson(space) + ", \"layout\": " + fmt.quote(d.layoutName()));
      {
        String values = space.kind() == Dataspace.Kind.NULL ? "null"
            : fmt.shaped(unsigned(d.datatype(), d.read()), space.dims());
        text.add("  DATA " + values);
        fields.add("\"values\": " + values);
      }
    } else if (n instanceof NamedDatatype t) {
      String type = DatatypeText.describe(t.datatype());
      text.add("DATATYPE " + fmt.quote(t.path()) + " " + type);
      fields.add("\"kind\": \"datatype\", \"dtype\": " + fmt.quote(type));
    } else {
      text.add("GROUP " + fmt.quote(n.path()));
      fields.add("\"kind\": \"group\"");
    }
    List<String> attrs = new ArrayList<>();
    for (Attribute a : n.attributes().all().values()) {
      Object value = unsigned(a.datatype(), a.value());
      String v = value == null ? "null" : a.dataspace().kind() == Dataspace.Kind.SCALAR
          ? fmt.value(value) : fmt.shaped(value, a.dataspace().dims());
      text.add("  ATTRIBUTE " + fmt.quote(a.name()) + " " + DatatypeText.describe(a.datatype())
          + " " + LsCommand.shape(a.dataspace()) + " = " + v);
      attrs.add(fmt.quote(a.name()) + ": " + v);
    }
    fields.add("\"attrs\": {" + String.join(", ", attrs) + "}");
    emit(out, n.path(), String.join("\n", text), String.join(", ", fields));
    if (n instanceof Group g) {
      for (Link link : LsCommand.sortedLinks(g)) {
        String child = LsCommand.childPath(g.path(), link.name());
        switch (link.kind()) {
          case HARD -> visit(out, g.get(link.name()), seen);
          case SOFT -> emit(out, child, "SOFT LINK " + fmt.quote(child) + " -> "
              + fmt.quote(link.target()), "\"kind\": \"soft_link\", \"target\": "
              + fmt.quote(link.target()));
          case EXTERNAL -> emit(out, child, "EXTERNAL LINK " + fmt.quote(child) + " -> "
              + fmt.quote(link.file() + ":" + link.target()), "\"kind\": \"external_link\", "
              + "\"file\": " + fmt.quote(link.file()) + ", \"path\": " + fmt.quote(link.target()));
          case USER_DEFINED -> emit(out, child, "USER-DEFINED LINK " + fmt.quote(child),
              "\"kind\": \"user_defined_link\"");
        }
      }
    }
  }

  /** uint64 values arrive as their bits in a long; show them as the unsigned numbers. */
  private static Object unsigned(Datatype type, Object value) {
    if (!(type instanceof FixedPointType f) || f.signed() || f.size() != 8 || value == null) {
      return value;
    }
    if (value instanceof Long v) {
      return new BigInteger(Long.toUnsignedString(v));
    }
    long[] bits = (long[]) value;
    BigInteger[] out = new BigInteger[bits.length];
    for (int i = 0; i < bits.length; i++) {
      out[i] = new BigInteger(Long.toUnsignedString(bits[i]));
    }
    return out;
  }

  private void emit(PrintWriter out, String path, String text, String jsonFields) {
    if (json) {
      entries.add("  " + fmt.quote(path) + ": {" + jsonFields + "}");
    } else {
      out.println(text);
    }
  }

  private static String shapeJson(Dataspace s) {
    if (s.kind() == Dataspace.Kind.NULL) {
      return "null";
    }
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < s.rank(); i++) {
      b.append(i > 0 ? ", " : "").append(s.dims()[i]);
    }
    return b.append(']').toString();
  }
}
