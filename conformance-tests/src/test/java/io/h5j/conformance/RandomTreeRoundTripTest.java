package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.type.CharacterSet;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.Dataspace;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random trees of groups, datasets, attributes and soft links, written by h5j (superblock 2
 * and 3), then read back by h5j, by h5py (libhdf5) and by h5dump. Each reader's view is put in
 * {@link Canonical} form and compared with the form computed from the in-memory model.
 */
@OracleTest
class RandomTreeRoundTripTest {
  static final int MAX_DEPTH = 4;

  // ------------------------------------------------------------------ model

  /** A datatype with a generator of values of h5j's Java representation. */
  record Kind(String label, Datatype type, ValueGen gen) {
    @Override
    public String toString() {
      return label;
    }
  }

  interface ValueGen {
    /** A flat Java array of {@code n} elements (the class h5j's read returns). */
    Object values(Random r, int n);
  }

  record AttrModel(String name, Kind kind, boolean scalar, Object values) {}

  sealed interface NodeModel permits GroupModel, DatasetModel, SoftModel {}

  record GroupModel(Map<String, NodeModel> children, List<AttrModel> attrs)
      implements NodeModel {}

  record DatasetModel(Kind kind, long[] shape, DatasetSpec.Layout layout, Object data,
      Object fill, List<AttrModel> attrs) implements NodeModel {
    @Override
    public String toString() {
      return "Dataset(" + kind + " " + Arrays.toString(shape) + " " + layout
          + (data == null ? " unwritten fill=" + fill : "") + ", " + attrs.size() + " attrs)";
    }
  }

  record SoftModel(String target) implements NodeModel {}

  /** A whole file to write. */
  record Tree(int superblock, GroupModel root, long seed) {
    @Override
    public String toString() {
      StringBuilder b = new StringBuilder("Tree(superblock " + superblock + ", seed " + seed
          + ")\n");
      print(b, "/", root, 1);
      return b.toString();
    }

    private static void print(StringBuilder b, String name, NodeModel n, int indent) {
      b.append("  ".repeat(indent)).append(name);
      if (n instanceof GroupModel g) {
        b.append(" (").append(g.attrs().size()).append(" attrs)\n");
        g.children().forEach((k, v) -> print(b, k, v, indent + 1));
      } else {
        b.append(": ").append(n).append('\n');
      }
    }
  }

  // ------------------------------------------------------------------ generators

  static final String NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-. ";

  static String name(Random r, String prefix) {
    StringBuilder b = new StringBuilder(prefix);
    int len = 1 + r.nextInt(6);
    for (int i = 0; i < len; i++) {
      b.append(NAME_CHARS.charAt(r.nextInt(NAME_CHARS.length())));
    }
    if (r.nextInt(8) == 0) {
      b.append(r.nextBoolean() ? "β" : "é");
    }
    if (b.toString().matches("\\.+")) {
      b.append('x'); // "." and ".." are not link names
    }
    return b.toString();
  }

  static final String[] TEXT_PIECES = {"a", "Z", " ", "0", "~", "é", "β", "中", "😀", "\t"};

