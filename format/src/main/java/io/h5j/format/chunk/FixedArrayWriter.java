package io.h5j.format.chunk;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;

/**
 * Writes a new fixed array index (header, data block, and pages when the maximum grid has
 * more than {@code 2^pageBits} chunks). The data block's space is allocated whole, as libhdf5
 * allocates it, but of its pages only those holding a chunk are written and marked in the
 * bitmap (and the last one, so that the file reaches the block's end): a dataset with a huge
 * bounded maximum shape (2^32 elements of 10-element chunks: a data block of 3.4 GB) costs
 * the pages it uses, in memory and on disk, where the file system keeps holes.
 */
final class FixedArrayWriter {
  private FixedArrayWriter() {}

  /**
   * @param n the entries of the array (cells of the maximum grid)
   * @param elements the chunk at each linear index that has one (null: none)
   */
  static long write(FileAccess fa, SpaceAllocator alloc, EntryCodec codec, int pageBits, long n,
      ArrayElements elements) throws IOException {
    FileParams p = fa.params();
    long header = alloc.allocate(FixedArrayIndex.headerSize(p));
    long dblk = elements.isEmpty() ? FileParams.UNDEFINED
        : writeDataBlock(fa, alloc, codec, pageBits, n, elements, header, null);
    ByteWriter w = new ByteWriter(p, FixedArrayIndex.headerSize(p));
    w.ascii("FAHD").u8(0).u8(codec.clientId()).u8(codec.size()).u8(pageBits).length(n).offset(dblk)
        .checksum(0);
    fa.write(header, w.toByteArray());
    return header;
  }

  /**
   * Writes the data block of the array of {@code n} entries whose header is at {@code header},
   * or hands its pieces to {@code sink} (an update's ordered writes) if that is not null.
   */
  static long writeDataBlock(FileAccess fa, SpaceAllocator alloc, EntryCodec codec,
      int pageBits, long n, ArrayElements elements, long header, IndexWrites sink)
      throws IOException {
    long perPage = 1L << pageBits;
    ByteWriter w = new ByteWriter(fa.params());
    w.ascii("FADB").u8(0).u8(codec.clientId()).offset(header);
    if (n <= perPage) {
      elements.encodeRun(w, codec, 0, n);
      w.checksum(0);
      byte[] bytes = w.toByteArray();
      long at = alloc.allocate(bytes.length);
      put(fa, sink, at, bytes);
      return at;
    }
    long pages = (n + perPage - 1) / perPage;
    if ((pages + 7) / 8 > Integer.MAX_VALUE - 64) {
      throw new IllegalArgumentException("a fixed array of " + n + " entries in pages of "
          + perPage + " needs a page bitmap larger than 2 GiB");
    }
    byte[] bitmap = new byte[(int) ((pages + 7) / 8)];
    for (long i = elements.next(0); i >= 0; i = elements.next((i / perPage + 1) * perPage)) {
      long page = i / perPage;
      bitmap[(int) (page / 8)] |= (byte) (0x80 >>> (page % 8));
    }
    w.bytes(bitmap).checksum(0);
    byte[] prefix = w.toByteArray();
    long pageSize = perPage * codec.size() + 4;
    long lastPage = (n - (pages - 1) * perPage) * codec.size() + 4;
    long at = alloc.allocate(prefix.length + (pages - 1) * pageSize + lastPage);
    put(fa, sink, at, prefix);
    long written = -1;
    for (long i = elements.next(0); i >= 0; i = elements.next((i / perPage + 1) * perPage)) {
      long page = i / perPage;
      writePage(fa, sink, codec, at + prefix.length + page * pageSize, page * perPage,
          Math.min(perPage, n - page * perPage), elements);
      written = page;
    }
    if (written != pages - 1) {
      long last = pages - 1;
      writePage(fa, sink, codec, at + prefix.length + last * pageSize, last * perPage,
          n - last * perPage, elements);
    }
    return at;
  }

  private static void writePage(FileAccess fa, IndexWrites sink, EntryCodec codec, long at,
      long first, long count, ArrayElements elements) throws IOException {
    ByteWriter w = new ByteWriter(fa.params());
    elements.encodeRun(w, codec, first, count);
    w.checksum(0);
    put(fa, sink, at, w.toByteArray());
  }

  private static void put(FileAccess fa, IndexWrites sink, long at, byte[] bytes)
      throws IOException {
    if (sink != null) {
      sink.fresh(at, bytes);
    } else {
      fa.write(at, bytes);
    }
  }
}
