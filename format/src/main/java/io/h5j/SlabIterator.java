package io.h5j;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Reads a dataset slab by slab of whole rows, each when asked for (see
 * {@link Dataset#slabs(long)}); an I/O error surfaces as an {@link UncheckedIOException},
 * as an iterator cannot throw checked exceptions.
 */
final class SlabIterator implements Iterator<Slab> {
  private final Dataset dataset;
  private final long[] dims;
  private final long rows;
  private long next;

  SlabIterator(Dataset dataset, long[] dims, long rows) {
    this.dataset = dataset;
    this.dims = dims.clone();
    this.rows = rows;
  }

  @Override
  public boolean hasNext() {
    return next < dims[0];
  }

  @Override
  public Slab next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no rows after " + dims[0] + " in " + dataset.path());
    }
    long[] start = new long[dims.length];
    long[] shape = dims.clone();
    start[0] = next;
    shape[0] = Math.min(rows, dims[0] - next);
    next += shape[0];
    Selection sel = Selection.box(start, shape);
    try {
      return new Slab(sel, start, shape, dataset.read(sel));
    } catch (IOException e) {
      throw new UncheckedIOException("reading rows " + start[0] + ".." + (next - 1) + " of "
          + dataset.path(), e);
    }
  }
}