  static String text(Random r, int maxChars, boolean ascii) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(maxChars + 1);
    for (int i = 0; i < n; i++) {
      b.append(ascii ? TEXT_PIECES[r.nextInt(5)] : TEXT_PIECES[r.nextInt(TEXT_PIECES.length)]);
    }
    return b.toString();
  }

  /** A string of at most {@code bytes} UTF-8 bytes, not ending in NUL. */
  static String fitting(Random r, int bytes, boolean ascii) {
    String s = text(r, bytes, ascii);
    while (s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > bytes) {
      s = s.substring(0, s.offsetByCodePoints(0, s.codePointCount(0, s.length()) - 1));
    }
    return s;
  }

  static long intBits(Random r, FixedPointType t) {
    long v = switch (r.nextInt(6)) {
      case 0 -> 0;
      case 1 -> -1;
      case 2 -> r.nextInt(100);
      default -> r.nextLong();
    };
    int bits = 8 * t.size();
    if (bits == 64) {
      return v;
    }
    long mask = (1L << bits) - 1;
    v &= mask;
    return t.signed() && (v >>> (bits - 1)) != 0 ? v | ~mask : v;
  }

  static Object ints(Random r, FixedPointType t, int n) {
    Class<?> c = io.h5j.format.datatype.DataConverter.javaArrayClass(t);
    Object a = Array.newInstance(c.getComponentType(), n);
    for (int i = 0; i < n; i++) {
      long v = intBits(r, t);
      if (a instanceof byte[] x) {
        x[i] = (byte) v;
      } else if (a instanceof short[] x) {
        x[i] = (short) v;
      } else if (a instanceof int[] x) {
        x[i] = (int) v;
      } else {
        ((long[]) a)[i] = v;
      }
    }
    return a;
  }

  static double floatValue(Random r, boolean single) {
    return switch (r.nextInt(10)) {
      case 0 -> Double.NaN;
      case 1 -> r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
      case 2 -> -0.0;
      case 3 -> single ? Float.MAX_VALUE : Double.MIN_VALUE;
      case 4 -> r.nextInt(1000) - 500;
      default -> single ? Float.intBitsToFloat(r.nextInt()) : Double.longBitsToDouble(r.nextLong());
    };
  }

  static Object floats(Random r, FloatType t, int n) {
    if (t.size() == 4) {
      float[] a = new float[n];
      for (int i = 0; i < n; i++) {
        a[i] = (float) floatValue(r, true);
      }
      return a;
    }
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = floatValue(r, false);
    }
    return a;
  }

  static final FixedPointType[] INTS = {Datatypes.INT8, Datatypes.INT16, Datatypes.INT32,
      Datatypes.INT64, Datatypes.UINT8, Datatypes.UINT16, Datatypes.UINT32, Datatypes.UINT64};
  static final FloatType[] FLOATS = {Datatypes.FLOAT32, Datatypes.FLOAT64};

  static FixedPointType intType(Random r) {
    FixedPointType t = INTS[r.nextInt(INTS.length)];
    return r.nextBoolean() ? (FixedPointType) Datatypes.bigEndian(t) : t;
  }

  static FloatType floatType(Random r) {
    FloatType t = FLOATS[r.nextInt(FLOATS.length)];
    return r.nextBoolean() ? (FloatType) Datatypes.bigEndian(t) : t;
  }

  static Datatype numberType(Random r) {
    return r.nextBoolean() ? intType(r) : floatType(r);
  }

  static Object numbers(Random r, Datatype t, int n) {
    return t instanceof FixedPointType f ? ints(r, f, n) : floats(r, (FloatType) t, n);
  }

  /** A boxed compound member value as h5j reads it back: Long or (widened) Double. */
  static Object boxedNumber(Random r, Datatype t) {
    Object one = numbers(r, t, 1);
    Object v = Array.get(one, 0);
    return v instanceof Float f ? (Object) (double) f
        : v instanceof Double ? v : (Object) ((Number) v).longValue();
  }

  static Kind kind(Random r) {
    switch (r.nextInt(9)) {
      case 0, 1: {
        FixedPointType t = intType(r);
        return new Kind(Canonical.numpy(t), t, (g, n) -> ints(g, t, n));
      }
      case 2: {
        FloatType t = floatType(r);
        return new Kind(Canonical.numpy(t), t, (g, n) -> floats(g, t, n));
      }
      case 3: {
        boolean ascii = r.nextBoolean();
        int size = 1 + r.nextInt(12);
        Datatype t = Datatypes.fixedString(size, ascii ? CharacterSet.ASCII : CharacterSet.UTF8);
        return new Kind("S" + size + (ascii ? "-ascii" : "-utf8"), t, (g, n) -> {
          String[] a = new String[n];
          for (int i = 0; i < n; i++) {
            a[i] = fitting(g, size, ascii);
          }
          return a;
        });
      }
      case 4: {
        Datatype t = Datatypes.vlenString(CharacterSet.UTF8);
        return new Kind("vlen-utf8", t, (g, n) -> {
          String[] a = new String[n];
          for (int i = 0; i < n; i++) {
            a[i] = text(g, 8, false);
          }
          return a;
        });
      }
      case 5: {
        int members = 1 + r.nextInt(3);
        List<String> names = new ArrayList<>();
        List<Datatype> types = new ArrayList<>();
        for (int i = 0; i < members; i++) {
          names.add("m" + i + name(r, ""));
          types.add(numberType(r));
        }
        CompoundType t = CompoundType.packed(names, types);
        return new Kind("compound" + types, t, (g, n) -> {
          @SuppressWarnings("unchecked")
          Map<String, Object>[] a = new Map[n];
          for (int i = 0; i < n; i++) {
            a[i] = new LinkedHashMap<>();
            for (int m = 0; m < members; m++) {
              a[i].put(names.get(m), boxedNumber(g, types.get(m)));
            }
          }
          return a;
        });
      }
      case 6: {
        FixedPointType base = INTS[r.nextInt(INTS.length)];
        if (r.nextBoolean()) {
          base = (FixedPointType) Datatypes.bigEndian(base);
        }
        int count = 1 + r.nextInt(5);
        String[] names = new String[count];
        for (int i = 0; i < count; i++) {
          names[i] = "E" + i + name(r, "");
        }
        EnumType t = Datatypes.enumOf(base, names);
        return new Kind("enum" + count + "/" + Canonical.numpy(base), t, (g, n) -> {
          String[] a = new String[n];
          for (int i = 0; i < n; i++) {
            a[i] = names[g.nextInt(count)];
          }
          return a;
        });
      }
      case 7: {
        FloatType base = floatType(r);
        int[] dims = r.nextBoolean() ? new int[] {1 + r.nextInt(4)}
            : new int[] {1 + r.nextInt(3), 1 + r.nextInt(3)};
        int m = Arrays.stream(dims).reduce(1, (a, b) -> a * b);
        Datatype t = Datatypes.array(base, dims);
        return new Kind("array" + Arrays.toString(dims) + Canonical.numpy(base), t, (g, n) -> {
          Object[] a = new Object[n];
          for (int i = 0; i < n; i++) {
            a[i] = floats(g, base, m);
          }
          return a;
        });
      }
      default: {
        Datatype base = r.nextBoolean() ? Datatypes.INT32 : Datatypes.bigEndian(Datatypes.INT32);
        Datatype t = Datatypes.vlenSequence(base);
        return new Kind("vlen" + Canonical.numpy(base), t, (g, n) -> {
          Object[] a = new Object[n];
          for (int i = 0; i < n; i++) {
            a[i] = ints(g, (FixedPointType) base, g.nextInt(5));
          }
          return a;
        });
      }
    }
  }

  static List<AttrModel> attrs(Random r) {
    int count = switch (r.nextInt(4)) {
      case 0 -> 0;
      case 1 -> 9 + r.nextInt(4); // past 8: dense storage
      default -> r.nextInt(9);
    };
    List<AttrModel> out = new ArrayList<>();
    java.util.Set<String> used = new java.util.HashSet<>();
    while (out.size() < count) {
      String n = name(r, "attr_");
      if (!used.add(n)) {
        continue;
      }
      Kind k = kind(r);
      boolean scalar = r.nextBoolean();
      out.add(new AttrModel(n, k, scalar, k.gen().values(r, scalar ? 1 : r.nextInt(5))));
    }
    return out;
  }

  static DatasetModel dataset(Random r) {
    Kind k = kind(r);
    int rank = r.nextInt(4);
    long[] shape = new long[rank];
    long count = 1;
    for (int i = 0; i < rank; i++) {
      shape[i] = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(rank == 1 ? 12 : 4);
      count *= shape[i];
    }
    DatasetSpec.Layout layout = count * k.type().size() <= 512 && r.nextBoolean()
        ? DatasetSpec.Layout.COMPACT : DatasetSpec.Layout.CONTIGUOUS;
    boolean unwritten = r.nextInt(4) == 0;
    Object data = unwritten ? null : k.gen().values(r, (int) count);
    Object fill = null;
    if (unwritten && Canonical.isPlainNumber(k.type()) && r.nextBoolean()) {
      fill = k.gen().values(r, 1);
    }
    return new DatasetModel(k, shape, layout, data, fill, attrs(r));
  }

  static GroupModel group(Random r, int depth, String path, List<String> paths) {
    Map<String, NodeModel> children = new LinkedHashMap<>();
    int n = depth >= MAX_DEPTH ? 0 : r.nextInt(depth == 0 ? 11 : 7 - depth);
    for (int i = 0; i < n; i++) {
      String name = name(r, "");
      if (children.containsKey(name)) {
        continue;
      }
      String child = (path.equals("/") ? "" : path) + "/" + name;
      int what = r.nextInt(10);
      if (what < 4 && depth < MAX_DEPTH) {
        children.put(name, group(r, depth + 1, child, paths));
      } else if (what < 9) {
        children.put(name, dataset(r));
      } else {
        children.put(name, null); // soft link, target chosen once all paths are known
      }
      paths.add(child);
    }
    return new GroupModel(children, attrs(r));
  }

  static void linkSoft(Random r, GroupModel g, List<String> paths) {
    for (Map.Entry<String, NodeModel> e : g.children().entrySet()) {
      if (e.getValue() == null) {
        e.setValue(new SoftModel(r.nextInt(4) == 0 || paths.isEmpty() ? "/no/such/object"
            : paths.get(r.nextInt(paths.size()))));
      } else if (e.getValue() instanceof GroupModel c) {
        linkSoft(r, c, paths);
      }
    }
  }

  @Provide
  Arbitrary<Tree> trees() {
    return Arbitraries.longs().map(seed -> {
      Random r = new Random(seed);
      List<String> paths = new ArrayList<>();
      GroupModel root = group(r, 0, "/", paths);
      linkSoft(r, root, paths);
      return new Tree(r.nextBoolean() ? H5File.SUPERBLOCK_V2 : H5File.SUPERBLOCK_V3, root,
          seed);
    });
  }

  // ------------------------------------------------------------------ writing

  static void write(Group g, GroupModel m) throws IOException {
    for (AttrModel a : m.attrs()) {
      putAttr(g, a);
    }

    for (Map.Entry<String, NodeModel> e : m.children().entrySet()) {
      if (e.getValue() instanceof GroupModel c) {
        write(g.createGroup(e.getKey()), c);
      } else if (e.getValue() instanceof DatasetModel d) {
        DatasetSpec spec = d.data() == null || Array.getLength(d.data()) == 0
            ? DatasetSpec.empty(d.kind().type(), d.shape())
            : DatasetSpec.of(d.data()).datatype(d.kind().type()).shape(d.shape());
        spec.layout(d.layout());
        if (d.fill() != null) {
          spec.fillValue(d.fill());
        }
        Dataset ds = g.createDataset(e.getKey(), spec);
        for (AttrModel a : d.attrs()) {
          putAttr(ds, a);
        }

      }
    }
  }

  static void writeSoft(Group g, GroupModel m) throws IOException {
    for (Map.Entry<String, NodeModel> e : m.children().entrySet()) {
      if (e.getValue() instanceof SoftModel s) {
        g.createSoftLink(e.getKey(), s.target());
      } else if (e.getValue() instanceof GroupModel c) {
        writeSoft(g.group(e.getKey()), c);
      }
    }
  }

  static void putAttr(io.h5j.Node node, AttrModel a) throws java.io.IOException {
    Dataspace space = a.scalar() ? Dataspace.SCALAR : Dataspace.simple(Array.getLength(a.values()));
    node.attributes().put(a.name(), a.kind().type(), space, a.values());
  }

  // ------------------------------------------------------------------ expected form

  static Map<String, Object> expected(Tree t) {
    Map<String, Object> out = new LinkedHashMap<>();
    expected("/", t.root(), out);
    return out;
  }

  private static void expected(String path, NodeModel n, Map<String, Object> out) {
    Map<String, Object> e = new LinkedHashMap<>();
    if (n instanceof SoftModel s) {
      out.put(path, Map.of("kind", "soft", "target", s.target()));
      return;
    }
    out.put(path, e);
    if (n instanceof DatasetModel d) {
      Datatype t = d.kind().type();
      e.put("kind", "dataset");
      e.put("dtype", Canonical.type(t));
      e.put("layout", d.layout().name().toLowerCase(java.util.Locale.ROOT));
      e.put("shape", Canonical.dims(d.shape()));
      int count = (int) Arrays.stream(d.shape()).reduce(1, (a, b) -> a * b);
      Object data = d.data();
      if (data == null) {
        data = expectedUnwritten(t, d.fill(), count);
      }
      e.put("values", Canonical.elements(t, data));
      if (Canonical.isPlainNumber(t)) {
        e.put("fill", d.fill() == null ? Canonical.element(t, 0L)
            : Canonical.element(t, Array.get(d.fill(), 0)));
      }
      e.put("attrs", expectedAttrs(d.attrs()));
      return;
    }
    GroupModel g = (GroupModel) n;
    List<String> names = new ArrayList<>(g.children().keySet());
    names.sort(null);
    e.put("kind", "group");
    e.put("links", new ArrayList<Object>(names));
    e.put("attrs", expectedAttrs(g.attrs()));
    for (String name : names) {
      expected((path.equals("/") ? "" : path) + "/" + name, g.children().get(name), out);
    }
  }

  /** What an unwritten dataset reads as: the fill value, else zero bytes decoded. */
  static Object expectedUnwritten(Datatype t, Object fill, int count) {
    Class<?> c = io.h5j.format.datatype.DataConverter.javaArrayClass(t);
    Object a = Array.newInstance(c.getComponentType(), count);
    for (int i = 0; i < count; i++) {
      Object v;
      if (fill != null) {
        v = Array.get(fill, 0);
      } else {
        v = zero(t);
      }
      Array.set(a, i, v);
    }
    return a;
  }

  static Object zero(Datatype t) {
    Class<?> comp = io.h5j.format.datatype.DataConverter.javaArrayClass(t).getComponentType();
    if (comp.isPrimitive()) {
      return Array.get(Array.newInstance(comp, 1), 0);
    } else if (t instanceof EnumType e) {
      int i = e.values().indexOf(0L);
      return i >= 0 ? e.names().get(i) : "0";
    } else if (comp == String.class) {
      return "";
    } else if (t instanceof CompoundType c) {
      Map<String, Object> m = new LinkedHashMap<>();
      for (CompoundType.Member x : c.members()) {
        m.put(x.name(), x.type() instanceof FloatType ? (Object) 0.0 : (Object) 0L);
      }
      return m;
    } else if (t instanceof io.h5j.type.ArrayType a) {
      Class<?> bc = io.h5j.format.datatype.DataConverter.javaArrayClass(a.base());
      return Array.newInstance(bc.getComponentType(), a.elementCount());
    } else if (t instanceof io.h5j.type.VarLenType v) {
      Class<?> bc = io.h5j.format.datatype.DataConverter.javaArrayClass(v.base());
      return Array.newInstance(bc.getComponentType(), 0);
    }
    throw new IllegalArgumentException("no zero for " + t);
  }

  static Map<String, Object> expectedAttrs(List<AttrModel> attrs) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (AttrModel a : attrs) {
      Dataspace space = a.scalar() ? Dataspace.SCALAR
          : Dataspace.simple(Array.getLength(a.values()));
      out.put(a.name(), Canonical.attribute(a.kind().type(), space,
          a.scalar() ? Array.get(a.values(), 0) : a.values()));
    }
    return out;
  }

  // ------------------------------------------------------------------ the property

  @Property(tries = 30)
  void h5jWritesRandomTreesThatH5jH5pyAndH5dumpReadBack(@ForAll("trees") Tree tree)
      throws Exception {
    Path dir = Files.createTempDirectory("h5j-random-tree");
    Path file = dir.resolve("tree.h5");
    try {
      try (H5File f = H5File.create(file, tree.superblock())) {
        write(f.root(), tree.root());
        writeSoft(f.root(), tree.root());
      }
      Map<String, Object> expected = expected(tree);
      try (H5File f = H5File.open(file)) {
        assertEquals(tree.superblock(), f.superblockVersion());
        checkTypesAndShapes(f.root(), tree.root());
        String d = Canonical.diff(expected, Canonical.byH5j(f), "h5j");
        assertNull(d, () -> "h5j reads back something else than it wrote:\n" + tree);
      }
      Map<String, Object> py = Canonical.byH5py(file);
      String d = Canonical.diff(expected, py, "h5py");
      assertNull(d, () -> "h5py reads something else than h5j wrote:\n" + tree);
      Oracles.h5dump(file);
    } finally {
      try (var s = Files.walk(dir)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Datatypes, dataspaces and layouts as records, beyond the canonical form. */
  static void checkTypesAndShapes(Group g, GroupModel m) throws IOException {
    checkAttrs(g, m.attrs());
    for (Map.Entry<String, NodeModel> e : m.children().entrySet()) {
      if (e.getValue() instanceof GroupModel c) {
        checkTypesAndShapes(g.group(e.getKey()), c);
      } else if (e.getValue() instanceof DatasetModel d) {
        Dataset ds = g.dataset(e.getKey());
        assertEquals(d.kind().type(), ds.datatype(), ds.path());
        assertArrayEquals(d.shape(), ds.shape(), ds.path());
        assertEquals(d.layout().name(), ds.layoutName(), ds.path());
        checkAttrs(ds, d.attrs());
      } else if (e.getValue() instanceof SoftModel s) {
        io.h5j.Link link = g.links().stream().filter(l -> l.name().equals(e.getKey()))
            .findFirst().orElseThrow();
        assertEquals(io.h5j.Link.Kind.SOFT, link.kind());
        assertEquals(s.target(), link.target());
      }
    }
  }

  static void checkAttrs(io.h5j.Node node, List<AttrModel> attrs) throws IOException {
    Map<String, Attribute> all = node.attributes().all();
    assertEquals(attrs.size(), all.size(), node.path());
    for (AttrModel a : attrs) {
      Attribute got = all.get(a.name());
      assertEquals(a.kind().type(), got.datatype(), node.path() + "@" + a.name());
      assertEquals(a.scalar() ? Dataspace.Kind.SCALAR : Dataspace.Kind.SIMPLE,
          got.dataspace().kind(), node.path() + "@" + a.name());
    }
  }
}
