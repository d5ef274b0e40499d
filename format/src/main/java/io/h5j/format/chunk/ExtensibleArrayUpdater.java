package io.h5j.format.chunk;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Sets elements of an existing extensible array chunk index in place, growing it as libhdf5
 * does: a data block, super block or data block page that holds no element yet is created
 * (data blocks and super blocks in new space, a page in its data block's space) with the new
 * elements and fill elsewhere, and the block above is pointed at it; an existing block is
 * rewritten with the changed elements. The header's "max index set" and statistics are
 * rewritten last.
 *
 * <p>Crash safety: new blocks first, then existing structures bottom up (data blocks and
 * pages, super blocks, the index block, the header), each in one write. An element appended
 * past the header's "max index set" is invisible to libhdf5 and h5j until the header is
 * written; an element set below it becomes visible with the one write of its block.
 */
final class ExtensibleArrayUpdater extends EntryUpdates {
  private static final int RANK_BLOCK = 0;
  private static final int RANK_SUPER = 1;
  private static final int RANK_INDEX = 2;
  private static final int RANK_HEADER = 3;

  private final SpaceAllocator alloc;
  private final ExtensibleArrayIndex index;
  private final EaGeometry ea;
  private final int o;

  ExtensibleArrayUpdater(FileAccess fa, SpaceAllocator alloc, ExtensibleArrayIndex index) {
    super(fa, index.codec());
    this.alloc = alloc;
    this.index = index;
    this.ea = index.ea();
    this.o = fa.params().offsetSize();
  }

  @Override
  long element(long[] offset) {
    long idx = index.arrayIndex(offset);
    if (idx < 0 || (ea.maxNelmtsBits < 64 && idx >= 1L << ea.maxNelmtsBits)) {
      throw new IllegalArgumentException("chunk " + java.util.Arrays.toString(offset)
          + " lies outside the array's index range");
    }
    return idx;
  }

  @Override
  IndexWrites writes() throws IOException {
    IndexWrites w = new IndexWrites();
    if (elements.isEmpty()) {
      return w;
    }
    ExtensibleArrayWriter blocks = ExtensibleArrayWriter.forUpdate(fa, alloc, codec, ea,
        ArrayElements.of(elements), index.headerAddress(), w);
    long iblock = index.indexBlockAddress();
    if (!FileParams.isDefined(iblock)) {
      iblock = blocks.writeIndexBlock(); // the first elements: the index block and below
    } else {
      update(blocks, w);
    }
    PatchedBlock header = PatchedBlock.read(fa, index.headerAddress(),
        ExtensibleArrayIndex.headerSize(fa.params()), ExtensibleArrayIndex.HEADER);
    int l = fa.params().lengthSize();
    int at = 12;
    long[] add = {blocks.nsblks, blocks.sblkBytes, blocks.ndblks, blocks.dblkBytes};
    for (long a : add) {
      header.putUnsigned(at, header.getUnsigned(at, l) + a, l);
      at += l;
    }
    header.putUnsigned(at, Math.max(index.maxIndexSet(), elements.lastKey() + 1), l);
    at += l;
    header.putUnsigned(at, header.getUnsigned(at, l) + blocks.realised, l);
    at += l;
    header.putUnsigned(at, iblock, o);
    w.inPlace(header.address, header.sealed(), RANK_HEADER);
    return w;
  }

  /** Elements into an array that has an index block. */
  private void update(ExtensibleArrayWriter blocks, IndexWrites w) throws IOException {
    ExtensibleArrayIndex.IndexBlock ib = index.indexBlock();
    PatchedBlock iblock = PatchedBlock.read(fa, index.indexBlockAddress(),
        index.indexBlockSize(), ExtensibleArrayIndex.INDEX_BLOCK);
    boolean iblockChanged = false;
    int prefix = index.blockPrefix();
    int esize = codec.size();
    Map<Long, PatchedBlock> changed = new HashMap<>(); // data blocks, pages: by address
    Map<Long, PatchedBlock> supers = new HashMap<>();
    Set<String> created = new HashSet<>(); // blocks written new, holding all their elements
    for (Map.Entry<Long, ChunkRecord> e : elements.entrySet()) {
      long idx = e.getKey();
      byte[] element = encode(e.getValue());
      if (idx < ea.idxBlkElmts) {
        iblock.put(4 + 1 + 1 + o + (int) idx * esize, element);
        iblockChanged = true;
        continue;
      }
      int s = ea.superBlockOf(idx);
      if (s >= ea.nsblks) {
        throw new IllegalArgumentException("array index " + idx + " is past the last super block");
      }
      long n = ea.dblkNelmts[s];
      long within = idx - ea.firstElement(s);
      int d = (int) (within / n);
      long start = ea.firstElement(s) + d * n;
      long inBlock = within % n;
      if (s < ea.iblockNsblks) {
        int global = (int) (ea.startDblk[s] + d);
        long address = ib.dblk()[global];
        if (!FileParams.isDefined(address)) {
          if (created.add("d" + global)) { // a new block holds all its elements at once
            long made = blocks.writeDataBlock(start, n, ea.startIdx[s] + global * n, 0);
            iblock.putUnsigned(4 + 1 + 1 + o + ea.idxBlkElmts * esize + global * o, made, o);
            iblockChanged = true;
          }
          continue;
        }
        block(changed, address, prefix + n * esize + 4, ExtensibleArrayIndex.DATA_BLOCK)
            .put(prefix + (int) inBlock * esize, element);
        continue;
      }
      int slot = s - ea.iblockNsblks;
      long sbAddress = ib.sblk()[slot];
      if (!FileParams.isDefined(sbAddress)) {
        if (created.add("s" + s)) {
          long made = blocks.writeSuperBlock(s);
          iblock.putUnsigned(4 + 1 + 1 + o + ea.idxBlkElmts * esize
              + (ea.ndblkAddrs + slot) * o, made, o);
          iblockChanged = true;
        }
        continue;
      }
      int bitmapBytes = (int) (ea.ndblks[s] * ea.bitmapBytesPerBlock(s));
      PatchedBlock sb = supers.get(sbAddress);
      if (sb == null) {
        index.superBlock(sbAddress, s); // verifies it
        sb = PatchedBlock.read(fa, sbAddress, prefix + bitmapBytes + ea.ndblks[s] * o + 4,
            ExtensibleArrayIndex.SUPER_BLOCK);
        supers.put(sbAddress, sb);
      }
      long pages = ea.pages(s);
      if (created.contains("s" + s + "d" + d)) {
        continue; // written whole earlier in this update, this element included
      }
      long dblk = sb.getUnsigned(prefix + bitmapBytes + d * o, o);
      if (!FileParams.isDefined(dblk)) {
        if (created.add("s" + s + "d" + d)) {
          long made = blocks.writeDataBlock(start, n, ea.startIdx[s] + d * n, pages);
          sb.putUnsigned(prefix + bitmapBytes + d * o, made, o);
          for (long pg = 0; pg < pages; pg++) {
            if (blocks.anyIn(start + pg * ea.pageElmts(), ea.pageElmts())) {
              sb.setBit(prefix, d * pages + pg);
            }
          }
        }
        continue;
      }
      if (pages == 0) {
        block(changed, dblk, prefix + n * esize + 4, ExtensibleArrayIndex.DATA_BLOCK)
            .put(prefix + (int) inBlock * esize, element);
        continue;
      }
      long pg = inBlock / ea.pageElmts();
      long pageBytes = ea.pageElmts() * esize + 4;
      long pageAddress = dblk + prefix + 4 + pg * pageBytes;
      long bit = d * pages + pg;
      if (created.contains("p" + pageAddress)) {
        continue; // written whole earlier in this update, this element included
      }
      if (bitSet(sb, prefix, bit)) {
        block(changed, pageAddress, pageBytes, ExtensibleArrayIndex.PAGE)
            .put((int) (inBlock % ea.pageElmts()) * esize, element);
      } else if (created.add("p" + pageAddress)) {
        // an uninitialised page: written whole (its space is the data block's) before the
        // super block's bitmap marks it
        long first = start + pg * ea.pageElmts();
        ByteWriter page = new ByteWriter(fa.params(), (int) pageBytes);
        for (long i = 0; i < ea.pageElmts(); i++) {
          codec.encode(page, elements.get(first + i));
        }
        page.checksum(0);
        w.inPlace(pageAddress, page.toByteArray(), RANK_BLOCK);
        sb.setBit(prefix, bit);
      }
    }
    for (PatchedBlock b : changed.values()) {
      w.inPlace(b.address, b.sealed(), RANK_BLOCK);
    }
    for (PatchedBlock b : supers.values()) {
      w.inPlace(b.address, b.sealed(), RANK_SUPER);
    }
    if (iblockChanged) {
      w.inPlace(iblock.address, iblock.sealed(), RANK_INDEX);
    }
  }

  private PatchedBlock block(Map<Long, PatchedBlock> changed, long address, long size,
      String structure) throws IOException {
    PatchedBlock b = changed.get(address);
    if (b == null) {
      b = PatchedBlock.read(fa, address, size, structure);
      changed.put(address, b);
    }
    return b;
  }

  private boolean bitSet(PatchedBlock sb, int bitmapAt, long bit) {
    long v = sb.getUnsigned(bitmapAt + (int) (bit / 8), 1);
    return (v & (0x80 >>> (bit % 8))) != 0;
  }
}
