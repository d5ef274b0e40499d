package io.h5j.format.chunk;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.Map;

/**
 * Sets elements of an existing fixed array chunk index in place: an unpaged data block is
 * rewritten with the changed elements; in a paged one only the pages holding them are, a page
 * never initialised being written whole (fill elsewhere) before the data block's bitmap marks
 * it. An array without a data block gets a new one, then its header points at it.
 *
 * <p>An element cleared (a chunk removed) is written as the fill element (undefined address),
 * as libhdf5 removes a chunk from a fixed array.
 *
 * <p>Crash safety: pages, then the data block (or the header), each in one write; every
 * element becomes visible with the one write of its page or block.
 */
final class FixedArrayUpdater extends EntryUpdates {
  private static final int RANK_PAGE = 0;
  private static final int RANK_BLOCK = 1;

  private final SpaceAllocator alloc;
  private final FixedArrayIndex index;

  FixedArrayUpdater(FileAccess fa, SpaceAllocator alloc, FixedArrayIndex index) {
    super(fa, index.codec());
    this.alloc = alloc;
    this.index = index;
  }

  @Override
  long element(long[] offset) {
    ChunkGeometry g = index.geometry();
    long[] s = g.scaled(offset);
    long idx = ChunkGeometry.linear(s, g.maxGrid());
    if (idx < 0 || s[0] >= g.maxGrid()[0] || idx >= index.entries()) {
      throw new IllegalArgumentException("chunk " + java.util.Arrays.toString(offset)
          + " lies outside the maximum grid");
    }
    return idx;
  }

  @Override
  IndexWrites writes() throws IOException {
    IndexWrites w = new IndexWrites();
    if (elements.isEmpty()) {
      return w;
    }
    int esize = codec.size();
    int o = fa.params().offsetSize();
    long dblk = index.dataBlockAddress();
    if (!FileParams.isDefined(dblk)) {
      long made = FixedArrayWriter.writeDataBlock(fa, alloc, codec, index.pageBits(),
          index.entries(), ArrayElements.of(elements), index.headerAddress(), w);
      PatchedBlock header = PatchedBlock.read(fa, index.headerAddress(),
          FixedArrayIndex.headerSize(fa.params()), FixedArrayIndex.HEADER);
      header.putUnsigned(4 + 4 + fa.params().lengthSize(), made, o);
      w.inPlace(header.address, header.sealed(), RANK_BLOCK);
      return w;
    }
    int elementsAt = 4 + 1 + 1 + o;
    if (!index.paged()) {
      PatchedBlock b = PatchedBlock.read(fa, dblk,
          index.prefixSize() + index.entries() * esize, FixedArrayIndex.DATA_BLOCK);
      for (Map.Entry<Long, ChunkRecord> e : elements.entrySet()) {
        b.put(elementsAt + (int) (long) e.getKey() * esize, encode(e.getValue()));
      }
      w.inPlace(b.address, b.sealed(), RANK_BLOCK);
      return w;
    }
    PatchedBlock prefix = PatchedBlock.read(fa, dblk, index.prefixSize(),
        FixedArrayIndex.DATA_BLOCK);
    boolean prefixChanged = false;
    long perPage = 1L << index.pageBits();
    long pageStride = perPage * esize + 4;
    long page = -1;
    PatchedBlock current = null;
    for (Map.Entry<Long, ChunkRecord> e : elements.entrySet()) {
      long idx = e.getKey();
      long p = idx / perPage;
      if (p == page) {
        if (current != null) {
          current.put((int) (idx - p * perPage) * esize, encode(e.getValue()));
        }
        continue;
      }
      if (current != null) {
        w.inPlace(current.address, current.sealed(), RANK_PAGE);
        current = null;
      }
      page = p;
      long first = p * perPage;
      long count = Math.min(perPage, index.entries() - first);
      long at = dblk + index.prefixSize() + p * pageStride;
      int bitmapAt = elementsAt;
      if ((prefix.getUnsigned(bitmapAt + (int) (p / 8), 1) & (0x80 >>> (p % 8))) != 0) {
        current = PatchedBlock.read(fa, at, count * esize + 4, FixedArrayIndex.PAGE);
        current.put((int) (idx - first) * esize, encode(e.getValue()));
      } else { // never initialised: the whole page, then the bit that makes it valid
        ByteWriter pw = new ByteWriter(fa.params(), (int) (count * esize + 4));
        for (long i = 0; i < count; i++) {
          codec.encode(pw, elements.get(first + i));
        }
        pw.checksum(0);
        w.inPlace(at, pw.toByteArray(), RANK_PAGE);
        prefix.setBit(bitmapAt, p);
        prefixChanged = true;
      }
    }
    if (current != null) {
      w.inPlace(current.address, current.sealed(), RANK_PAGE);
    }
    if (prefixChanged) {
      w.inPlace(prefix.address, prefix.sealed(), RANK_BLOCK);
    }
    return w;
  }
}
