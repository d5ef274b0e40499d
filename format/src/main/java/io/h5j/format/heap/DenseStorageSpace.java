package io.h5j.format.heap;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The file space of one dense storage (a group's links or an object's attributes): a fractal
 * heap and the v2 B-trees that index it. Used to hand the space of replaced storage back to
 * the allocator once no header points at it any more.
 */
public final class DenseStorageSpace {
  static final String STRUCTURE = "dense storage";

  private DenseStorageSpace() {}

  /**
   * Every range the heap at {@code heap} and the B-trees at {@code indexes} occupy, sorted
   * and checked not to overlap one another. Undefined addresses are skipped.
   */
  public static List<Extent> extents(FileAccess fa, long heap, long... indexes)
      throws IOException {
    List<Extent> all = new ArrayList<>();
    if (FileParams.isDefined(heap)) {
      all.addAll(FractalHeap.open(fa, heap).extents());
    }
    for (long index : indexes) {
      if (FileParams.isDefined(index)) {
        all.addAll(BTreeV2.open(fa, index).extents());
      }
    }
    return Extent.sortedDisjoint(all, STRUCTURE, heap);
  }

  /**
   * Frees the heap and its indexes. Call only after every header that pointed at them has been
   * rewritten. Storage that does not decode is left allocated (leaked) rather than failing an
   * edit that has already been committed; nothing is freed unless the whole walk succeeds.
   *
   * @return whether the space was freed
   */
  public static boolean free(FileAccess fa, SpaceAllocator alloc, long heap, long... indexes)
      throws IOException {
    List<Extent> extents;
    try {
      extents = extents(fa, heap, indexes);
    } catch (H5FormatException corrupt) {
      return false;
    }
    Extent.freeAll(alloc, extents);
    return true;
  }
}
