package io.h5j.repack;

import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.NamedDatatype;
import io.h5j.Node;
import io.h5j.Selection;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.Reference;
import io.h5j.type.ReferenceType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Re-reads a repacked file and compares every object reachable from the root with the
 * original: links, attributes, datatypes, shapes and every element. Chunked datasets whose
 * chunk shape and filters the repack kept are compared chunk by chunk as stored bytes; other
 * plain data as element bytes in slabs of bounded size; variable-length data as decoded
 * values; object references by whether they point to corresponding objects. Virtual datasets
 * whose mappings are the same and name datasets of the same file are equal when those are
 * (each is compared where the walk meets it); others are read, and whose sources are missing
 * read as their fill value in both files, as libhdf5 reads them. An object that cannot be
 * read in either file is a difference, named by its path.
 *
 * <p>Memory stays bounded whatever the file's size: the walk holds links still to visit, not
 * opened objects, and one chunk or slab of each file at a time; both files are opened afresh
 * whenever what the library keeps of the objects read (decoded mapping blocks above all)
 * passes a budget ({@link HeldState}).
 */
public final class RepackVerifier {
  /** Bytes of one dataset slab read from each file at a time. */
  private static final long SLAB_BYTES = 8L << 20;
  /** Chunk cache of each file. */
  private static final long CHUNK_CACHE_BYTES = 16L << 20;


  private final Path inPath;
  private final Path outPath;
  private H5File in;
  private H5File out;
  /** What the open files keep of the objects compared so far: see {@link HeldState}. */
  private final HeldState held = new HeldState();
  private final int limit;
  private final List<String> differences = new ArrayList<>();
  /** Object header addresses of the input and their counterparts in the output. */
  private final Map<Long, Long> counterpart = new HashMap<>();
  private final List<Runnable> referenceChecks = new ArrayList<>();
  /** The slab of each file being compared, reused from dataset to dataset. */
  private ByteBuffer slabOfIn = ByteBuffer.allocate(0);
  private ByteBuffer slabOfOut = ByteBuffer.allocate(0);

  private final RepackProgress progress;
  /** The input's size, for progress reports. */
  private long totalBytes;
  private long comparedBytes;
  private long comparedObjects;

  private RepackVerifier(Path in, Path out, int limit, RepackProgress progress) {
    this.inPath = in;
    this.outPath = out;
    this.limit = limit;
    this.progress = progress == null ? RepackProgress.NONE : progress;
  }

  /**
   * The differences between the objects of {@code in} and {@code out}, at most
   * {@code limit} of them; empty when they hold the same content.
   *
   * @param in the file repacked
   * @param out the repacked file
   * @param limit the most differences to list; comparing stops there
   * @return one line per difference, naming the object and what differs
   * @throws IOException if either file cannot be read, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure in it is malformed or unsupported
   */
  public static List<String> compare(Path in, Path out, int limit) throws IOException {
    return compare(in, out, limit, RepackProgress.NONE);
  }

  /**
   * As {@link #compare(Path, Path, int)}, telling {@code progress} the objects and the bytes
   * of {@code in} compared so far, and {@code in}'s size, after every object and every chunk
   * or slab of a large dataset. The bytes are those read: chunks as stored when compared as
   * stored, mapping blocks when virtual datasets are compared by their mappings, element
   * bytes otherwise; so the count moves at the pace of the work, through virtual datasets as
   * through raw data, and ends near the file's size.
   *
   * @param in the file repacked
   * @param out the repacked file
   * @param limit the most differences to list; comparing stops there
   * @param progress told of the progress, on the calling thread
   * @return one line per difference, naming the object and what differs
   * @throws IOException if either file cannot be read, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure in it is malformed or unsupported
   */
  public static List<String> compare(Path in, Path out, int limit, RepackProgress progress)
      throws IOException {
    RepackVerifier v = new RepackVerifier(in, out, limit, progress);
    try {
      v.reopen();
      v.totalBytes = java.nio.file.Files.size(in);
      v.walk();
      return List.copyOf(v.differences);
    } finally {
      v.close();
    }
  }

  /** Opens both files afresh, closing what was open: see {@link HeldState}. */
  private void reopen() throws IOException {
    close();
    in = opened(inPath);
    out = opened(outPath);
    held.reset();
  }

  private void close() throws IOException {
    try (H5File a = in; H5File b = out) {
      in = null;
      out = null;
    }
  }

  /**
   * {@code file} opened for one pass: chunks are read once each, so a small chunk cache
   * (for slabs that cut chunks) bounds the memory of both files together.
   */
  private static H5File opened(Path file) throws IOException {
    H5File f = H5File.open(file).fillMissingVirtualSources(true);
    try {
      return f.chunkCacheBytes(CHUNK_CACHE_BYTES);
    } catch (RuntimeException e) {
      f.close();
      throw e;
    }
  }

