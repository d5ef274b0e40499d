package io.h5j.format.check;

import io.h5j.format.H5FormatException;
import io.h5j.format.heap.GlobalHeapCollection;
import io.h5j.format.heap.GlobalHeapReader;
import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;

/**
 * The global heap objects a check follows, read through a small cache of decoded collections
 * (each collection decoded whole: signature, every object's length). A damaged collection is
 * decoded once; each later value that names it is reported in one line.
 */
final class HeapObjects {
  private static final String STRUCTURE = "global heap collection";
  /** Collections kept decoded; a mapping block may fill one of many megabytes. */
  private static final int CACHED = 16;

  /** Object headers walked to find a large object before the whole collection is decoded. */
  private static final int LOCATE_STEPS = 4;

  private final FileAccess file;
  private final GlobalHeapReader heap;
  private final FileBounds bounds;
  private final ProblemLog log;
  /** Collections already reported damaged. */
  private final Set<Long> damaged = new HashSet<>();
  private long checked;

  HeapObjects(FileAccess file, FileBounds bounds, ProblemLog log) {
    this.file = file;
    this.heap = new GlobalHeapReader(file, CACHED);
    this.bounds = bounds;
    this.log = log;
  }

  /**
   * Object {@code index} of the collection at {@code collection}, or null (with a problem
   * logged for {@code path}) when it cannot be read.
   *
   * @param referrer what names the object, e.g. "attribute 'x'", for the problem
   */
  byte[] object(String path, String referrer, long collection, int index) throws IOException {
    checked++;
    if (damaged.contains(collection)) {
      log.add(path, STRUCTURE, collection, "is damaged (reported before)" + named(referrer));
      return null;
    }
    if (!bounds.contains(collection)) {
      damaged.add(collection);
      log.add(path, STRUCTURE, collection, "address is outside the file's allocated space"
          + named(referrer));
      return null;
    }
    GlobalHeapCollection c;
    try {
      c = heap.collection(collection);
    } catch (H5FormatException e) {
      damaged.add(collection);
      log.add(path, e.structure(), e.offset(), e.detail() + named(referrer));
      return null;
    } catch (RuntimeException e) {
      damaged.add(collection);
      log.add(path, STRUCTURE, collection, "does not decode (" + e + ")" + named(referrer));
      return null;
    }
    if (!bounds.check(path, STRUCTURE, collection, c.size())) {
      damaged.add(collection);
      return null;
    }
    byte[] object = c.object(index);
    if (object == null) {
      log.add(path, STRUCTURE, collection, "has no object " + index + named(referrer));
    }
    return object;
  }

  /**
   * As {@link #object}, for an object that fills most of its collection (a mapping block):
   * found by walking the object headers before it, then read in one piece instead of copied
   * out of a decoded collection; the decoded collection serves when it lies further in.
   *
   * @param arrays where the array read into comes from
   */
  byte[] block(String path, String referrer, long collection, int index, BlockArrays arrays)
      throws IOException {
    if (damaged.contains(collection) || !bounds.contains(collection)) {
      return object(path, referrer, collection, index);
    }
    long[] where;
    try {
      where = GlobalHeapCollection.locate(file, collection, index, LOCATE_STEPS);
    } catch (H5FormatException e) {
      return object(path, referrer, collection, index); // reports it, naming the referrer
    }
    if (where == null) {
      return object(path, referrer, collection, index);
    }
    checked++;
    if (!bounds.check(path, STRUCTURE, collection, GlobalHeapCollection.sizeAt(file, collection))
        || !bounds.check(path, "global heap object " + index, where[0], where[1])) {
      return null;
    }
    if (where[1] > Integer.MAX_VALUE - 8) {
      return file.read(where[0], where[1], "global heap object " + index); // it explains
    }
    byte[] block = arrays.take((int) where[1]);
    file.read(where[0], java.nio.ByteBuffer.wrap(block), "global heap object " + index);
    return block;
  }

  private static String named(String referrer) {
    return "; named by " + referrer;
  }

  /** Heap objects looked up so far. */
  long checked() {
    return checked;
  }
}
