package io.h5j.format.check;

import io.h5j.format.CheckReport;
import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.object.H5Context;
import io.h5j.format.superblock.Superblock;
import io.h5j.format.superblock.SuperblockCodec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * A read-only walk over everything reachable from a file's superblock, each object once: the
 * superblock and its extension, then every object header reached by hard links (and by
 * references in the values it checks), breadth first, each checked by {@link ObjectCheck}.
 * Memory grows with the number of objects (one address each), the largest group and a few
 * heap collections, not with the file; no raw data is read. Every problem is collected (up to
 * a limit) and the walk goes on past it wherever the damage leaves a way on.
 */
public final class StructureCheck implements ObjectQueue {
  private record Pending(long address, String path) {}

  private final FileAccess file;
  private final ProblemLog log;
  private final LongConsumer progress;
  private final SpaceTally tally;
  private final Set<Long> seen = new HashSet<>();
  private final ArrayDeque<Pending> queue = new ArrayDeque<>();
  private long objects;

  private StructureCheck(FileAccess file, int maxProblems, LongConsumer progress,
      SpaceTally tally) {
    this.file = file;
    this.log = new ProblemLog(maxProblems);
    this.progress = progress;
    this.tally = tally;
  }

  /**
   * Checks {@code path}.
   *
   * @param maxProblems problems kept in the report (all are counted)
   * @param progress told the number of objects checked after each one
   * @throws IOException only when the file cannot be read at all (not for damage)
   */
  public static CheckReport run(Path path, int maxProblems, LongConsumer progress)
      throws IOException {
    try (FileAccess fa = FileAccess.openRead(path)) {
      return run(fa, path, maxProblems, progress);
    }
  }

  /** Checks the file {@code fa} reads (named {@code path} in the report); leaves it open. */
  static CheckReport run(FileAccess fa, Path path, int maxProblems, LongConsumer progress)
      throws IOException {
    return new StructureCheck(fa, maxProblems, progress, SpaceTally.NONE).run(path);
  }

  /** Checks {@code path}, telling {@code tally} of every structure's range. */
  static CheckReport run(Path path, SpaceTally tally) throws IOException {
    try (FileAccess fa = FileAccess.openRead(path)) {
      return new StructureCheck(fa, 1000, n -> { }, tally)
          .run(path);
    }
  }

  private CheckReport run(Path path) throws IOException {
    Superblock sb;
    try {
      sb = SuperblockCodec.read(file);
    } catch (H5FormatException e) {
      log.add("(superblock)", e);
      return report(path, 0, 0);
    }
    long base = sb.params().baseAddress();
    long size = file.size();
    long end = sb.endOfFileAddress();
    if (size < end) {
      log.add("(superblock)", "superblock", sb.location(), "records an end of allocation of "
          + (base + end) + " bytes; the file has " + (size + base) + ": it was cut short");
    }
    FileBounds bounds = new FileBounds(end, size, log, tally);
    bounds.check("(superblock)", "superblock", sb.location() - base,
        SuperblockCodec.encodedSize(sb.version(), sb.params()));
    H5Context[] ctx = {null};
    if (!log.attempt("(superblock)", "shared object header message table", sb.location(),
        () -> ctx[0] = H5Context.open(file))) {
      return report(path, 0, 0);
    }
    HeapObjects heap = new HeapObjects(file, bounds, log);
    ChunkIndexCheck chunks = new ChunkIndexCheck(file, sb.chunkInternalK(), bounds, log);
    try (MappingBlockChecks mappingBlocks = new MappingBlockChecks(file.params(), log)) {
      walk(sb, ctx[0], bounds, heap, chunks, mappingBlocks);
      mappingBlocks.finish();
    }
    return report(path, chunks.entries(), heap.checked());
  }

  private void walk(Superblock sb, H5Context ctx, FileBounds bounds, HeapObjects heap,
      ChunkIndexCheck chunks, MappingBlockChecks mappingBlocks) throws IOException {
    ElementCheck elements = new ElementCheck(heap, bounds, this, file.params(), log);
    DatasetCheck datasets = new DatasetCheck(ctx, bounds, heap, elements, chunks,
        mappingBlocks, log);
    HeaderMessages messages = new HeaderMessages(ctx, log);
    ObjectCheck objectCheck = new ObjectCheck(ctx, bounds, messages, elements, datasets,
        new DenseStorageCheck(file, bounds, log),
        new SymbolTableCheck(file, sb.groupLeafK(), sb.groupInternalK(), bounds, log), this,
        log);
    // libhdf5 takes the extension's address from the free-space field of a v0/v1 superblock
    long extension = sb.version() < 2 ? sb.freeSpaceAddress() : sb.extensionAddress();
    if (FileParams.isDefined(extension)) {
      objectCheck.checkHeaderOnly(extension, "(superblock extension)");
    }
    if (!FileParams.isDefined(sb.rootAddress()) || !bounds.contains(sb.rootAddress())) {
      log.add("/", "superblock", sb.location(), "root group address " + sb.rootAddress()
          + " is outside the file's allocated space");
    } else {
      reach(sb.rootAddress(), "/");
    }
    while (!queue.isEmpty()) {
      Pending p = queue.poll();
      objectCheck.check(p.address, p.path);
      objects++;
      progress.accept(objects);
    }
  }

  @Override
  public void reach(long address, String path) {
    if (seen.add(address)) {
      queue.add(new Pending(address, path));
    }
  }

  private CheckReport report(Path path, long chunks, long heapObjects) {
    return new CheckReport(path, log.kept(), log.count(), objects, chunks, heapObjects);
  }
}
