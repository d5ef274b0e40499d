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
 * target (or, with {@code --follow-symlinks}, as the objects they reach). A dataset is read in boxes of bounded size, whole chunks of the first file's
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
  /** {@code --no-dangling-links} and a link that reaches nothing: h5diff's error code. */
  private boolean danglingError;
  /** The two objects compared are the two paths given, not members of a walk. */
  private boolean given;

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
    DiffTree.Entry e1 = find(f1, path1);
    DiffTree.Entry e2 = find(f2, path2);
    boolean trees = e1.kind() == DiffTree.Kind.GROUP && e2.kind() == DiffTree.Kind.GROUP;
    if (trees) {
      compareTrees((Group) e1.node(), e1.path(), (Group) e2.node(), e2.path());
    } else {
      danglingError |= options.noDanglingLinks() && (e1.kind() == DiffTree.Kind.DANGLING
          || e2.kind() == DiffTree.Kind.DANGLING);
      given = true;
      compareObjects(e1, e1.path(), e2, e2.path());
    }
    printer.finish();
    if (danglingError) {
      return DiffCommand.ERROR;
    }
    // as h5diff: two objects not comparable differ; in a walk they are only noted
    return differences > 0 || unmatched || !trees && notComparable ? DIFFERENT : SAME;
  }

  /**
   * The object at {@code path}; a soft or external link there as a link, or with
   * {@code --follow-symlinks} as what it reaches (dangling if nothing), as h5diff takes it.
   */
  private DiffTree.Entry find(H5File f, String path) throws IOException {
    String p = path.startsWith("/") ? path : "/" + path;
    while (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    Link link = symbolicLink(f, p);
    if (link != null) {
      Group parent = f.group(p.substring(0, Math.max(1, p.lastIndexOf('/'))));
      return options.followLinks()
          ? DiffTree.target(parent, link, p, new java.util.HashSet<>())
          : new DiffTree.Entry(p, DiffTree.Kind.LINK, null, link);
    }
    try {
      Node n = f.get(path);
      return DiffTree.entry(n.path(), n, null);
    } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
      throw new MissingObject(path, f);
    }
  }

  /** The soft or external link named by the last component of {@code path}, else null. */
  private static Link symbolicLink(H5File f, String path) throws IOException {
    int slash = path.lastIndexOf('/');
    String name = path.substring(slash + 1);
    String parent = path.substring(0, Math.max(1, slash));
    if (name.isEmpty()) {
      return null;
    }
    try {
      if (!(f.get(parent) instanceof Group g)) {
        return null;
      }
      for (Link l : g.links()) {
        if (l.name().equals(name)) {
          return l.kind() == Link.Kind.SOFT || l.kind() == Link.Kind.EXTERNAL ? l : null;
        }
      }
      return null;
    } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
      return null;
    }
  }

  private boolean settled() {
    return options.quiet() && (differences > 0 || unmatched);
  }

  /** Two groups member by member, at paths {@code base1} and {@code base2} (links followed). */
  private void compareTrees(Group g1, String base1, Group g2, String base2) throws IOException {
    DiffTree.Walk w1 = DiffTree.of(g1, options.followLinks());
    DiffTree.Walk w2 = DiffTree.of(g2, options.followLinks());
    danglingError |= options.noDanglingLinks() && (w1.dangling() || w2.dangling());
    List<DiffTree.Entry> a = excluding(w1.entries());
    List<DiffTree.Entry> b = excluding(w2.entries());
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
    printer.objectList(paths, inA, inB, base1.equals("/") && base2.equals("/"));
    for (DiffTree.Entry[] p : pairs) {
      if (settled()) {
        return;
      }
      if (p[0] == null || p[1] == null) {
        unmatched = true;
      } else {
        compareObjects(p[0], join(base1, p[0].path()), p[1], join(base2, p[1].path()));
      }
    }
  }

  /** The entries of a walk but those {@code --exclude-path} leaves out. */
  private List<DiffTree.Entry> excluding(List<DiffTree.Entry> entries) {
    if (options.excluded().isEmpty()) {
      return entries;
    }
    List<DiffTree.Entry> kept = new ArrayList<>();
    for (DiffTree.Entry e : entries) {
      if (e.path().equals("/") || !options.excludes(e.path())) {
        kept.add(e);
      }
    }
    return kept;
  }

  private static String join(String base, String relative) {
    return relative.equals("/") ? base : base.equals("/") ? relative : base + relative;
  }

  private void compareObjects(DiffTree.Entry x, String p1, DiffTree.Entry y, String p2)
      throws IOException {
    if (x.kind() == DiffTree.Kind.DANGLING || y.kind() == DiffTree.Kind.DANGLING) {
      compareDangling(x, p1, y, p2);
      return;
    }
    if (x.kind() != y.kind()) {
      notComparable("<" + p1 + "> is of type " + typeName(x.kind()) + " and <" + p2
          + "> is of type " + typeName(y.kind()));
      return;
    }
    switch (x.kind()) {
      case DANGLING -> { } // compared above
      case LINK -> {
        boolean differ = !sameLink(x.link(), y.link());
        printer.link(p1, p2, differ, x.link().kind() == Link.Kind.EXTERNAL);
        differences += differ ? 1 : 0;
        return;
      }
      case GROUP -> printer.group(p1, p2);
      case DATASET -> compareDatasets((Dataset) x.node(), p1, (Dataset) y.node(), p2);
      case DATATYPE -> { } // h5diff compares a committed datatype's attributes only
    }
    compareAttributes(x.node(), p1, y.node(), p2);
  }

  /**
   * A pair of which one or both links reach nothing: two dangling links are the same, one
   * differs from any object; with {@code --no-dangling-links}, only a warning (the walk has
   * made the run an error).
   */
  private void compareDangling(DiffTree.Entry x, String p1, DiffTree.Entry y, String p2) {
    boolean first = x.kind() == DiffTree.Kind.DANGLING;
    if (options.noDanglingLinks()) {
      printer.warning("<" + (first ? p1 : p2) + "> is a dangling link.", false);
    } else if (first && y.kind() == DiffTree.Kind.DANGLING) {
      printer.danglingPair(p1, p2);
    } else {
      printer.danglingOne(first ? 1 : 2, first ? p1 : p2, given);
      differences++;
    }
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
      case LINK, DANGLING -> "H5G_LINK";
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
    printer.begin("dataset: ", p1, p2, new DiffPrinter.Table(s1, s2, lastName(p1),
        lastName(p2)));
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
      long limit = options.limit();
      while (plan.hasNext() && found < limit && !(options.quiet() && found > 0)) {
        SlabPlan.Box box = plan.next();
        Selection sel = dims.length == 0 ? Selection.all()
            : Selection.box(box.start(), box.shape());
        found += compareValues(d1.read(sel), d2.read(sel), (int) box.elements(), box.start(),
            box.shape(), elements, limit - found);
      }
    }
    differences += found;
    printer.end(found);
  }

  /** The name a path ends in, which h5diff heads a table's column with. */
  private static String lastName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
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
   * a scalar); prints each difference, stopping after {@code limit} as h5diff's {@code -n};
   * returns how many there are.
   */
  private long compareValues(Object a, Object b, int count, long[] start, long[] shape,
      DiffElements elements, long limit) {
    long found = 0;
    for (int i = 0; i < count && found < limit; i++) {
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
                options.tolerance()), options.limit());
      }
      differences += found;
      printer.end(found);
    }
  }
}
