package io.h5j.conformance;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.NamedDatatype;
import io.h5j.Selection;
import io.h5j.Node;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.io.FileParams;
import io.h5j.testing.Oracles;
import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CharacterSet;
import io.h5j.type.CompoundType;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.StringType;
import io.h5j.type.VarLenType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One canonical, comparable form of an HDF5 file's contents, computed three ways: by h5py
 * (the script {@code h5py_canonical.py}, which documents the form), by h5j reading the file,
 * and from an in-memory model of what a test wrote. Values are plain Java objects: Map, List,
 * String, Double, BigInteger (every integer), null; {@link #norm} makes JSON parsed by Jackson
 * comparable with {@code equals}.
 */
final class Canonical {
  private Canonical() {}

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  static String script() {
    try (InputStream in = Canonical.class.getResourceAsStream("h5py_canonical.py")) {
      if (in == null) {
        throw new IllegalStateException("h5py_canonical.py is missing from the test resources");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What h5py reads in {@code file}, canonical (skips or fails as {@link Oracles} does). */
  static Map<String, Object> byH5py(Path file) throws IOException {
    return byH5py(file, "");
  }

  /**
   * Like {@link #byH5py(Path)}, running the Python statements {@code prelude} first (e.g.
   * {@code import tables}, which registers PyTables' filters in libhdf5).
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> byH5py(Path file, String prelude) throws IOException {
    String out = Oracles.python(prelude + "\n" + script(), file.toString());
    return (Map<String, Object>) norm(JSON.readValue(out, Object.class));
  }

  /** Integers of any box become BigInteger, floats Double, recursively; maps keep order. */
  static Object norm(Object v) {
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), norm(x)));
      return out;
    } else if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(x -> out.add(norm(x)));
      return out;
    } else if (v instanceof BigInteger) {
      return v;
    } else if (v instanceof Long || v instanceof Integer || v instanceof Short
        || v instanceof Byte) {
      return BigInteger.valueOf(((Number) v).longValue());
    } else if (v instanceof Float f) {
      return (double) f;
    } else if (v instanceof java.math.BigDecimal d) {
      return d.doubleValue();
    }
    return v;
  }

  // ------------------------------------------------------------------ types

  static Object type(Datatype t) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (t instanceof EnumType e) {
      m.put("enum", numpy(e.base()));
      Map<String, Object> members = new TreeMap<>();
      for (int i = 0; i < e.names().size(); i++) {
        members.put(e.names().get(i), BigInteger.valueOf(e.values().get(i)));
      }
      m.put("members", members);
    } else if (t instanceof FixedPointType || t instanceof FloatType
        || t instanceof BitfieldType) {
      m.put("num", numpy(t)); // h5py reads a bitfield as the unsigned integer of its size
    } else if (t instanceof StringType s) {
      m.put("str", "fixed");
      m.put("len", BigInteger.valueOf(s.size()));
      m.put("enc", enc(s.charset()));
    } else if (t instanceof VarLenType v && v.string()) {
      m.put("str", "vlen");
      m.put("enc", enc(v.charset()));
    } else if (t instanceof VarLenType v) {
      m.put("vlen", type(v.base()));
    } else if (t instanceof CompoundType c) {
      List<Object> members = new ArrayList<>();
      for (CompoundType.Member x : c.members()) {
        members.add(List.of(x.name(), BigInteger.valueOf(x.offset()), type(x.type())));
      }
      m.put("compound", members);
      m.put("size", BigInteger.valueOf(c.size()));
    } else if (t instanceof ArrayType a) {
      List<Object> dims = new ArrayList<>();
      for (int d : a.dims()) {
        dims.add(BigInteger.valueOf(d));
      }
      m.put("array", dims);
      m.put("base", type(a.base()));
    } else {
      m.put("other", t.toString());
    }
    return m;
  }

  private static String enc(CharacterSet cs) {
    return cs == CharacterSet.UTF8 ? "utf-8" : "ascii";
  }

  /** numpy's {@code dtype.str}: "|i1", "<u2", ">f8". */
  static String numpy(Datatype t) {
    String kind;
    Endianness order;
    if (t instanceof FixedPointType f) {
      kind = f.signed() ? "i" : "u";
      order = f.order();
    } else if (t instanceof BitfieldType b) {
      kind = "u";
      order = b.order();
    } else {
      kind = "f";
      order = ((FloatType) t).order();
    }
    String o = t.size() == 1 ? "|" : order == Endianness.BIG_ENDIAN ? ">" : "<";
    return o + kind + t.size();
  }

  static boolean isPlainNumber(Datatype t) {
    return t instanceof FixedPointType || t instanceof FloatType;
  }

  // ------------------------------------------------------------------ values

  /** Every element of a flat Java array (as h5j's read returns), canonical. */
  static List<Object> elements(Datatype t, Object flatArray) {
    List<Object> out = new ArrayList<>();
    int n = Array.getLength(flatArray);
    for (int i = 0; i < n; i++) {
      out.add(element(t, Array.get(flatArray, i)));
    }
    return out;
  }

  /** One element, boxed as h5j gives it (Number, String, Map, primitive array). */
  static Object element(Datatype t, Object v) {
    if (t instanceof FixedPointType f) {
      long x = ((Number) v).longValue();
      BigInteger b = BigInteger.valueOf(x);
      return !f.signed() && x < 0 ? b.add(TWO_64) : b;
    } else if (t instanceof FloatType) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d)) {
        return "nan";
      } else if (Double.isInfinite(d)) {
        return d > 0 ? "inf" : "-inf";
      }
      return d;
    } else if (t instanceof BitfieldType b) {
      byte[] bytes = ((byte[]) v).clone(); // in the file's byte order
      if (b.order() != Endianness.BIG_ENDIAN) {
        for (int i = 0, j = bytes.length - 1; i < j; i++, j--) {
          byte x = bytes[i];
          bytes[i] = bytes[j];
          bytes[j] = x;
        }
      }
      return new BigInteger(1, bytes);
    } else if (v instanceof Boolean b) { // h5py's bool enum reads as booleans
      return BigInteger.valueOf(b ? 1 : 0);
    } else if (t instanceof EnumType e) {
      int i = e.names().indexOf((String) v);
      return BigInteger.valueOf(i >= 0 ? e.values().get(i) : Long.parseLong((String) v));
    } else if (t instanceof StringType || (t instanceof VarLenType vl && vl.string())) {
      return v;
    } else if (t instanceof VarLenType vl) {
      return elements(vl.base(), v);
    } else if (t instanceof ArrayType a) {
      return elements(a.base(), v);
    } else if (t instanceof CompoundType c) {
      Map<?, ?> m = (Map<?, ?>) v;
      Map<String, Object> out = new LinkedHashMap<>();
      for (CompoundType.Member x : c.members()) {
        out.put(x.name(), element(x.type(), m.get(x.name())));
      }
      return out;
    }
    throw new IllegalArgumentException("no canonical form for " + t);
  }

  static List<Object> dims(long[] dims) {
    List<Object> out = new ArrayList<>();
    for (long d : dims) {
      out.add(BigInteger.valueOf(d));
    }
    return out;
  }

  /** An attribute's canonical entry. */
  static Map<String, Object> attribute(Datatype t, Dataspace space, Object value) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("dtype", type(t));
    if (space.kind() == Dataspace.Kind.NULL) {
      e.put("shape", null);
      e.put("value", null);
    } else if (space.kind() == Dataspace.Kind.SCALAR) {
      e.put("shape", List.of());
      e.put("value", List.of(element(t, value)));
    } else {
      e.put("shape", dims(space.dims()));
      e.put("value", elements(t, value));
    }
    return e;
  }

  // ------------------------------------------------------------------ h5j's view

  /** What h5j reads in an open file, in the canonical form. */
  static Map<String, Object> byH5j(H5File f) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    visit(f.root(), "/", out, new HashMap<>());
    return out;
  }

  private static void visit(Node node, String path, Map<String, Object> out,
      Map<Long, String> seen) throws IOException {
    String first = seen.putIfAbsent(node.address(), path);
    if (first != null) {
      out.put(path, Map.of("kind", "same", "as", first));
      return;
    }
    Map<String, Object> e = new LinkedHashMap<>();
    out.put(path, e);
    if (node instanceof Dataset ds) {
      Datatype t = ds.datatype();
      e.put("kind", "dataset");
      e.put("dtype", type(t));
      e.put("layout", ds.layoutName().toLowerCase(java.util.Locale.ROOT));
      Dataspace space = ds.dataspace();
      if (space.kind() == Dataspace.Kind.NULL) {
        e.put("shape", null);
        e.put("values", null);
      } else {
        e.put("shape", dims(space.dims()));
        e.put("values", elements(t, ds.read(Selection.all()))); // flat, a scalar's too
      }
      if (isPlainNumber(t)) {
        byte[] fill = ds.fillValueBytes();
        Object zero = element(t, 0L);
        e.put("fill", fill == null ? zero : elements(t, new DataConverter(FileParams.DEFAULT)
            .toJavaArray(t, fill, 1, null)).get(0));
      }
      e.put("attrs", attrs(node));
      return;
    }
    if (node instanceof NamedDatatype nt) {
      e.put("kind", "datatype");
      e.put("dtype", type(nt.datatype()));
      e.put("attrs", attrs(node));
      return;
    }
    Group g = (Group) node;
    List<Link> links = new ArrayList<>(g.links());
    links.sort((a, b) -> a.name().compareTo(b.name()));
    List<Object> names = new ArrayList<>();
    links.forEach(l -> names.add(l.name()));
    e.put("kind", "group");
    e.put("links", names);
    e.put("attrs", attrs(node));
    for (Link l : links) {
      String child = (path.equals("/") ? "" : path) + "/" + l.name();
      switch (l.kind()) {
        case SOFT -> out.put(child, Map.of("kind", "soft", "target", l.target()));
        case EXTERNAL -> out.put(child, Map.of("kind", "external", "file", l.file(),
            "target", l.target()));
        case HARD -> visit(g.get(l.name()), child, out, seen);
        default -> out.put(child, Map.of("kind", "user-defined"));
      }
    }
  }

  private static Map<String, Object> attrs(Node node) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Attribute a : node.attributes().all().values()) {
      out.put(a.name(), attribute(a.datatype(), a.dataspace(), a.value()));
    }
    return out;
  }

  /** The first difference between two canonical forms, or null when they are equal. */
  static String diff(Object expected, Object actual, String where) {
    if (expected instanceof Map<?, ?> a && actual instanceof Map<?, ?> b) {
      for (Object k : a.keySet()) {
        if (!b.containsKey(k)) {
          return where + "/" + k + ": missing (expected " + a.get(k) + ")";
        }
        String d = diff(a.get(k), b.get(k), where + "/" + k);
        if (d != null) {
          return d;
        }
      }
      for (Object k : b.keySet()) {
        if (!a.containsKey(k)) {
          return where + "/" + k + ": unexpected " + b.get(k);
        }
      }
      return null;
    }
    if (expected instanceof List<?> a && actual instanceof List<?> b && a.size() == b.size()) {
      for (int i = 0; i < a.size(); i++) {
        String d = diff(a.get(i), b.get(i), where + "[" + i + "]");
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    return java.util.Objects.equals(expected, actual) ? null
        : where + ": expected " + expected + " but was " + actual;
  }
}