  private void compared(long bytes) {
    comparedBytes += bytes;
    progress.update(comparedObjects, comparedBytes, Math.max(totalBytes, comparedBytes));
  }

  /**
   * An object still to compare, by the path the walk reached it by, opened only when its
   * turn comes: a wide level of the walk (all the datasets of a hundred versions) holds
   * paths, not opened datasets.
   */
  private record Pending(String path) {}

  private void walk() throws IOException {
    ArrayDeque<Pending> queue = new ArrayDeque<>();
    counterpart.put(in.root().address(), out.root().address());
    visit(in.root(), out.root(), queue);
    while (!queue.isEmpty() && differences.size() < limit) {
      Pending p = queue.poll();
      if (held.overBudget()) {
        reopen();
      }
      held.object();
      Node a;
      Node b;
      try {
        a = in.root().get(p.path);
        b = out.root().get(p.path);
      } catch (IOException | RuntimeException e) {
        differ(p.path, "cannot be opened: " + e.getMessage());
        continue;
      }
      visit(a, b, queue);
    }
    for (Runnable r : referenceChecks) {
      r.run();
    }
  }

  private void visit(Node a, Node b, ArrayDeque<Pending> queue) throws IOException {
    try {
      compareNode(a, b);
    } catch (IOException | RuntimeException e) {
      differ(a.path(), "cannot be compared: " + e.getMessage());
    }
    comparedObjects++;
    compared(0);
    if (a instanceof Group x && b instanceof Group y) {
      compareLinks(x, y, queue);
    }
  }

  private void differ(String path, String what) {
    if (differences.size() < limit) {
      differences.add(path + ": " + what);
    }
  }

  private void compareLinks(Group a, Group b, ArrayDeque<Pending> queue) throws IOException {
    Map<String, Link> theirs = new HashMap<>();
    for (Link l : b.links()) {
      theirs.put(l.name(), l);
    }
    List<Link> ours = a.links();
    if (ours.size() != theirs.size()) {
      differ(a.path(), ours.size() + " links became " + theirs.size());
    }
    for (Link l : ours) {
      String path = a.path().equals("/") ? "/" + l.name() : a.path() + "/" + l.name();
      Link o = theirs.get(l.name());
      if (o == null || o.kind() != l.kind() || !Objects.equals(o.target(), l.target())
          || !Objects.equals(o.file(), l.file())) {
        differ(path, o == null ? "link " + l + " is missing" : "link " + l + " became " + o);
        continue;
      }
      if (l.kind() != Link.Kind.HARD) {
        continue;
      }
      Long seen = counterpart.get(l.address());
      if (seen != null) {
        if (seen != o.address()) {
          differ(path, "a hard link to an object reached before points elsewhere");
        }
        continue;
      }
      counterpart.put(l.address(), o.address());
      queue.add(new Pending(path));
    }
  }

  private void compareNode(Node a, Node b) throws IOException {
    if (a.getClass() != b.getClass()) {
      differ(a.path(), "a " + kind(a) + " became a " + kind(b));
      return;
    }
    compareAttributes(a, b);
    if (a instanceof NamedDatatype t) {
      if (!t.datatype().equals(((NamedDatatype) b).datatype())) {
        differ(a.path(), "committed datatype differs");
      }
    } else if (a instanceof Dataset d) {
      compareDataset(d, (Dataset) b);
    }
  }

  private static String kind(Node n) {
    return n instanceof Group ? "group" : n instanceof Dataset ? "dataset" : "committed datatype";
  }

  private void compareAttributes(Node a, Node b) throws IOException {
    Map<String, Attribute> ours = a.attributes().all();
    Map<String, Attribute> theirs = b.attributes().all();
    if (!ours.keySet().equals(theirs.keySet())) {
      differ(a.path(), "attributes " + ours.keySet() + " became " + theirs.keySet());
      return;
    }
    for (Attribute x : ours.values()) {
      Attribute y = theirs.get(x.name());
      if (!x.datatype().equals(y.datatype())
          || !Arrays.equals(x.dataspace().dims(), y.dataspace().dims())) {
        differ(a.path(), "attribute " + x.name() + " changed type or shape");
      } else if (x.datatype() instanceof ReferenceType r && !r.kind().revised()) {
        checkReferences(a.path() + " attribute " + x.name(), r, x.value(), y.value());
      } else if (!same(x.value(), y.value())) {
        differ(a.path(), "attribute " + x.name() + " changed value");
      }
    }
  }

