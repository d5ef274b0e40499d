package io.h5j.cli;

import io.h5j.Dataset;
import io.h5j.Selection;
import io.h5j.StorageLayout;
import io.h5j.raw.ElementCodec;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.util.Optional;

/**
 * The values of one dataset, read slab by slab in C order ({@link SlabPlan}), for a printer
 * to pull and format as they come: memory stays bounded by one slab whatever the dataset's
 * size. A read that fails ends the values: {@link #next} gives null and {@link #failure}
 * says why, so that the printer can finish what it wrote and the dump go on.
 */
final class DatasetValues {
  /** Bytes of stored elements per slab. */
  static final long SLAB_BYTES = 4L << 20;
  /** Elements per slab when each becomes a Java object (string, compound, array...). */
  static final long SLAB_OBJECTS = 1L << 16;

  /**
   * Elements {@code start} to {@code start + shape} in C order, as {@link Dataset#read}
   * returns them: the first {@code count} entries of the flat array {@code values}.
   */
  record Slab(long[] start, long[] shape, Object values, int count) {}

  /** Told after each slab is read, e.g. to draw a progress bar. */
  @FunctionalInterface
  interface Watcher {
    /** Does nothing. */
    Watcher NONE = (path, done, total) -> { };

    /** {@code done} of the {@code total} elements of the dataset at {@code path} are read. */
    void read(String path, long done, long total);
  }

  private final Dataset dataset;
  private final Datatype type;
  private final long[] dims;
  private final SlabPlan plan;
  /** Bytes of one chunk, 0 when not chunked. */
  private final long chunkBytes;
  private final long elements;
  private long delivered;
  private ReadFailure failure;
  private Watcher watcher = Watcher.NONE;

  /**
   * @param space the dataset's dataspace (not NULL)
   * @param layout its layout message, for the chunk grid to align slabs to
   */
  DatasetValues(Dataset dataset, Datatype type, Dataspace space, StorageLayout layout) {
    this.dataset = dataset;
    this.type = type;
    this.dims = space.dims();
    this.elements = space.elementCount();
    long size = Math.max(1, type.size());
    long limit = Math.max(1, SLAB_BYTES / size);
    if (!ElementCodec.arrayClass(type).getComponentType().isPrimitive()) {
      limit = Math.min(limit, SLAB_OBJECTS);
    }
    long[] chunk = layout.chunkShape();
    long bytes = size;
    for (int d = 0; chunk != null && d < chunk.length; d++) {
      bytes = chunk[d] != 0 && bytes > Long.MAX_VALUE / chunk[d] ? Long.MAX_VALUE
          : bytes * chunk[d];
    }
    this.chunkBytes = chunk == null ? 0 : bytes;
    this.plan = new SlabPlan(dims, chunk, limit);
  }

  /** Tells {@code w} of every slab read from now on. */
  DatasetValues watchedBy(Watcher w) {
    this.watcher = w;
    return this;
  }

  Datatype type() {
    return type;
  }

  long[] dims() {
    return dims.clone();
  }

  /** The next slab, or null after the last one or a failure. */
  Slab next() {
    if (failure != null || !plan.hasNext()) {
      return null;
    }
    SlabPlan.Box box = plan.next();
    try {
      Object values = dataset.read(dims.length == 0 ? Selection.all()
          : Selection.box(box.start(), box.shape()));
      int count = (int) box.elements();
      delivered += count;
      watcher.read(dataset.path(), delivered, elements);
      return new Slab(box.start(), box.shape(), values, count);
    } catch (Exception e) {
      failure = ReadFailure.of(e);
      return null;
    } catch (OutOfMemoryError e) {
      // A slab is small, but h5j's format layer decodes a filtered chunk whole, and a valid
      // file may have chunks of gigabytes: that one allocation fails, and only this dataset
      // need be given up (nothing else was being allocated at the size that failed).
      failure = ReadFailure.of("it needs more memory than the " + (Runtime.getRuntime()
          .maxMemory() >> 20) + " MiB this Java VM has" + (chunkBytes > SLAB_BYTES
          ? " (its chunks of " + chunkBytes + " bytes are decoded whole)" : "")
          + "; give it more with H5J_JAVA_OPTS=-Xmx...");
      return null;
    }
  }

  /** Elements given so far. */
  long delivered() {
    return delivered;
  }

  /** Why the values ended early, if they did. */
  Optional<ReadFailure> failure() {
    return Optional.ofNullable(failure);
  }
}
