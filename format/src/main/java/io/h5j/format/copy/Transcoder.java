package io.h5j.format.copy;

import io.h5j.format.H5FormatException;
import io.h5j.format.chunk.ChunkGeometry;
import io.h5j.format.chunk.ChunkTable;
import io.h5j.format.copy.ElementSource.Elements;
import io.h5j.format.filter.FilterPipeline;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.object.H5Context;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Writes a dataset's elements into a new layout (chunked with other chunk dimensions,
 * contiguous or compact) by reading them from the input through an {@link ElementSource},
 * one new chunk or one slab of rows at a time, so memory stays bounded.
 */
final class Transcoder {
  /** libhdf5 refuses compact data beyond 64 KiB. */
  static final int MAX_COMPACT = 65_520;
  private static final long SLAB_BYTES = 8L << 20;

  private final ElementSource in;
  private final H5Context out;
  private final ChunkCopier chunks;
  private final ElementRewriter rewriter;
  /** Told as the elements are written, chunk by chunk or slab by slab. */
  private final CopyMeter meter;

  Transcoder(ElementSource in, H5Context out, ChunkCopier chunks, ElementRewriter rewriter,
      CopyMeter meter) {
    this.in = in;
    this.out = out;
    this.chunks = chunks;
    this.rewriter = rewriter;
    this.meter = meter;
  }

  /**
   * Stores the elements of {@code path} as {@code plan} says; returns the new layout. A
   * dataset never written (no storage allocated) gets none in its new chunked or contiguous
   * layout either, as h5repack leaves it: it reads as its fill value all the same.
   *
   * @param storedBytes the bytes the elements take in the input, which the meter is told
   *     in parts as the elements are written
   */
  LayoutMessage write(String path, Datatype type, Dataspace space, StoragePlan plan,
      long storedBytes) throws IOException {
    Elements d = in.dataset(path);
    boolean written = isAllocated(d.layout());
    byte[] fill = d.fillValueBytes();
    CopyMeter.Share share = meter.share(storedBytes, space.elementCount());
    LayoutMessage layout = switch (plan.kind()) {
      case CHUNKED -> written ? chunked(d, type, space, plan, fill, share)
          : chunks.index(draft(plan, type), space, plan.pipeline() != null,
              new ChunkTable(space.rank()));
      case CONTIGUOUS -> contiguous(d, type, space, written, share);
      case COMPACT -> compact(d, type, space);
    };
    share.done(space.elementCount());
    return layout;
  }

  /** Whether a dataset with {@code layout} has storage: written, or allocated early. */
  private static boolean isAllocated(LayoutMessage layout) {
    if (layout instanceof LayoutMessage.Contiguous c) {
      return FileParams.isDefined(c.address());
    }
    return !(layout instanceof LayoutMessage.Chunked c) || FileParams.isDefined(c.indexAddress());
  }

  /** The chunked layout of {@code plan} before its index is written. */
  private static LayoutMessage.Chunked draft(StoragePlan plan, Datatype type) {
    return new LayoutMessage.Chunked(4, 0, plan.chunks(), type.size(), 0, new byte[0],
        FileParams.UNDEFINED);
  }

  /**
   * Whether the elements of {@code space} fit a compact layout: compared by division, since
   * a damaged dataspace's element count times the size can pass 2^63 and wrap around.
   */
  static boolean fitsCompact(Dataspace space, Datatype type) {
    return space.elementCount() <= MAX_COMPACT / Math.max(1, type.size());
  }

  private LayoutMessage compact(Elements d, Datatype type, Dataspace space) throws IOException {
    if (!fitsCompact(space, type)) {
      throw new IllegalArgumentException(d.path() + " holds " + space.elementCount()
          + " elements of " + type.size() + " bytes; compact datasets hold at most "
          + MAX_COMPACT + " bytes");
    }
    ByteBuffer b = ByteBuffer.allocate((int) (space.elementCount() * type.size()));
    d.read(new long[space.rank()], space.dims(), b);
    byte[] data = b.array();
    rewriter.rewrite(type, data, (int) space.elementCount());
    return new LayoutMessage.Compact(data);
  }