  private void compareDataset(Dataset a, Dataset b) throws IOException {
    Datatype type = a.datatype();
    if (!type.equals(b.datatype())) {
      differ(a.path(), "datatype " + type + " became " + b.datatype());
      return;
    }
    long[] shape = a.shape();
    if (!Arrays.equals(shape, b.shape()) || !Arrays.equals(a.maxShape(), b.maxShape())) {
      differ(a.path(), "shape " + Arrays.toString(shape) + " became "
          + Arrays.toString(b.shape()));
      return;
    }
    if (!Arrays.equals(a.fillValueBytes(), b.fillValueBytes())) {
      differ(a.path(), "fill value changed");
    }
    long elements = a.dataspace().elementCount();
    if (elements == 0) {
      return;
    }
    if (type instanceof ReferenceType r && !r.kind().revised()) {
      checkReferences(a.path(), r, a.read(), b.read());
      compared(elements * type.size());
    } else if (Datatypes.holdsAddresses(type) || shape.length == 0) {
      if (!same(a.read(), b.read())) {
        differ(a.path(), "values differ");
      }
      compared(elements * type.size());
    } else if (StoredChunks.comparable(a, b)
        && StoredChunks.same(a, b, this::compared, held)) {
      return;
    } else if (VirtualMappingsComparison.comparable(a, b)
        && VirtualMappingsComparison.same(a, b, held)) {
      compared(a.virtualMappings().size());
    } else {
      compareSlabs(a, b, shape, type.size());
    }
  }

  /** Compares stored bytes slab by slab along the first dimension. */
  private void compareSlabs(Dataset a, Dataset b, long[] shape, int size) throws IOException {
    long row = size;
    for (int d = 1; d < shape.length; d++) {
      row = Math.multiplyExact(row, shape[d]);
    }
    if (row > SLAB_BYTES * 8) {
      differ(a.path(), "rows of " + row + " bytes are too big to verify");
      return;
    }
    long rows = Math.max(1, SLAB_BYTES / Math.max(1, row));
    rows = Math.min(rows, shape[0]);
    if (slabOfIn.capacity() < rows * row) {
      slabOfIn = ByteBuffer.allocate((int) (rows * row));
      slabOfOut = ByteBuffer.allocate((int) (rows * row));
    }
    ByteBuffer x = slabOfIn;
    ByteBuffer y = slabOfOut;
    for (long start = 0; start < shape[0]; start += rows) {
      long[] from = new long[shape.length];
      long[] count = shape.clone();
      from[0] = start;
      count[0] = Math.min(rows, shape[0] - start);
      Selection box = Selection.box(from, count);
      x.clear();
      y.clear();
      a.read(box, x);
      b.read(box, y);
      x.flip();
      y.flip();
      if (!x.equals(y)) {
        differ(a.path(), "values differ in rows " + start + ".." + (start + count[0] - 1));
        return;
      }
      compared(count[0] * row);
    }
  }

  /**
   * Equal values, looking into arrays, lists and compound maps. Revised references must have
   * the same parts and point to corresponding objects (checked once all are known).
   */
  private boolean same(Object x, Object y) {
    if (x instanceof Reference p && y instanceof Reference q) {
      if (p.external()) {
        return p.equals(q);
      }
      referenceChecks.add(() -> {
        if (!Objects.equals(counterpart.get(p.address()), q.address())) {
          differ("(revised references)", "a reference to the object at " + p.address()
              + " points to " + q.address() + ", not to its copy");
        }
      });
      return p.relocated(q.address()).equals(q);
    }
    if (x instanceof Map<?, ?> m && y instanceof Map<?, ?> n) {
      if (!m.keySet().equals(n.keySet())) {
        return false;
      }
      for (Object k : m.keySet()) {
        if (!same(m.get(k), n.get(k))) {
          return false;
        }
      }
      return true;
    }
    if (x instanceof Object[] a && y instanceof Object[] b) {
      if (a.length != b.length) {
        return false;
      }
      for (int i = 0; i < a.length; i++) {
        if (!same(a[i], b[i])) {
          return false;
        }
      }
      return true;
    }
    if (x instanceof List<?> a && y instanceof List<?> b) {
      return same(a.toArray(), b.toArray());
    }
    return Objects.deepEquals(x, y);
  }

  /**
   * Object references must point to corresponding objects (checked once all are known).
   * Region references hold heap addresses that a repack changes; h5diff compares the regions.
   */
  private void checkReferences(String path, ReferenceType type, Object ours, Object theirs) {
    if (type.kind() != ReferenceType.Kind.OBJECT) {
      return;
    }
    if (!(ours instanceof long[] x) || !(theirs instanceof long[] y) || x.length != y.length) {
      differ(path, "reference values differ");
      return;
    }
    referenceChecks.add(() -> {
      for (int i = 0; i < x.length; i++) {
        Long expected = counterpart.get(x[i]);
        boolean ok = expected == null ? (x[i] == 0) == (y[i] == 0) : expected == y[i];
        if (!ok) {
          differ(path, "reference " + i + " points to another object");
          return;
        }
      }
    });
  }
}
