package io.h5j.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The driver's side of a write: after every task has written its part file, commits the target
 * file (the shape from option {@code shape} or the tasks' largest indices), or a new version of
 * it ({@link VersionedCommit}); after a failure,
 * removes the job's part files, so that an aborted write leaves nothing behind.
 */
final class Hdf5BatchWrite implements BatchWrite {
  private static final Logger LOG = LoggerFactory.getLogger(Hdf5BatchWrite.class);
  private final WriteJob job;
  private final boolean replace;

  Hdf5BatchWrite(WriteJob job, boolean replace) {
    this.job = job;
    this.replace = replace;
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    return new Hdf5DataWriterFactory(job);
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    List<PartCommit> parts = new ArrayList<>();
    for (WriterCommitMessage m : messages) {
      if (m instanceof PartCommit p) {
        parts.add(p);
      }
    }
    long[] extent = indexExtent(parts);
    TargetStore store = job.store();
    String jobDir = job.jobDir();
    boolean versioned = job.options().version() != null;
    Set<String> replaced;
    try (PartReader reader = new PartReader(store, job.grid(), job.type().size())) {
      if (versioned) {
        long[] shape = job.options().shape() != null ? job.options().shape() : extent;
        VersionedCommit.commit(job, extent, ChunkSources.resolve(job, parts, shape, reader),
            reader);
        PartFiles.deleteJob(store, jobDir); // the version holds copies of the chunks
        return;
      }
      long[] shape = shape(extent);
      // the part folders of the file about to be replaced: the only ones this commit frees
      Set<String> mapped = Leftovers.mappedJobs(store);
      replaced = mapped == null ? Set.of() : mapped;
      Map<ChunkKey, ChunkSource> sources = ChunkSources.resolve(job, parts, shape, reader);
      if (job.options().merge()) {
        TargetWriter.writeMerged(job, shape, sources, reader, replace);
      } else {
        TargetWriter.writeVirtual(job, shape, sources, replace);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("hdf5: cannot commit " + job.where() + ": "
          + e.getMessage(), e);
    }
    try {
      PartFiles.deleteReplaced(store, jobDir, replaced);
      if (job.options().merge()) {
        PartFiles.deleteJob(store, jobDir); // the merged file holds copies of the chunks
      } else {
        PartFiles.deleteUnreferenced(store, jobDir, parts.stream().map(PartCommit::file)
            .filter(java.util.Objects::nonNull).collect(java.util.stream.Collectors.toSet()));
      }
    } catch (IOException e) {
      // the new file is complete and must not be aborted now: stale part files only take space
      LOG.warn("hdf5: wrote {} but could not remove old part files under {}: {}", job.where(),
          store.where(PartFiles.root(job.target())), e.toString());
    }
  }

  /** One more than the largest index in each dimension (zeros when there are no rows). */
  private long[] indexExtent(List<PartCommit> parts) {
    long[] max = new long[job.rank()];
    Arrays.fill(max, -1);
    for (PartCommit p : parts) {
      for (int d = 0; d < max.length; d++) {
        max[d] = Math.max(max[d], p.maxIndex()[d]);
      }
    }
    for (int d = 0; d < max.length; d++) {
      max[d]++;
    }
    return max;
  }

  /** Option {@code shape}, else the index extent. */
  private long[] shape(long[] extent) {
    if (job.options().shape() != null) {
      return job.options().shape().clone();
    }
    if (extent[0] == 0) {
      throw new IllegalArgumentException("hdf5: no rows to write to " + job.where()
          + " and no option shape to give an empty dataset its size");
    }
    return extent;
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    try {
      PartFiles.deleteJob(job.store(), job.jobDir());
    } catch (IOException e) {
      throw new UncheckedIOException("hdf5: could not remove the part files of the failed"
          + " write under " + job.store().where(job.jobDir()) + ": " + e.getMessage(), e);
    }
  }
}