  /** Contiguous storage of {@code d}'s elements; none allocated when it was never written. */
  private LayoutMessage contiguous(Elements d, Datatype type, Dataspace space, boolean written,
      CopyMeter.Share share) throws IOException {
    long[] dims = space.dims();
    if (space.elementCount() > Long.MAX_VALUE / Math.max(1, type.size())) {
      throw new H5FormatException("dataset " + d.path(), d.address(), space.elementCount()
          + " elements of " + type.size() + " bytes exceed 2^63 bytes");
    }
    long bytes = space.elementCount() * type.size();
    if (bytes == 0 || !written) {
      return new LayoutMessage.Contiguous(FileParams.UNDEFINED, bytes);
    }
    long row = bytes / dims[0];
    if (row > SLAB_BYTES * 8) {
      throw new UnsupportedOperationException("rows of " + row + " bytes in " + d.path()
          + " are too big to copy");
    }
    long rows = Math.max(1, SLAB_BYTES / row);
    long address = out.allocator().allocate(bytes);
    ByteBuffer b = ByteBuffer.allocate((int) (Math.min(rows, dims[0]) * row));
    for (long start = 0; start < dims[0]; start += rows) {
      long[] from = new long[dims.length];
      long[] count = dims.clone();
      from[0] = start;
      count[0] = Math.min(rows, dims[0] - start);
      b.clear();
      d.read(from, count, b);
      byte[] slab = java.util.Arrays.copyOf(b.array(), (int) (count[0] * row));
      rewriter.rewrite(type, slab, (int) (slab.length / type.size()));
      out.access().write(address + start * row, slab);
      share.done(slab.length / Math.max(1, type.size()));
    }
    return new LayoutMessage.Contiguous(address, bytes);
  }

  private LayoutMessage chunked(Elements d, Datatype type, Dataspace space, StoragePlan plan,
      byte[] fill, CopyMeter.Share share) throws IOException {
    int size = type.size();
    long[] dims = space.dims();
    long[] c = plan.chunks();
    ChunkGeometry g = ChunkGeometry.of(c, size, space);
    if (g.chunkBytes() > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("chunks " + java.util.Arrays.toString(c) + " of "
          + d.path() + " exceed 2 GiB");
    }
    int chunkBytes = (int) g.chunkBytes();
    FilterPipeline encoder = plan.pipeline() == null ? null : FilterPipeline.of(plan.pipeline());
    ChunkTable records = new ChunkTable(dims.length);
    long[] grid = new long[dims.length];
    long cells = 1;
    for (int i = 0; i < dims.length; i++) {
      grid[i] = (dims[i] + c[i] - 1) / c[i];
      cells = Math.multiplyExact(cells, grid[i]);
    }
    long[] cell = new long[dims.length];
    for (long n = 0; n < cells; n++) {
      long[] start = new long[dims.length];
      long[] count = new long[dims.length];
      for (int i = 0; i < dims.length; i++) {
        start[i] = cell[i] * c[i];
        count[i] = Math.min(c[i], dims[i] - start[i]);
      }
      byte[] chunk = readChunk(d, start, count, c, size, chunkBytes, fill);
      rewriter.rewrite(type, chunk, chunkBytes / size);
      FilterPipeline.Encoded e = encoder == null ? new FilterPipeline.Encoded(chunk, 0)
          : encoder.encode(chunk);
      long address = out.allocator().allocate(e.bytes().length);
      out.access().write(address, e.bytes());
      records.add(start, address, e.bytes().length, e.filterMask());
      long boxElements = 1;
      for (long k : count) {
        boxElements *= k;
      }
      share.done(boxElements);
      for (int i = dims.length - 1; i >= 0 && ++cell[i] == grid[i]; i--) {
        cell[i] = 0;
      }
    }
    return chunks.index(draft(plan, type), space, encoder != null, records);
  }

  /** One whole chunk: the box read from the input, the fill value where the chunk overhangs. */
  private static byte[] readChunk(Elements d, long[] start, long[] count, long[] c, int size,
      int chunkBytes, byte[] fill) throws IOException {
    long boxBytes = size;
    for (long n : count) {
      boxBytes *= n;
    }
    ByteBuffer box = ByteBuffer.allocate((int) boxBytes);
    d.read(start, count, box);
    if (java.util.Arrays.equals(count, c)) {
      return box.array();
    }
    byte[] chunk = new byte[chunkBytes];
    if (fill != null && fill.length == size) {
      for (int p = 0; p < chunkBytes; p += size) {
        System.arraycopy(fill, 0, chunk, p, size);
      }
    }
    int rank = c.length;
    int run = (int) (count[rank - 1] * size);
    long rows = boxBytes / Math.max(1, run);
    long[] at = new long[rank];
    for (long r = 0; r < rows; r++) {
      long dst = 0;
      for (int i = 0; i < rank; i++) {
        dst = dst * c[i] + at[i];
      }
      System.arraycopy(box.array(), (int) (r * run), chunk, (int) (dst * size), run);
      for (int i = rank - 2; i >= 0 && ++at[i] == count[i]; i--) {
        at[i] = 0;
      }
    }
    return chunk;
  }
}
