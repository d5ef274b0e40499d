package io.h5j.cli;

import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.Node;
import io.h5j.Selection;
import io.h5j.StorageLayout;
import io.h5j.raw.ElementCodec;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Two files compared object by object as h5diff compares them: the objects matched by path
 * below the two paths given, datasets and attributes element by element, soft links by
 * target. A dataset is read in boxes of bounded size, whole chunks of the first file's
 * dataset at a time in C order, the same box from both files, so that memory stays bounded
 * whatever the size and the differences come out in h5diff's order. Virtual datasets are
 * read through h5j's own VDS code, including HDF5 2.0's encodings that libhdf5 1.10 refuses.
 */
final class FileDiff {
  /** Exit code: no difference found. */
  static final int SAME = 0;
  /** Exit code: some difference found. */
  static final int DIFFERENT = 1;

  private static final String[] CLASS_NAMES = {"H5T_INTEGER", "H5T_FLOAT", "H5T_TIME",
      "H5T_STRING", "H5T_BITFIELD", "H5T_OPAQUE", "H5T_COMPOUND", "H5T_REFERENCE", "H5T_ENUM",
      "H5T_VLEN", "H5T_ARRAY", "H5T_COMPLEX"};

  private final DiffOptions options;
  private final DiffPrinter printer;
  private long differences;
  /** An object or an attribute is in one file only. */
  private boolean unmatched;
  private boolean notComparable;

  FileDiff(DiffOptions options, DiffPrinter printer) {
    this.options = options;
    this.printer = printer;
  }

  /** A path that names nothing, in h5diff's words. */
  static final class MissingObject extends IOException {
    MissingObject(String path, H5File file) {
      super("Object <" + path + "> could not be found in <" + file.path() + ">");
    }
  }

  /**
   * Compares {@code path1} of {@code f1} with {@code path2} of {@code f2}: two groups member
   * by member, else the two objects; returns {@link #SAME} or {@link #DIFFERENT}.
   */
  int compare(H5File f1, String path1, H5File f2, String path2) throws IOException {
    Node n1 = find(f1, path1);
    Node n2 = find(f2, path2);
    boolean trees = n1 instanceof Group && n2 instanceof Group;
    if (trees) {
      compareTrees((Group) n1, (Group) n2);
    } else {
      compareObjects(entry(n1), n1.path(), entry(n2), n2.path());
    }
    printer.finish();
    // as h5diff: two objects not comparable differ; in a walk they are only noted
    return differences > 0 || unmatched || !trees && notComparable ? DIFFERENT : SAME;
  }

