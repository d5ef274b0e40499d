package io.h5j.format.check;

import io.h5j.format.btree.BTreeV2;
import io.h5j.format.heap.FractalHeap;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import java.io.IOException;

/**
 * The structures of dense link or attribute storage that reading by name does not touch:
 * every block of the fractal heap (indirect blocks' checksums, direct blocks' owners), inside
 * the file; and the creation-order index, which libhdf5 walks to list by creation order.
 */
final class DenseStorageCheck {
  private final FileAccess file;
  private final FileBounds bounds;
  private final ProblemLog log;

  DenseStorageCheck(FileAccess file, FileBounds bounds, ProblemLog log) {
    this.file = file;
    this.bounds = bounds;
    this.log = log;
  }

  /** @param what "link" or "attribute" */
  void check(String what, long heapAddress, long orderIndexAddress, String path)
      throws IOException {
    String heapName = "fractal heap of the dense " + what + " storage";
    log.attempt(path, heapName, heapAddress, () -> {
      for (Extent e : FractalHeap.open(file, heapAddress).extents()) {
        bounds.check(path, heapName, e.address(), e.size());
      }
    });
    if (FileParams.isDefined(orderIndexAddress)) {
      String indexName = "creation order index of the dense " + what + " storage";
      log.attempt(path, indexName, orderIndexAddress,
          () -> BTreeV2.open(file, orderIndexAddress).forEach(record -> { }));
    }
  }
}
