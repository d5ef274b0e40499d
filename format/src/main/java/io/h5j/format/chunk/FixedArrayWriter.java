package io.h5j.format.chunk;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;

/**
 * Writes a new fixed array index (header, data block, and pages when the maximum grid has
 * more than {@code 2^pageBits} chunks). Pages holding no chunk are written as fill and left
 * uninitialised in the bitmap, as libhdf5 leaves pages it never touched.
 */
final class FixedArrayWriter {
  private FixedArrayWriter() {}

  /** @param byIndex the chunk at each linear index of the maximum grid, null where none */
  static long write(FileAccess fa, SpaceAllocator alloc, EntryCodec codec, int pageBits,
      ChunkRecord[] byIndex, boolean any) throws IOException {
    FileParams p = fa.params();
    long n = byIndex.length;
    long header = alloc.allocate(FixedArrayIndex.headerSize(p));
    long dblk = any ? writeDataBlock(fa, alloc, codec, pageBits, byIndex, header, null)
        : FileParams.UNDEFINED;
    ByteWriter w = new ByteWriter(p, FixedArrayIndex.headerSize(p));
    w.ascii("FAHD").u8(0).u8(codec.clientId()).u8(codec.size()).u8(pageBits).length(n).offset(dblk)
        .checksum(0);
    fa.write(header, w.toByteArray());
    return header;
  }

  /**
   * Writes the data block of the array whose header is at {@code header}, or hands it to
   * {@code sink} (an update's ordered writes) if that is not null.
   */
  static long writeDataBlock(FileAccess fa, SpaceAllocator alloc, EntryCodec codec,
      int pageBits, ChunkRecord[] byIndex, long header, IndexWrites sink) throws IOException {
    int n = byIndex.length;
    int perPage = 1 << pageBits;
    boolean paged = n > perPage;
    int pages = paged ? (n + perPage - 1) / perPage : 0;
    ByteWriter w = new ByteWriter(fa.params());
    w.ascii("FADB").u8(0).u8(codec.clientId()).offset(header);
    if (!paged) {
      for (ChunkRecord c : byIndex) {
        codec.encode(w, c);
      }
      w.checksum(0);
    } else {
      byte[] bitmap = new byte[(pages + 7) / 8];
      for (int i = 0; i < n; i++) {
        if (byIndex[i] != null) {
          int page = i / perPage;
          bitmap[page / 8] |= (byte) (0x80 >>> (page % 8));
        }
      }
      w.bytes(bitmap).checksum(0);
      for (int page = 0; page < pages; page++) {
        int from = w.position();
        for (int i = page * perPage; i < Math.min(n, (page + 1) * perPage); i++) {
          codec.encode(w, byIndex[i]);
        }
        w.checksum(from);
      }
    }
    byte[] bytes = w.toByteArray();
    long at = alloc.allocate(bytes.length);
    if (sink != null) {
      sink.fresh(at, bytes);
    } else {
      fa.write(at, bytes);
    }
    return at;
  }
}
