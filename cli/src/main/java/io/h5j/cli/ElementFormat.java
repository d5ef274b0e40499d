package io.h5j.cli;

import io.h5j.RegionReference;
import io.h5j.raw.StoredSelection;
import io.h5j.type.ArrayType;
import io.h5j.type.Complex;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.FixedPointType;
import io.h5j.type.Reference;
import io.h5j.type.ReferenceType;
import io.h5j.type.VarLenType;
import java.lang.reflect.Array;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How values look in one of the dump's two dialects, h5j's text and JSON, led by the
 * datatype where it is known: numbers (uint64 unsigned), strings (quoted, escaped), enums by
 * name, compounds as objects, complex numbers, opaque and bitfield bytes as hex, arrays nested
 * by the array type's shape, variable-length sequences as arrays, references as objects
 * ({@link #reference}). One class for both, so that text and JSON never disagree about a
 * value; runs of a flat primitive array are written without boxing, as most of a large dump is.
 */
final class ElementFormat {
  /** Text; references print their address but no path. */
  static final ElementFormat TEXT = new ElementFormat(false, new ObjectPaths(null));
  /** JSON; references print their address but no path. */
  static final ElementFormat JSON = new ElementFormat(true, new ObjectPaths(null));

  /** The text of every int8 value, indexed by value + 128. */
  private static final char[][] INT8 = new char[256][];
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  static {
    for (int v = -128; v < 128; v++) {
      INT8[v + 128] = Integer.toString(v).toCharArray();
    }
  }

  private final boolean json;
  private final ObjectPaths paths;
  private final char[] separator;
  /** The separator and the text of each int8 value (by value + 128): chars 0-3, 4-7, count. */
  private final long[] int8Low = new long[256];
  private final long[] int8High = new long[256];
  private final byte[] int8Length = new byte[256];

  private ElementFormat(boolean json, ObjectPaths paths) {
    this.json = json;
    this.paths = paths;
    this.separator = (json ? "," : ", ").toCharArray();
    for (int v = 0; v < 256; v++) {
      String text = (json ? "," : ", ") + (v - 128); // at most 6 chars
      for (int c = 0; c < text.length(); c++) {
        long bits = (long) text.charAt(c) << (16 * (c % 4));
        if (c < 4) {
          int8Low[v] |= bits;
        } else {
          int8High[v] |= bits;
        }
      }
      int8Length[v] = (byte) text.length();
    }
  }

  /** Text whose references name the path of their object, found in {@code paths}. */
  static ElementFormat text(ObjectPaths paths) {
    return new ElementFormat(false, paths);
  }

  /** JSON whose references name the path of their object, found in {@code paths}. */
  static ElementFormat json(ObjectPaths paths) {
    return new ElementFormat(true, paths);
  }

  /** Between two elements of an array. */
  char[] separator() {
    return separator;
  }

  /**
   * Elements {@code from} to {@code from + n} of a flat array as {@code Dataset.read} returns
   * it, with separators between them.
   *
   * @param type the elements' datatype, or null to format by the Java values alone
   */
  void run(DumpOutput out, Object flat, int from, int n, Datatype type) {
    int end = from + n;
    boolean unsigned64 = type instanceof FixedPointType f && !f.signed();
    if (flat instanceof long[] a && type instanceof ReferenceType) { // classic object refs
      for (int i = from; i < end; i++) {
        reference(separate(out, i, from), a[i]);
      }
    } else if (flat instanceof byte[] a) {
      bytes(out, a, from, end);
    } else if (flat instanceof short[] a) {
      integers(out, i -> a[i], from, end);
    } else if (flat instanceof int[] a) {
      integers(out, i -> a[i], from, end);
    } else if (flat instanceof long[] a && !unsigned64) {
      integers(out, i -> a[i], from, end);
    } else if (flat instanceof long[] a) {
      for (int i = from; i < end; i++) {
        separate(out, i, from).append(Long.toUnsignedString(a[i]));
      }
    } else if (flat instanceof float[] a) {
      for (int i = from; i < end; i++) {
        floating(separate(out, i, from), a[i], Float.toString(a[i]));
      }
    } else if (flat instanceof double[] a) {
      for (int i = from; i < end; i++) {
        floating(separate(out, i, from), a[i], Double.toString(a[i]));
      }
    } else if (flat instanceof boolean[] a) { // h5py's bool enum
      for (int i = from; i < end; i++) {
        separate(out, i, from).append(a[i] ? "true" : "false");
      }
    } else {
      Object[] a = (Object[]) flat;
      for (int i = from; i < end; i++) {
        element(separate(out, i, from), a[i], type);
      }
    }
  }

  /** Values per stretch formatted straight into the output's buffer. */
  private static final int STRETCH = 1024;

  /**
   * int8 runs, the largest dumps of all (a never-written dataset of billions of elements): the
   * separator and the value's text, packed in two longs per value, are stored as eight chars
   * at once, and the position advances by the real length.
   */
  private void bytes(DumpOutput out, byte[] a, int from, int end) {
    if (from == end) {
      return;
    }
    out.append(INT8[a[from] + 128]);
    long[] low = int8Low;
    long[] high = int8High;
    byte[] length = int8Length;
    for (int i = from + 1; i < end; ) {
      int stop = Math.min(end, i + STRETCH);
      char[] b = out.room(STRETCH * 8 + 8);
      int p = out.position();
      for (; i < stop; i++) {
        int v = a[i] + 128;
        long x = low[v];
        long y = high[v];
        b[p] = (char) x;
        b[p + 1] = (char) (x >>> 16);
        b[p + 2] = (char) (x >>> 32);
        b[p + 3] = (char) (x >>> 48);
        b[p + 4] = (char) y;
        b[p + 5] = (char) (y >>> 16);
        b[p + 6] = (char) (y >>> 32);
        b[p + 7] = (char) (y >>> 48);
        p += length[v];
      }
      out.position(p);
    }
  }

  private void integers(DumpOutput out, java.util.function.IntToLongFunction a, int from,
      int end) {
    char[] sep = separator;
    for (int i = from; i < end; ) {
      int stop = Math.min(end, i + STRETCH);
      char[] b = out.room(STRETCH * (DumpOutput.MAX_LONG_CHARS + sep.length));
      int p = out.position();
      for (; i < stop; i++) {
        if (i > from) {
          for (char c : sep) {
            b[p++] = c;
          }
        }
        p = DumpOutput.digits(b, p, a.applyAsLong(i));
      }
      out.position(p);
    }
  }

  private DumpOutput separate(DumpOutput out, int i, int from) {
    return i > from ? out.append(separator) : out;
  }

  /**
   * One value of {@code type} (null: as its Java class says): a number, string, compound
   * (map), array, reference, byte string or null.
   */
  void element(DumpOutput out, Object v, Datatype type) {
    if (v == null) {
      out.append("null");
    } else if (type instanceof ReferenceType) {
      reference(out, v);
    } else if (type instanceof ArrayType a && v.getClass().isArray()
        && Array.getLength(v) == a.elementCount()) {
      long[] dims = java.util.Arrays.stream(a.dims()).asLongStream().toArray();
      NestedArrayWriter nested = new NestedArrayWriter(out, this, dims, a.base());
      nested.begin();
      nested.write(v, Array.getLength(v));
    } else if (type instanceof VarLenType s && !s.string() && v.getClass().isArray()) {
      out.append('[');
      run(out, v, 0, Array.getLength(v), s.base());
      out.append(']');
    } else if (type instanceof FixedPointType f && !f.signed() && v instanceof Long bits) {
      out.append(Long.toUnsignedString(bits));
    } else if (v instanceof String s) {
      quote(out, s);
    } else if (v instanceof byte[] bytes) {
      hex(out, bytes);
    } else if (v instanceof Double || v instanceof Float) {
      floating(out, ((Number) v).doubleValue(), v.toString());
    } else if (v instanceof Number) {
      out.append(v.toString());
    } else if (v instanceof Map<?, ?> m) {
      compound(out, m, type instanceof CompoundType c ? c : null);
    } else if (v instanceof Complex c) {
      complex(out, c);
    } else if (v.getClass().isArray()) {
      out.append('[');
      run(out, v, 0, Array.getLength(v), null);
      out.append(']');
    } else if (json && !(v instanceof Boolean)) {
      quote(out, v.toString()); // any other value stays valid JSON, as its text
    } else {
      out.append(v.toString());
    }
  }

  /** @param type the compound's type, for its members' types; null when not known */
  private void compound(DumpOutput out, Map<?, ?> m, CompoundType type) {
    out.append('{');
    boolean first = true;
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (!first) {
        out.append(separator);
      }
      first = false;
      String name = e.getKey().toString();
      if (json) {
        quote(out, name);
        out.append(':');
      } else {
        out.append(name).append('=');
      }
      CompoundType.Member member = type == null ? null : type.member(name);
      element(out, e.getValue(), member == null ? null : member.type());
    }
    out.append('}');
  }

  /**
   * A reference as an object: {@code kind} ("object", "region" or "attribute"), the
   * {@code address} of the object's header, its {@code path} when a walk over hard links finds
   * one, {@code file} for an object in another file, {@code attribute} (the attribute's name)
   * and {@code rank} (the region's) where they apply. A classic region reference has its
   * dataset's {@code address} and {@code path} and its {@code selection} ({@link #selection}),
   * or, when no file is known or its heap object cannot be read,
   * {@code {"kind": "region", "heap_id": HEX}}: the bytes it stores, in the file's order. A
   * null reference is null.
   *
   * @param v an address ({@code Long}: a classic object reference), a revised
   *     {@link Reference}, or the bytes of a classic region reference
   */
  private void reference(DumpOutput out, Object v) {
    Map<String, Object> parts = new LinkedHashMap<>();
    if (v instanceof Long address) {
      if (address == 0 || address == -1) { // h5py's null reference; libhdf5's undefined one
        out.append("null");
        return;
      }
      parts.put("kind", "object");
      parts.put("address", address);
      putPath(parts, paths.path(address));
    } else if (v instanceof Reference r) {
      parts.put("kind", switch (r.kind()) {
        case DATASET_REGION2 -> "region";
        case ATTRIBUTE -> "attribute";
        default -> "object";
      });
      parts.put("address", r.address());
      putPath(parts, paths.path(r));
      if (r.file() != null) {
        parts.put("file", r.file());
      }
      if (r.attribute() != null) {
        parts.put("attribute", r.attribute());
      }
      if (r.kind() == ReferenceType.Kind.DATASET_REGION2) {
        parts.put("rank", r.rank());
      }
    } else if (v instanceof byte[] stored) {
      boolean none = true;
      for (byte b : stored) {
        none &= b == 0;
      }
      if (none) {
        out.append("null");
        return;
      }
      parts.put("kind", "region");
      RegionReference region = paths.region(stored);
      if (region == null) {
        parts.put("heap_id", stored);
      } else {
        parts.put("address", region.address());
        putPath(parts, paths.path(region.address()));
        parts.put("selection", selection(region.selection()));
      }
    } else {
      element(out, v, null);
      return;
    }
    compound(out, parts, null);
  }

  /**
   * A stored selection as an object: {@code type} ("all", "none", "points", "hyperslab" or
   * "blocks"), then the points ({@code [[i, j], ...]}), the hyperslab's {@code start},
   * {@code stride}, {@code count} and {@code block} (an unlimited one "unlimited"), or the
   * blocks ({@code [{"start": [...], "end": [...]}, ...]}, ends inclusive).
   */
  private static Map<String, Object> selection(StoredSelection s) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (s instanceof StoredSelection.Points p) {
      m.put("type", "points");
      Object[] points = new Object[p.count()];
      for (int i = 0; i < points.length; i++) {
        points[i] = java.util.Arrays.copyOfRange(p.coords(), i * p.rank(), (i + 1) * p.rank());
      }
      m.put("points", points);
    } else if (s instanceof StoredSelection.Hyperslab h) {
      m.put("type", "hyperslab");
      m.put("start", h.start());
      m.put("stride", h.stride());
      m.put("count", limited(h.count()));
      m.put("block", limited(h.block()));
    } else if (s instanceof StoredSelection.Blocks b) {
      m.put("type", "blocks");
      Object[] blocks = new Object[b.blockCount()];
      long[] start = b.start();
      long[] end = b.end();
      for (int k = 0; k < blocks.length; k++) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("start", java.util.Arrays.copyOfRange(start, k * b.rank(), (k + 1) * b.rank()));
        one.put("end", java.util.Arrays.copyOfRange(end, k * b.rank(), (k + 1) * b.rank()));
        blocks[k] = one;
      }
      m.put("blocks", blocks);
    } else {
      m.put("type", s instanceof StoredSelection.All ? "all" : "none");
    }
    return m;
  }

  /** Counts or blocks, each unlimited one as "unlimited". */
  private static Object[] limited(long[] v) {
    Object[] out = new Object[v.length];
    for (int d = 0; d < v.length; d++) {
      out[d] = v[d] == StoredSelection.UNLIMITED ? "unlimited" : (Object) v[d];
    }
    return out;
  }

  private static void putPath(Map<String, Object> parts, String path) {
    if (path != null) {
      parts.put("path", path);
    }
  }

  /**
   * A complex number: in JSON an object {@code {"real":1.0,"imag":-2.0}} (numpy's names for
   * the parts), in text {@code 1.0-2.0i}.
   */
  private void complex(DumpOutput out, Complex c) {
    if (json) {
      out.append("{\"real\":");
      floating(out, c.re(), Double.toString(c.re()));
      out.append(",\"imag\":");
      floating(out, c.im(), Double.toString(c.im()));
      out.append('}');
    } else {
      out.append(c.toString());
    }
  }

  /** JSON has no NaN or infinities: they are written as the strings h5py's users know. */
  private void floating(DumpOutput out, double d, String text) {
    if (json && (Double.isNaN(d) || Double.isInfinite(d))) {
      quote(out, Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf");
    } else {
      out.append(text);
    }
  }

  private void hex(DumpOutput out, byte[] bytes) {
    out.append(json ? "\"" : "0x");
    for (byte x : bytes) {
      out.append(HEX[(x >> 4) & 0xf]).append(HEX[x & 0xf]);
    }
    if (json) {
      out.append('"');
    }
  }

  /** {@code s} in double quotes, with JSON's escapes (which text output uses as well). */
  void quote(DumpOutput out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