  private static Node find(H5File f, String path) throws IOException {
    try {
      return f.get(path);
    } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
      throw new MissingObject(path, f);
    }
  }

  private static DiffTree.Entry entry(Node n) {
    return new DiffTree.Entry(n.path(), n instanceof Group ? DiffTree.Kind.GROUP
        : n instanceof Dataset ? DiffTree.Kind.DATASET : DiffTree.Kind.DATATYPE, n, null);
  }

  private boolean settled() {
    return options.quiet() && (differences > 0 || unmatched);
  }

  private void compareTrees(Group g1, Group g2) throws IOException {
    List<DiffTree.Entry> a = DiffTree.of(g1);
    List<DiffTree.Entry> b = DiffTree.of(g2);
    List<String> paths = new ArrayList<>();
    List<Boolean> inA = new ArrayList<>();
    List<Boolean> inB = new ArrayList<>();
    List<DiffTree.Entry[]> pairs = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < a.size() || j < b.size()) {
      int c = i == a.size() ? 1 : j == b.size() ? -1
          : DiffTree.PATH_ORDER.compare(a.get(i).path(), b.get(j).path());
      DiffTree.Entry x = c <= 0 ? a.get(i++) : null;
      DiffTree.Entry y = c >= 0 ? b.get(j++) : null;
      paths.add((x != null ? x : y).path());
      inA.add(x != null);
      inB.add(y != null);
      pairs.add(new DiffTree.Entry[] {x, y});
    }
    printer.objectList(paths, inA, inB, g1.path().equals("/") && g2.path().equals("/"));
    for (DiffTree.Entry[] p : pairs) {
      if (settled()) {
        return;
      }
      if (p[0] == null || p[1] == null) {
        unmatched = true;
      } else {
        compareObjects(p[0], join(g1.path(), p[0].path()), p[1], join(g2.path(), p[1].path()));
      }
    }
  }

  private static String join(String base, String relative) {
    return relative.equals("/") ? base : base.equals("/") ? relative : base + relative;
  }

  private void compareObjects(DiffTree.Entry x, String p1, DiffTree.Entry y, String p2)
      throws IOException {
    if (x.kind() != y.kind()) {
      notComparable("<" + p1 + "> is of type " + typeName(x.kind()) + " and <" + p2
          + "> is of type " + typeName(y.kind()));
      return;
    }
    switch (x.kind()) {
      case LINK -> {
        boolean differ = !sameLink(x.link(), y.link());
        printer.link(p1, p2, differ);
        differences += differ ? 1 : 0;
        return;
      }
      case GROUP -> printer.group(p1, p2);
      case DATASET -> compareDatasets((Dataset) x.node(), p1, (Dataset) y.node(), p2);
      case DATATYPE -> { } // h5diff compares a committed datatype's attributes only
    }
    compareAttributes(x.node(), p1, y.node(), p2);
  }

  private static boolean sameLink(Link a, Link b) {
    return a.kind() == b.kind() && Objects.equals(a.target(), b.target())
        && Objects.equals(a.file(), b.file());
  }

  private static String typeName(DiffTree.Kind k) {
    return switch (k) {
      case GROUP -> "H5G_GROUP";
      case DATASET -> "H5G_DATASET";
      case DATATYPE -> "H5G_TYPE";
      case LINK -> "H5G_LINK";
    };
  }

  private void notComparable(String why) {
    notComparable = true;
    printer.notComparable(why);
  }

  /** Whether two objects of these types and shapes can be compared; says why not if not. */
  private boolean comparable(String p1, Datatype t1, Dataspace s1, String p2, Datatype t2,
      Dataspace s2) {
    if (t1.classId() != t2.classId()) {
      notComparable(p1 + " is of class " + className(t1) + " and " + p2 + " is of class "
          + className(t2));
      return false;
    }
    if (!t1.equals(t2)) {
      printer.warning("different storage datatype", false);
      String n1 = h5Name(t1);
      String n2 = h5Name(t2);
      if (n1 != null && n2 != null) {
        printer.verboseNote(p1 + " has file datatype " + n1);
        printer.verboseNote(p2 + " has file datatype " + n2);
      }
    }
    if (s1.kind() != s2.kind() || !Arrays.equals(s1.dims(), s2.dims())) {
      notComparable(p1 + " has rank " + s1.rank() + ", dimensions " + DiffPrinter.dims(s1)
          + ", max dimensions " + maxDims(s1) + "\nand " + p2 + " has rank " + s2.rank()
          + ", dimensions " + DiffPrinter.dims(s2) + ", max dimensions " + maxDims(s2));
      return false;
    }
    return true;
  }

  /** libhdf5's name of a standard integer or IEEE float type, else null. */
  private static String h5Name(Datatype t) {
    String order = t instanceof FixedPointType f ? order(f.order())
        : t instanceof FloatType f && (f.isIeeeSingle() || f.isIeeeDouble()) ? order(f.order())
        : null;
    if (order == null) {
      return null;
    }
    return (t instanceof FixedPointType f ? "H5T_STD_" + (f.signed() ? "I" : "U")
        : "H5T_IEEE_F") + 8 * t.size() + order;
  }

  private static String order(Endianness e) {
    return e == Endianness.BIG_ENDIAN ? "BE" : e == Endianness.LITTLE_ENDIAN ? "LE" : null;
  }

  private static String className(Datatype t) {
    int id = t.classId();
    return id >= 0 && id < CLASS_NAMES.length ? CLASS_NAMES[id] : "class " + id;
  }

  private static String maxDims(Dataspace s) {
    if (s.rank() == 0) {
      return DiffPrinter.dims(s);
    }
    StringBuilder b = new StringBuilder("[");
    long[] m = s.maxDims();
    for (int i = 0; i < m.length; i++) {
      b.append(i > 0 ? "x" : "").append(m[i] == Dataspace.UNLIMITED ? "H5S_UNLIMITED" : m[i]);
    }
    return b.append(']').toString();
  }

  private void compareDatasets(Dataset d1, String p1, Dataset d2, String p2)
      throws IOException {
    Dataspace s1 = d1.dataspace();
    Dataspace s2 = d2.dataspace();
    Datatype t1 = d1.datatype();
    Datatype t2 = d2.datatype();
    printer.begin("dataset: ", p1, p2, new DiffPrinter.Table(s1, s2, d1.name(), d2.name()));
    if (!comparable("<" + p1 + ">", t1, s1, "<" + p2 + ">", t2, s2)) {
      printer.end(0);
      return;
    }
    if (d1.layout().kind() == StorageLayout.Kind.VIRTUAL
        || d2.layout().kind() == StorageLayout.Kind.VIRTUAL) {
      printer.warning("<" + p1 + "> or <" + p2 + "> is a virtual dataset", true);
    }
    DiffElements elements = DiffElements.of(t1, t2, options.tolerance());
    long found = 0;
    if (!s1.isNull() && s1.elementCount() > 0) {
      long[] dims = s1.dims();
      SlabPlan plan = new SlabPlan(dims, d1.layout().chunkShape(), slabLimit(t1, t2));
      while (plan.hasNext() && !(options.quiet() && found > 0)) {
        SlabPlan.Box box = plan.next();
        Selection sel = dims.length == 0 ? Selection.all()
            : Selection.box(box.start(), box.shape());
        found += compareValues(d1.read(sel), d2.read(sel), (int) box.elements(), box.start(),
            box.shape(), elements);
      }
    }
    differences += found;
    printer.end(found);
  }

  /** Elements per box: a few MiB of stored values, fewer when each becomes an object. */
  private static long slabLimit(Datatype t1, Datatype t2) {
    long size = Math.max(1, Math.max(t1.size(), t2.size()));
    long limit = Math.max(1, DatasetValues.SLAB_BYTES / size);
    boolean primitive = ElementCodec.arrayClass(t1).getComponentType().isPrimitive()
        && ElementCodec.arrayClass(t2).getComponentType().isPrimitive();
    return primitive ? limit : Math.min(limit, DatasetValues.SLAB_OBJECTS);
  }

  /**
   * Compares {@code count} elements of a box at {@code start} of {@code shape} (empty:
   * a scalar); prints each difference; returns how many there are.
   */
  private long compareValues(Object a, Object b, int count, long[] start, long[] shape,
      DiffElements elements) {
    long found = 0;
    for (int i = 0; i < count; i++) {
      int n = elements.count(a, b, i);
      if (n > 0) {
        found += n;
        long[] at = position(i, start, shape);
        for (DiffElements.Line line : elements.lines(a, b, i)) {
          printer.difference(at, line);
        }
        if (options.quiet()) {
          break;
        }
      }
    }
    return found;
  }

  private static long[] position(long index, long[] start, long[] shape) {
    long[] p = new long[shape.length];
    for (int d = shape.length - 1; d >= 0; d--) {
      p[d] = start[d] + index % shape[d];
      index /= shape[d];
    }
    return p;
  }

  private void compareAttributes(Node n1, String p1, Node n2, String p2) throws IOException {
    Map<String, Attribute> a = n1.attributes().all();
    Map<String, Attribute> b = n2.attributes().all();
    TreeSet<String> names = new TreeSet<>(DiffTree.PATH_ORDER);
    names.addAll(a.keySet());
    names.addAll(b.keySet());
    for (String name : names) {
      if (settled()) {
        return;
      }
      Attribute x = a.get(name);
      Attribute y = b.get(name);
      if (x == null || y == null) {
        unmatched = true;
        continue;
      }
      String l1 = name + " of <" + p1 + ">";
      String l2 = name + " of <" + p2 + ">";
      printer.begin("attribute: ", l1, l2, new DiffPrinter.Table(x.dataspace(), y.dataspace(),
          l1, l2));
      long found = 0;
      if (comparable("<" + l1 + ">", x.datatype(), x.dataspace(), "<" + l2 + ">",
          y.datatype(), y.dataspace()) && x.value() != null && y.value() != null) {
        long[] dims = x.dataspace().dims();
        found = compareValues(x.value(), y.value(), (int) x.dataspace().elementCount(),
            new long[dims.length], dims, DiffElements.of(x.datatype(), y.datatype(),
                options.tolerance()));
      }
      differences += found;
      printer.end(found);
    }
  }
}
