package io.h5j.format.dataset;

import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads the runs a selection takes from one unfiltered chunk in the file with as few reads as
 * the runs allow (runs that follow on in the chunk and in the selection are one run already):
 * where the file is mapped, one view over the span from the first run to the last; else a
 * lone run straight into the destination when it is a direct buffer, runs dense in their span
 * with one read of the span into a staging buffer, and other runs one read each. A chunk row
 * read per call would make one system call per row.
 */
final class ChunkRunReads {
  /**
   * Bytes one system call costs about as much as copying: a span's gaps are read with it when
   * they come to less than this per run saved.
   */
  static final int SYSCALL_BYTES = 8 << 10;

  /** Where the runs' elements go. */
  interface Destination {
    /** Copies {@code n} elements from {@code src}, from its position, to {@code inSelection}. */
    void put(ByteBuffer src, long inSelection, int n);

    /**
     * The destination's own bytes for {@code n} elements from {@code inSelection}, to read
     * into straight, or null when it is no direct buffer.
     */
    default ByteBuffer direct(long inSelection, int n) {
      return null;
    }
  }

  private ChunkRunReads() {}

  /**
   * Reads {@code runs} (in increasing chunk order, none empty) of the chunk stored at
   * {@code address}, whose elements have {@code size} bytes, into {@code dst}; {@code what}
   * names the chunk for an error.
   */
  static void read(FileAccess fa, long address, List<ChunkedData.Run> runs, int size,
      StagingBuffers stages, Destination dst, Supplier<String> what) throws IOException {
    ChunkedData.Run first = runs.get(0);
    ChunkedData.Run last = runs.get(runs.size() - 1);
    long spanStart = first.inChunk();
    int spanBytes = (int) ((last.inChunk() + last.length() - spanStart) * size);
    long from = address + spanStart * size;
    if (runs.size() == 1) {
      ByteBuffer straight = dst.direct(first.inSelection(), first.length());
      if (straight != null) { // one copy, by the kernel, and no mapping to fault in
        fa.read(from, straight, what);
        return;
      }
    }
    if (fa.readMapped(from, spanBytes, what, view -> {
      for (ChunkedData.Run r : runs) {
        dst.put(view.slice((int) ((r.inChunk() - spanStart) * size), r.length() * size),
            r.inSelection(), r.length());
      }
    })) {
      return;
    }
    long selected = 0;
    for (ChunkedData.Run r : runs) {
      selected += (long) r.length() * size;
    }
    ByteBuffer stage = stages.take();
    try {
      if (runs.size() > 1 && spanBytes <= stage.capacity()
          && spanBytes - selected <= (long) (runs.size() - 1) * SYSCALL_BYTES) {
        stage.limit(spanBytes);
        fa.read(from, stage, what);
        for (ChunkedData.Run r : runs) {
          dst.put(stage.slice((int) ((r.inChunk() - spanStart) * size), r.length() * size),
              r.inSelection(), r.length());
        }
        return;
      }
      for (ChunkedData.Run r : runs) {
        readRun(fa, address + r.inChunk() * size, r, size, stage, dst, what);
      }
    } finally {
      stages.give(stage);
    }
  }

  /** One run: straight into a direct destination, else through {@code stage}. */
  private static void readRun(FileAccess fa, long at, ChunkedData.Run r, int size,
      ByteBuffer stage, Destination dst, Supplier<String> what) throws IOException {
    ByteBuffer straight = dst.direct(r.inSelection(), r.length());
    if (straight != null) {
      fa.read(at, straight, what);
      return;
    }
    int step = stage.capacity() / size;
    for (int k = 0; k < r.length(); k += step) {
      int m = Math.min(step, r.length() - k);
      stage.clear().limit(m * size);
      fa.read(at + (long) k * size, stage, what);
      dst.put(stage.flip(), r.inSelection() + k, m);
    }
  }
}
