package io.h5j.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The driver's view of the tasks' chunks: for each chunk of the dataset, the one part file
 * and row holding it. A chunk that several pieces hold (rows of one chunk in two tasks, or on
 * both sides of a task's spill) is combined here: the driver reads every piece with its
 * written-element flags and writes the combination into {@value PartFiles#MERGED}, which costs one
 * read and one write of such chunks on the driver; an element two pieces wrote is an index
 * given twice.
 */
final class ChunkSources {
  private ChunkSources() {}

  /** The source of each chunk the tasks stored, combining pieces; in the order first seen. */
  static Map<ChunkKey, ChunkSource> resolve(WriteJob job, List<PartCommit> parts,
      long[] shape, PartReader reader) throws IOException {
    String jobDir = job.jobDir();
    int rank = job.rank();
    Map<ChunkKey, List<ChunkSource>> pieces = new LinkedHashMap<>();
    for (PartCommit p : parts) {
      for (int k = 0; k < p.rows().length; k++) {
        long[] c = new long[rank];
        System.arraycopy(p.coords(), k * rank, c, 0, rank);
        pieces.computeIfAbsent(new ChunkKey(c), key -> new ArrayList<>(1))
            .add(new ChunkSource(jobDir + "/" + p.file(), p.rows()[k], p.whole()[k]));
      }
    }
    Map<ChunkKey, ChunkSource> out = new LinkedHashMap<>();
    PartWriter merged = null;
    try {
      for (Map.Entry<ChunkKey, List<ChunkSource>> e : pieces.entrySet()) {
        List<ChunkSource> list = e.getValue();
        if (list.size() == 1) {
          out.put(e.getKey(), list.get(0));
          continue;
        }
        if (merged == null) {
          merged = new PartWriter(jobDir + "/" + PartFiles.MERGED, job);
        }
        ChunkBuffer b = combine(job, e.getKey(), list, reader);
        // flags kept for a version's commit, which writes only the elements given
        boolean whole = b.count() >= job.grid().elementsIn(e.getKey().coords(), shape);
        out.put(e.getKey(), new ChunkSource(merged.name(), merged.append(b, whole), whole));
      }
    } catch (IOException | RuntimeException e) {
      if (merged != null) {
        merged.abandon();
      }
      throw e;
    }
    if (merged != null) {
      merged.close(); // published: read back from the store like the tasks' part files
    }
    return out;
  }

  private static ChunkBuffer combine(WriteJob job, ChunkKey key, List<ChunkSource> list,
      PartReader reader) throws IOException {
    ChunkGrid grid = job.grid();
    ChunkBuffer b = new ChunkBuffer(key.coords(), grid.elements(), job.type().size(),
        job.type().bytesOf(job.fill()));
    String where = "(in chunk " + key + " of part files " + list.stream()
        .map(s -> s.file().substring(s.file().lastIndexOf('/') + 1)).distinct().toList() + ") writing "
        + job.where();
    for (ChunkSource s : list) {
      b.absorb(reader.values(s, grid.chunk()), s.whole() ? null : reader.covered(s), grid,
          where);
    }
    return b;
  }
}
