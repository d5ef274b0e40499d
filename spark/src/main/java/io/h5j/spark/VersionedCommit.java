package io.h5j.spark;

import io.h5j.DatasetSpec;
import io.h5j.versioning.StagedVersion;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;

/**
 * Adds a version to a versioned-hdf5 file on the driver (option {@code version}): the new
 * version is the current one with the written elements changed, committed through
 * {@link VersionedFile}, which copies the chunks from the part files into the file (so the
 * part files go once it is committed). Elements no row gives keep the parent version's
 * values; a dataset the parent lacks is created, with the fill value where no row is. A file
 * that does not exist yet is created with this version as its first. The store edits the file
 * in place when it is local, else a local copy that it uploads over the original
 * ({@link TargetStore#edit}).
 */
final class VersionedCommit {
  private VersionedCommit() {}

  /**
   * Commits the version; {@code indexExtent} is max index + 1 per dimension (zeros for no
   * rows), giving the shape when option {@code shape} does not and the dataset is new or
   * smaller.
   */
  static void commit(WriteJob job, long[] indexExtent, Map<ChunkKey, ChunkSource> sources,
      PartReader reader) throws IOException {
    job.store().edit(job.target(), vf -> commit(job, vf, indexExtent, sources, reader));
  }

  private static void commit(WriteJob job, VersionedFile vf, long[] indexExtent,
      Map<ChunkKey, ChunkSource> sources, PartReader reader) throws IOException {
    String dataset = job.options().dataset();
    StagedVersion s = vf.stageVersion(job.options().version());
    try {
      boolean existed = s.contains(dataset);
      long[] shape = shape(job, s, existed, indexExtent);
      if (existed) {
        if (!s.datatype(dataset).equals(job.type().stored())) {
          throw new IllegalArgumentException("hdf5: " + dataset + " of version "
              + s.parent() + " of " + job.options().path() + " holds " + s.datatype(dataset)
              + ", the value column " + job.type().stored() + "; cast it to that type");
        }
        if (!Arrays.equals(shape, s.shape(dataset))) {
          s.resize(dataset, shape);
        }
      } else {
        s.createDataset(dataset, DatasetSpec.empty(job.type().stored(), shape)
            .chunks(job.grid().storedChunk(shape)).fillValue(job.fill()));
      }
      for (Map.Entry<ChunkKey, ChunkSource> e : sources.entrySet()) {
        write(job, s, e.getKey(), e.getValue(), shape, existed, reader);
      }
      s.commit();
    } finally {
      s.abort(); // no-op once committed
    }
  }

  private static long[] shape(WriteJob job, StagedVersion s, boolean existed, long[] extent) {
    if (job.options().shape() != null) {
      return job.options().shape().clone();
    }
    long[] shape = extent.clone();
    if (existed) {
      long[] old = s.shape(job.options().dataset());
      if (old.length != shape.length) {
        throw new IllegalArgumentException("hdf5: " + job.where() + " has rank " + old.length
            + ", the table " + shape.length + " index columns");
      }
      for (int d = 0; d < shape.length; d++) {
        shape[d] = Math.max(shape[d], old[d]);
      }
    } else if (Arrays.stream(shape).anyMatch(n -> n == 0)) {
      throw new IllegalArgumentException("hdf5: no rows to write to " + job.where()
          + " and no option shape to give a new dataset its size");
    }
    return shape;
  }

  /**
   * Writes one chunk's elements; of a partly given chunk of an existing dataset, only the
   * elements given (the others keep the parent's values).
   */
  private static void write(WriteJob job, StagedVersion s, ChunkKey key, ChunkSource src,
      long[] shape, boolean existed, PartReader reader) throws IOException {
    ChunkGrid grid = job.grid();
    String dataset = job.options().dataset();
    long[] start = grid.start(key.coords());
    long[] extent = grid.extentIn(key.coords(), shape);
    Object ours = job.type().array(reader.values(src, extent));
    if (src.whole() || !existed) {
      s.write(dataset, start, extent, ours);
      return;
    }
    byte[] covered = reader.covered(src); // C order of the whole chunk
    Object merged = s.read(dataset, start, extent);
    int n = java.lang.reflect.Array.getLength(merged);
    long[] at = new long[extent.length];
    for (int e = 0; e < n; e++) {
      // e's place in the box, then in the whole chunk
      long rest = e;
      for (int d = extent.length - 1; d >= 0; d--) {
        at[d] = rest % extent[d];
        rest /= extent[d];
      }
      long inChunk = 0;
      for (int d = 0; d < extent.length; d++) {
        inChunk = inChunk * grid.chunk()[d] + at[d];
      }
      if (covered[(int) inChunk] != 0) {
        System.arraycopy(ours, e, merged, e, 1);
      }
    }
    s.write(dataset, start, extent, merged);
  }
}
