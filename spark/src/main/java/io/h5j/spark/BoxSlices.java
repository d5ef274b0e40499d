package io.h5j.spark;

import io.h5j.Selection;
import java.io.IOException;
import java.util.Iterator;
import org.jspecify.annotations.Nullable;

/**
 * The slices a task reads its partition's boxes in: whole chunk rows along the first
 * dimension, about a given number of decoded bytes each (at least one chunk row), so that a
 * task holds a bounded amount whatever its partition's size. Reads each slice, counts the
 * chunks the reads cover (for {@link ChunksReadMetric}) and names the file, dataset and chunks
 * of a read that fails.
 */
final class BoxSlices {
  /** The decoded bytes one slice of a row-by-row read aims at. */
  static final long READ_BYTES = 16L << 20;

  private final long sliceBytes;
  private final DatasetDescription description;
  private final ReadOptions options;
  private final Iterator<ElementBox> boxes;
  private @Nullable ElementBox box;
  private @Nullable ElementBox slice;
  private long nextRow; // first index along dimension 0 of the next slice of the box
  private long chunksRead;

  BoxSlices(Hdf5Partition partition) {
    this(partition, READ_BYTES);
  }

  /** The slices of {@code partition}, about {@code sliceBytes} of decoded elements each. */
  BoxSlices(Hdf5Partition partition, long sliceBytes) {
    this.sliceBytes = sliceBytes;
    this.description = partition.description();
    this.options = description.options();
    this.boxes = partition.boxes().iterator();
  }

  /** The chunks of the chunk grid the reads so far covered (0 when not chunked). */
  long chunksRead() {
    return chunksRead;
  }

  /** Moves to the next slice; false after the last. */
  boolean next() {
    boolean boxDone = box == null || (box.count().length == 0 ? slice != null
        : nextRow >= box.start()[0] + box.count()[0]);
    if (boxDone) {
      if (!boxes.hasNext()) {
        return false;
      }
      box = boxes.next();
      nextRow = box.count().length == 0 ? 0 : box.start()[0];
    }
    slice = box.count().length == 0 ? box : sliceOf(box);
    return true;
  }

  /** The current slice. */
  ElementBox slice() {
    return slice;
  }

  /**
   * The current slice's elements, as {@link SourceDataset#read} gives them: a flat array (of
   * one element for a scalar).
   */
  Object read(SourceDataset source) throws IOException {
    return read(source, null);
  }

  /**
   * As {@link #read(SourceDataset)}, into {@code reuse} from index 0 when it is a primitive
   * array of the kind the dataset reads as, long enough, and the source reads into arrays
   * ({@link SourceDataset#readInto}); else into a new array. Returns the array the values are
   * in, which may be longer than the slice.
   */
  Object read(SourceDataset source, @Nullable Object reuse) throws IOException {
    if (slice.count().length > 0 && slice.elements() == 0) {
      return new Object[0]; // rows without elements (layout rows of an n x 0 dataset)
    }
    try {
      Selection sel = slice.count().length == 0 ? Selection.all()
          : Selection.box(slice.start(), slice.count());
      boolean fits = reuse != null && reuse.getClass().getComponentType().isPrimitive()
          && java.lang.reflect.Array.getLength(reuse) >= slice.elements();
      Object values = fits && source.readInto(sel, reuse) ? reuse : source.read(sel);
      if (description.chunked()) {
        chunksRead += slice.cells(description.grid());
      }
      return values.getClass().isArray() ? values : new Object[] {values};
    } catch (IOException | RuntimeException e) {
      throw new IOException("hdf5: cannot read dataset " + options.dataset() + " of file "
          + options.path() + (options.version() != null ? " version " + options.version() : "")
          + ", elements " + slice + (description.chunked() ? " (chunks of shape "
          + java.util.Arrays.toString(description.grid()) + " covering them)" : "") + ": "
          + e.getMessage(), e);
    }
  }

  private ElementBox sliceOf(ElementBox b) {
    long rowElements = 1;
    for (int k = 1; k < b.count().length; k++) {
      rowElements = IndexRanges.multiplyCapped(rowElements, b.count()[k]);
    }
    long rowBytes = IndexRanges.multiplyCapped(rowElements, description.elementBytes());
    long g = description.grid()[0];
    long rows = Math.max(1, sliceBytes / Math.max(1, rowBytes));
    rows = Math.max(g, rows / g * g);
    long end = b.start()[0] + b.count()[0];
    long hi = Math.min(end, (nextRow / rows + 1) * rows);
    long[] start = b.start().clone();
    long[] count = b.count().clone();
    start[0] = nextRow;
    count[0] = hi - nextRow;
    nextRow = hi;
    return new ElementBox(start, count);
  }
}
