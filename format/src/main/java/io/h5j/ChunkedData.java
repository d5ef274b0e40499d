package io.h5j;

import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.chunk.ChunkRecord;
import io.h5j.format.filter.FilterPipeline;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.ChunkRuns;
import io.h5j.format.select.Hyperslab;
import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Reads the elements of a chunked dataset that a selection covers: only the chunks the
 * selection touches are looked up, read and unfiltered; chunks never written read as the fill
 * value; edge chunks are stored whole and trimmed by the selection.
 */
final class ChunkedData {
  /** Layout flag: partial edge chunks are stored unfiltered. */
  private static final int DONT_FILTER_PARTIAL_EDGE_CHUNKS = 1;

  private final FileAccess fa;
  private final String path;
  private final LayoutMessage.Chunked layout;
  private final Dataspace space;
  private final FilterPipeline pipeline; // null when unfiltered
  private final byte[] fill;
  private final ChunkIndex index;
  private final int chunkBytes;

  ChunkedData(FileAccess fa, String path, LayoutMessage.Chunked layout, Dataspace space,
      FilterPipelineMessage pipeline, byte[] fill) throws IOException {
    this.fa = fa;
    this.path = path;
    this.layout = layout;
    this.space = space;
    this.pipeline = pipeline == null || pipeline.filters().isEmpty() ? null
        : FilterPipeline.of(pipeline);
    this.fill = fill;
    long bytes = layout.elementSize();
    for (long d : layout.chunkDims()) {
      bytes = Math.multiplyExact(bytes, d);
    }
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new H5FormatException("dataset " + path, -1, "chunks of " + bytes
          + " bytes are larger than h5j can hold in memory");
    }
    this.chunkBytes = (int) bytes;
    if (layout.chunkDims().length != space.rank()) {
      throw new H5FormatException("dataset " + path, -1, "chunk rank "
          + layout.chunkDims().length + " differs from the dataspace rank " + space.rank());
    }
    this.index = ChunkIndex.open(fa, layout, space, this.pipeline != null);
  }

  ChunkIndex index() {
    return index;
  }

  /** The raw bytes of the selected elements, in C order of the selection. */
  byte[] read(Hyperslab sel) throws IOException {
    int size = layout.elementSize();
    long bytes = Math.multiplyExact(sel.elementCount(), (long) size);
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new UnsupportedOperationException("the selection holds " + bytes
          + " bytes, more than one Java array; select less");
    }
    byte[] out = new byte[(int) bytes];
    byte[][] chunk = new byte[1][];
    ChunkRuns.visit(sel, layout.chunkDims(), new ChunkRuns.Visitor() {
      @Override
      public void chunk(long[] chunkOffset) throws IOException {
        chunk[0] = load(chunkOffset);
      }

      @Override
      public void run(long inChunk, long inSelection, long length) {
        int to = (int) (inSelection * size);
        int n = (int) (length * size);
        if (chunk[0] != null) {
          System.arraycopy(chunk[0], (int) (inChunk * size), out, to, n);
        } else if (fill != null && fill.length == size) {
          for (int i = 0; i < n; i += size) {
            System.arraycopy(fill, 0, out, to + i, size);
          }
        } // else zeros, as allocated
      }
    });
    return out;
  }

  /** The unfiltered bytes of the chunk at {@code chunkOffset}, or null if never written. */
  private byte[] load(long[] chunkOffset) throws IOException {
    Optional<ChunkRecord> found = index.find(chunkOffset);
    if (found.isEmpty()) {
      return null;
    }
    ChunkRecord c = found.get();
    String what = "chunk " + Arrays.toString(chunkOffset) + " of dataset " + path;
    boolean filtered = pipeline != null && !(isPartialEdge(chunkOffset)
        && (layout.flags() & DONT_FILTER_PARTIAL_EDGE_CHUNKS) != 0);
    long stored = filtered ? c.storedSize() : chunkBytes;
    if (stored < 0 || stored > Integer.MAX_VALUE - 8) {
      throw new H5FormatException(what, c.address(), "stored size " + stored
          + " is impossible");
    }
    byte[] raw = fa.read(c.address(), stored, what);
    return filtered ? pipeline.decode(raw, c.filterMask(), chunkBytes, what, c.address()) : raw;
  }

  private boolean isPartialEdge(long[] chunkOffset) {
    for (int d = 0; d < chunkOffset.length; d++) {
      if (chunkOffset[d] + layout.chunkDims()[d] > space.dims()[d]) {
        return true;
      }
    }
    return false;
  }
}
