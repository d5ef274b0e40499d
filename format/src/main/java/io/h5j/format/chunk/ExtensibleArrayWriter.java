package io.h5j.format.chunk;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;

/**
 * Writes a new extensible array index holding the given elements: header, index block, and
 * only those super blocks, data blocks and pages that hold a chunk, as libhdf5 creates them
 * on demand. The header's statistics count what was written; a data block's "block offset"
 * follows libhdf5 (for data blocks addressed from the index block it adds the block's index
 * among all of them times its size to the super block's first element).
 */
final class ExtensibleArrayWriter {
  private final FileAccess fa;
  private final SpaceAllocator alloc;
  private final EntryCodec codec;
  private final EaGeometry ea;
  private final ArrayElements elements;
  private final int o;
  private long header;
  /** Where new blocks go: written at once, or handed to an update's ordered writes. */
  private final IndexWrites sink;
  long nsblks;
  long sblkBytes;
  long ndblks;
  long dblkBytes;
  long realised;

  private ExtensibleArrayWriter(FileAccess fa, SpaceAllocator alloc, EntryCodec codec,
      EaGeometry ea, ArrayElements elements, long header, IndexWrites sink) {
    this.header = header;
    this.sink = sink;
    this.fa = fa;
    this.alloc = alloc;
    this.codec = codec;
    this.ea = ea;
    this.elements = elements;
    this.o = fa.params().offsetSize();
  }

  /** @param elements the chunks by array index */
  static long write(FileAccess fa, SpaceAllocator alloc, EntryCodec codec, EaGeometry ea,
      ArrayElements elements) throws IOException {
    return new ExtensibleArrayWriter(fa, alloc, codec, ea, elements, 0, null).write();
  }

  /**
   * A writer of new blocks for the array whose header is at {@code header}, holding
   * {@code elements}, that hands each block to {@code sink} rather than writing it, and counts
   * what it adds in its statistics fields.
   */
  static ExtensibleArrayWriter forUpdate(FileAccess fa, SpaceAllocator alloc, EntryCodec codec,
      EaGeometry ea, ArrayElements elements, long header, IndexWrites sink) {
    return new ExtensibleArrayWriter(fa, alloc, codec, ea, elements, header, sink);
  }

  private long write() throws IOException {
    FileParams p = fa.params();
    header = alloc.allocate(ExtensibleArrayIndex.headerSize(p));
    long maxIdxSet = elements.isEmpty() ? 0 : elements.lastIndex() + 1;
    long iblock = elements.isEmpty() ? FileParams.UNDEFINED : writeIndexBlock();
    ByteWriter w = new ByteWriter(p, ExtensibleArrayIndex.headerSize(p));
    w.ascii("EAHD").u8(0).u8(codec.clientId()).u8(codec.size()).u8(ea.maxNelmtsBits)
        .u8(ea.idxBlkElmts).u8(ea.dataBlkMinElmts).u8(ea.supBlkMinDataPtrs).u8(ea.pageBits)
        .length(nsblks).length(sblkBytes).length(ndblks).length(dblkBytes).length(maxIdxSet)
        .length(realised).offset(iblock).checksum(0);
    fa.write(header, w.toByteArray());
    return header;
  }

  boolean anyIn(long from, long count) {
    return elements.anyIn(from, count);
  }

  long writeIndexBlock() throws IOException {
    long[] dblk = new long[ea.ndblkAddrs];
    long[] sblk = new long[ea.nsblkAddrs];
    for (int s = 0; s < ea.nsblks; s++) {
      long first = ea.firstElement(s);
      long span = ea.ndblks[s] * ea.dblkNelmts[s];
      if (s < ea.iblockNsblks) {
        for (int d = 0; d < ea.ndblks[s]; d++) {
          int global = (int) (ea.startDblk[s] + d);
          long start = first + d * ea.dblkNelmts[s];
          dblk[global] = anyIn(start, ea.dblkNelmts[s])
              ? writeDataBlock(start, ea.dblkNelmts[s], ea.startIdx[s] + global * ea.dblkNelmts[s])
              : FileParams.UNDEFINED;
        }
      } else {
        sblk[s - ea.iblockNsblks] = anyIn(first, span) ? writeSuperBlock(s) : FileParams.UNDEFINED;
      }
    }
    ByteWriter w = new ByteWriter(fa.params());
    w.ascii("EAIB").u8(0).u8(codec.clientId()).offset(header);
    elements.encodeRun(w, codec, 0, ea.idxBlkElmts);
    for (long a : dblk) {
      w.offset(a);
    }
    for (long a : sblk) {
      w.offset(a);
    }
    w.checksum(0);
    realised += ea.idxBlkElmts;
    return place(w.toByteArray());
  }

  long writeSuperBlock(int s) throws IOException {
    int n = (int) ea.ndblks[s];
    long per = ea.dblkNelmts[s];
    long pages = ea.pages(s);
    long first = ea.firstElement(s);
    long[] dblk = new long[n];
    byte[] bitmap = new byte[(int) (n * ea.bitmapBytesPerBlock(s))];
    for (int d = 0; d < n; d++) {
      long start = first + d * per;
      if (!anyIn(start, per)) {
        dblk[d] = FileParams.UNDEFINED;
        continue;
      }
      for (long pg = 0; pg < pages; pg++) {
        if (anyIn(start + pg * ea.pageElmts(), ea.pageElmts())) {
          long bit = d * pages + pg;
          bitmap[(int) (bit / 8)] |= (byte) (0x80 >>> (bit % 8));
        }
      }
      dblk[d] = writeDataBlock(start, per, ea.startIdx[s] + d * per, pages);
    }
    ByteWriter w = new ByteWriter(fa.params());
    w.ascii("EASB").u8(0).u8(codec.clientId()).offset(header).uN(ea.startIdx[s], ea.arrOffSize)
        .bytes(bitmap);
    for (long a : dblk) {
      w.offset(a);
    }
    w.checksum(0);
    byte[] bytes = w.toByteArray();
    nsblks++;
    sblkBytes += bytes.length;
    return place(bytes);
  }

  private long writeDataBlock(long start, long count, long blockOffset) throws IOException {
    return writeDataBlock(start, count, blockOffset, 0);
  }

  long writeDataBlock(long start, long count, long blockOffset, long pages)
      throws IOException {
    ByteWriter w = new ByteWriter(fa.params());
    w.ascii("EADB").u8(0).u8(codec.clientId()).offset(header).uN(blockOffset, ea.arrOffSize);
    if (pages == 0) {
      elements.encodeRun(w, codec, start, count);
      w.checksum(0);
    } else {
      w.checksum(0);
      for (long pg = 0; pg < pages; pg++) {
        int from = w.position();
        elements.encodeRun(w, codec, start + pg * ea.pageElmts(), ea.pageElmts());
        w.checksum(from);
      }
    }
    byte[] bytes = w.toByteArray();
    ndblks++;
    dblkBytes += bytes.length;
    realised += count;
    return place(bytes);
  }

  private long place(byte[] bytes) throws IOException {
    long at = alloc.allocate(bytes.length);
    if (sink != null) {
      sink.fresh(at, bytes);
    } else {
      fa.write(at, bytes);
    }
    return at;
  }
}
