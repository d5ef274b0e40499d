package io.h5j.spark;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Selection;
import io.h5j.VirtualSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the committed file on the driver, which replaces the target in one rename once
 * complete ({@link TargetStore#create}): a virtual dataset mapping each chunk to its part
 * file, or (option {@code merge}) a plain chunked dataset holding a copy of every chunk.
 */
final class TargetWriter {
  private TargetWriter() {}

  /**
   * The file whose dataset maps each chunk to its part file. Part files are named relative
   * to the target's folder (libhdf5 looks for them beside the virtual dataset's file, and so
   * does h5j's reader on HDFS), so the target and its {@code .parts} folder may move together.
   * The part files' names are made durable before the target that maps them is placed.
   */
  static void writeVirtual(WriteJob job, long[] shape, Map<ChunkKey, ChunkSource> sources,
      boolean replace) throws IOException {
    int rank = job.rank();
    long[] chunk = job.grid().chunk();
    Map<String, List<ChunkKey>> byFile = new LinkedHashMap<>();
    sources.forEach((k, s) -> byFile.computeIfAbsent(s.file(), f -> new ArrayList<>()).add(k));
    VirtualSpec spec = VirtualSpec.of(job.type().stored(), shape).fillValue(job.fill());
    for (Map.Entry<String, List<ChunkKey>> e : byFile.entrySet()) {
      List<ChunkKey> keys = e.getValue();
      long[] coords = new long[keys.size() * rank];
      long[] starts = new long[keys.size() * rank];
      for (int k = 0; k < keys.size(); k++) {
        System.arraycopy(keys.get(k).coords(), 0, coords, k * rank, rank);
        starts[k * rank] = sources.get(keys.get(k)).row() * chunk[0];
      }
      spec.mapChunks(e.getKey(), PartFiles.CHUNKS, chunk, coords, starts);
    }
    checkAbsent(job, replace);
    job.store().syncFolder(job.jobDir());
    job.store().create(job.target(),
        f -> f.root().createVirtualDataset(job.options().dataset(), spec));
  }

  /** The file holding a copy of every chunk, read back from the part files. */
  static void writeMerged(WriteJob job, long[] shape, Map<ChunkKey, ChunkSource> sources,
      PartReader reader, boolean replace) throws IOException {
    ChunkGrid grid = job.grid();
    checkAbsent(job, replace);
    job.store().create(job.target(), f -> {
      Dataset d = f.root().createDataset(job.options().dataset(), DatasetSpec.empty(
          job.type().stored(), shape).chunks(grid.storedChunk(shape)).fillValue(job.fill()));
      for (Map.Entry<ChunkKey, ChunkSource> e : sources.entrySet()) {
        long[] extent = grid.extentIn(e.getKey().coords(), shape);
        d.write(Selection.box(grid.start(e.getKey().coords()), extent),
            ByteBuffer.wrap(reader.values(e.getValue(), extent)));
      }
    });
  }

  /** The error for writing (not overwriting) a file that exists. */
  static void checkAbsent(WriteJob job, boolean replace) throws IOException {
    if (!replace && job.store().exists(job.target())) {
      throw new IllegalStateException("hdf5: " + job.store().where(job.target()) + " exists;"
          + " use mode(\"overwrite\") to replace it");
    }
  }
}
