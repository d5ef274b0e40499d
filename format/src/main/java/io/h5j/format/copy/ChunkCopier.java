package io.h5j.format.copy;

import io.h5j.format.H5FormatException;
import io.h5j.format.chunk.ChunkGeometry;
import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.chunk.ChunkIndexType;
import io.h5j.format.chunk.ChunkTable;
import io.h5j.format.chunk.IndexOptions;
import io.h5j.format.chunk.WrittenIndex;
import io.h5j.format.filter.FilterPipeline;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.object.H5Context;
import io.h5j.type.Dataspace;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Copies the chunks of one chunked dataset into the new file and writes a new index for
 * them, of the type libhdf5 1.10 chooses for the dataset's shape in a new-format file.
 */
final class ChunkCopier {
  /** Fixed arrays of more entries (8 MiB of addresses) replace no v1 B-tree in a copy. */
  private static final long HUGE_FIXED_ARRAY = 1L << 20;

  /** Changes the unfiltered bytes of one chunk in place. */
  interface Transform {
    void apply(byte[] chunk) throws IOException;
  }

  private final H5Context in;
  private final H5Context out;
  private final ByteRuns runs;
  /** Told of each chunk decoded and encoded again (those moved as bytes, {@link #runs} tells). */
  private final CopyMeter meter;

  ChunkCopier(H5Context in, H5Context out, ByteRuns runs, CopyMeter meter) {
    this.in = in;
    this.out = out;
    this.runs = runs;
    this.meter = meter;
  }

  /**
   * Copies the chunks as stored: sorted by address, runs of adjacent chunks go one after the
   * other into one new region, so the index addresses shift by a constant per run. Partial
   * edge chunks stored unfiltered stay so, unless the new index cannot say so (a layout
   * message version 3): then they are filtered like the others.
   *
   * @param pipeline the dataset's filters, null for none
   */
  LayoutMessage.Chunked copyStored(LayoutMessage.Chunked layout, Dataspace space,
      @Nullable FilterPipelineMessage pipeline, String path) throws IOException {
    boolean filtered = pipeline != null;
    if (filtered && layout.edgesUnfiltered()
        && indexType(layout, space, true) == ChunkIndex.V1_BTREE) {
      return copyDecoded(layout, space, pipeline, pipeline, chunk -> { }, path);
    }
    ChunkTable chunks = chunks(layout, space, filtered);
    int[] byAddress = chunks.order(chunks::compareAddresses);
    long base = chunks.isEmpty() ? 0 : out.allocator().allocate(chunks.storedBytes());
    long at = base;
    int i = 0;
    String what = "chunks of " + path;
    while (i < byAddress.length) {
      long runStart = chunks.address(byAddress[i]);
      long runEnd = runStart;
      int j = i;
      while (j < byAddress.length && chunks.address(byAddress[j]) == runEnd) {
        runEnd += chunks.storedSize(byAddress[j]);
        j++;
      }
      runs.copy(runStart, at, runEnd - runStart, what);
      for (int k = i; k < j; k++) {
        int row = byAddress[k];
        chunks.setAddress(row, at + (chunks.address(row) - runStart));
      }
      at += runEnd - runStart;
      i = j;
    }
    return index(layout, space, filtered, chunks);
  }

  /**
   * Copies the chunks through their filters: each is decoded with {@code from} (null: none),
   * changed by {@code transform} and encoded with {@code to} (null: stored unfiltered).
   * Partial edge chunks that {@code layout} stores unfiltered are not decoded, and stay
   * unfiltered where the new index can say so.
   */
  LayoutMessage.Chunked copyDecoded(LayoutMessage.Chunked layout, Dataspace space,
      @Nullable FilterPipelineMessage from, @Nullable FilterPipelineMessage to, Transform transform,
      String path) throws IOException {
    ChunkGeometry g = ChunkGeometry.of(layout.chunkDims(), layout.elementSize(), space);
    if (g.chunkBytes() > Integer.MAX_VALUE - 8) {
      throw new UnsupportedOperationException("chunks of " + g.chunkBytes() + " bytes in "
          + path + " are too big to filter in memory");
    }
    int chunkBytes = (int) g.chunkBytes();
    FilterPipeline decoder = from == null ? null : FilterPipeline.of(from);
    FilterPipeline encoder = to == null ? null : FilterPipeline.of(to);
    boolean rawIn = from != null && layout.edgesUnfiltered();
    boolean rawOut = to != null && layout.edgesUnfiltered()
        && indexType(layout, space, true) != ChunkIndex.V1_BTREE;
    long[] dims = space.dims();
    ChunkTable chunks = chunks(layout, space, from != null);
    ChunkTable moved = new ChunkTable(chunks.rank());
    for (int row = 0; row < chunks.size(); row++) {
      long[] offset = chunks.offset(row);
      long stored = chunks.address(row);
      String what = "chunk " + java.util.Arrays.toString(offset) + " of " + path;
      boolean edge = layout.isPartialEdge(offset, dims);
      byte[] bytes = in.access().read(stored, chunks.storedSize(row), what);
      byte[] data = decoder == null || rawIn && edge ? bytes
          : decoder.decode(bytes, chunks.filterMask(row), chunkBytes, what, stored);
      if (data.length != chunkBytes) {
        throw new H5FormatException(what, stored, "holds " + data.length
            + " bytes, the chunk needs " + chunkBytes);
      }
      transform.apply(data);
      FilterPipeline.Encoded e = encoder == null || rawOut && edge
          ? new FilterPipeline.Encoded(data, 0) : encoder.encode(data);
      long address = out.allocator().allocate(e.bytes().length);
      out.access().write(address, e.bytes());
      moved.add(offset, address, e.bytes().length, e.filterMask());
      meter.add(chunks.storedSize(row));
    }
    int flags = rawOut ? layout.flags()
        : layout.flags() & ~LayoutMessage.Chunked.DONT_FILTER_PARTIAL_EDGE_CHUNKS;
    return index(layout.withFlags(flags), space, to != null, moved);
  }

