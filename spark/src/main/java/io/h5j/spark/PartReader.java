package io.h5j.spark;

import io.h5j.H5File;
import io.h5j.Selection;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads chunks back from part files on the driver, keeping the {@value #MAX_OPEN} files read
 * last open (a file of a Hadoop file system holds a block cache while open, so a write of
 * many tasks must not keep them all).
 */
final class PartReader implements Closeable {
  private final ChunkGrid grid;
  private final int elementSize;
  private final TargetStore store;
  /** Part files kept open at once. */
  static final int MAX_OPEN = 16;
  /** In the order last read, the eldest first. */
  private final Map<String, H5File> open = new LinkedHashMap<>(MAX_OPEN, 0.75f, true);

  PartReader(TargetStore store, ChunkGrid grid, int elementSize) {
    this.store = store;
    this.grid = grid;
    this.elementSize = elementSize;
  }

  /** The stored bytes of the box of {@code extent} at the start of chunk {@code s}. */
  byte[] values(ChunkSource s, long[] extent) throws IOException {
    return read(s, PartFiles.CHUNKS, extent, elementSize);
  }

  /** The written-element flags of partly covered chunk {@code s}, a whole chunk of them. */
  byte[] covered(ChunkSource s) throws IOException {
    return read(s, PartFiles.COVERED, grid.chunk(), 1);
  }

  private byte[] read(ChunkSource s, String dataset, long[] extent, int size)
      throws IOException {
    long n = size;
    for (long e : extent) {
      n *= e;
    }
    byte[] out = new byte[Math.toIntExact(n)];
    H5File f = open.get(s.file());
    if (f == null) {
      if (open.size() >= MAX_OPEN) {
        var eldest = open.entrySet().iterator();
        H5File e = eldest.next().getValue();
        eldest.remove();
        e.close();
      }
      f = store.open(s.file());
      open.put(s.file(), f);
    }
    f.dataset(dataset).read(Selection.box(s.start(grid.rank(), grid.chunk()[0]), extent),
        ByteBuffer.wrap(out));
    return out;
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (H5File f : open.values()) {
      try {
        f.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    open.clear();
    if (first != null) {
      throw first;
    }
  }
}