  /** The bytes the chunks of {@code layout} take in the input, as stored. */
  long storedBytes(LayoutMessage.Chunked layout, Dataspace space, boolean filtered)
      throws IOException {
    return chunks(layout, space, filtered).storedBytes();
  }

  private ChunkTable chunks(LayoutMessage.Chunked layout, Dataspace space,
      boolean filtered) throws IOException {
    ChunkIndex index = ChunkIndex.open(in.access(), layout, space, filtered,
        in.superblock().chunkInternalK());
    ChunkTable chunks = new ChunkTable(space.rank());
    index.forEach(chunks::add);
    return chunks;
  }

  /**
   * Writes the index of the chunks of a dataset laid out as {@code layout} says; the new
   * layout keeps its flag {@link LayoutMessage.Chunked#DONT_FILTER_PARTIAL_EDGE_CHUNKS}
   * (the chunks must be stored as it says, and the index must not be a v1 B-tree).
   */
  LayoutMessage.Chunked index(LayoutMessage.Chunked layout, Dataspace space,
      boolean filtered, ChunkTable chunks) throws IOException {
    ChunkGeometry g = ChunkGeometry.of(layout.chunkDims(), layout.elementSize(), space);
    int type = indexType(layout, space, filtered);
    // no chunks: no index, as h5repack's new dataset has none until a chunk is written
    WrittenIndex w = chunks.isEmpty()
        ? ChunkIndexType.of(type).unallocated(out.params(), g, filtered, IndexOptions.DEFAULTS)
        : ChunkIndexType.of(type).write(out.access(), out.allocator(), g, filtered, chunks,
            IndexOptions.DEFAULTS);
    LayoutMessage.Chunked written = w.layout(g);
    if (filtered && layout.edgesUnfiltered()) {
      if (written.version() < 4) {
        throw new IllegalStateException("a v1 B-tree index cannot keep partial edge chunks"
            + " unfiltered");
      }
      written = written.withFlags(written.flags()
          | LayoutMessage.Chunked.DONT_FILTER_PARTIAL_EDGE_CHUNKS);
    }
    return written;
  }

  /** The index type of the chunks of {@code layout} in the new file. */
  private int indexType(LayoutMessage.Chunked layout, Dataspace space, boolean filtered)
      throws H5FormatException {
    int type = ChunkIndexType.choose(space, layout.chunkDims(), filtered, false, false).code();
    if (type == ChunkIndex.FIXED_ARRAY && layout.version() < 4
        && Long.compareUnsigned(ChunkGeometry.of(layout.chunkDims(), layout.elementSize(), space)
            .maxCells(), HUGE_FIXED_ARRAY) > 0) {
      // A v1 B-tree index, written in the earliest format: h5repack (earliest by default)
      // keeps a v1 B-tree, where a fixed array would allocate an entry per cell of a huge
      // maximum grid (maxshape 2^40 in chunks of 10: 880 GB of mostly holes); maxCells -1,
      // too many to count, compares as the largest
      return ChunkIndex.V1_BTREE;
    }
    if (type == ChunkIndex.EXTENSIBLE_ARRAY && out.params().lengthSize() < 8) {
      // libhdf5 1.10.8 cannot open an extensible array index when lengths are shorter than
      // 8 bytes ("didn't find unlimited dimension"), though it writes one: a v1 B-tree it reads
      type = ChunkIndex.V1_BTREE;
    }
    return type;
  }
}
