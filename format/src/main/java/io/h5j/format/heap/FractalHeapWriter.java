package io.h5j.format.heap;

import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds a new, unfiltered fractal heap holding given objects and returns their heap IDs.
 * Objects are classified as libhdf5 does: up to the tiny limit they live in the ID itself,
 * up to the maximum managed size in direct blocks, larger ones are written on their own as
 * huge objects tracked by a huge-object v2 B-tree. Managed objects fill direct blocks in
 * heap-offset order; a block too small for the next object is skipped (left unallocated).
 * One block of the starting size becomes a root direct block; more get a root indirect
 * block whose row count doubles from the starting row count as libhdf5's does, with child
 * indirect blocks for rows beyond the direct rows.
 *
 * <p>The header records the free space but no free-space manager; libhdf5 then appends new
 * objects in new blocks instead of reusing the gaps.
 *
 * <pre>{@code
 * FractalHeapWriter.Result heap =
 *     FractalHeapWriter.write(fa, alloc, FractalHeapParams.DENSE_LINKS, linkMessages);
 * }</pre>
 */
public final class FractalHeapWriter {
  /**
   * @param headerAddress address of the new heap's header
   * @param heapIds one ID per object, in the order given, each {@code idLength} bytes
   */
  public record Result(long headerAddress, List<byte[]> heapIds) {}

  private final FileAccess fa;
  private final SpaceAllocator alloc;
  private final FractalHeapParams params;
  private final DoublingTable table;
  private final HeapIdLayout ids;
  private final FileParams p;
  /** Heap offset of each allocated direct block → its bytes. */
  private final TreeMap<Long, byte[]> blocks = new TreeMap<>();
  private final Map<Long, Long> blockAddress = new TreeMap<>();
  private final List<byte[]> hugeRecords = new ArrayList<>();
  private long headerAddress;
  private long blockOffset;
  private long blockSize;
  private long fill;
  private long managedObjects;
  private long managedBytes;
  private long tinyObjects;
  private long tinyBytes;
  private long hugeObjects;
  private long hugeBytes;

  private FractalHeapWriter(FileAccess fa, SpaceAllocator alloc, FractalHeapParams params) {
    this.fa = fa;
    this.alloc = alloc;
    this.params = params;
    this.p = fa.params();
    this.table = params.table();
    this.ids = HeapIdLayout.of(params.idLength(), params.maxManagedObjectSize(), false,
        params.checksumDirectBlocks(), table, p);
    if (params.idLength() < ids.managedIdSize() || params.idLength() > 4096) {
      throw new IllegalArgumentException("heap ID length " + params.idLength()
          + " must be between " + ids.managedIdSize() + " and 4096");
    }
    if (params.maxManagedObjectSize() < 1
        || params.maxManagedObjectSize() > table.maxDirectBlockSize() - ids.directBlockPrefix()) {
      throw new IllegalArgumentException("maximum managed object size "
          + params.maxManagedObjectSize() + " must fit a direct block of "
          + table.maxDirectBlockSize() + " bytes after its " + ids.directBlockPrefix()
          + "-byte header");
    }
    if (params.startRootRows() < 0 || params.startRootRows() > table.maxRootRows()) {
      throw new IllegalArgumentException("starting root rows " + params.startRootRows()
          + " must be 0.." + table.maxRootRows());
    }
  }

  /** Writes a heap holding {@code objects} (none may be empty). */
  public static Result write(FileAccess fa, SpaceAllocator alloc, FractalHeapParams params,
      List<byte[]> objects) throws IOException {
    return new FractalHeapWriter(fa, alloc, params).write(objects);
  }

  private Result write(List<byte[]> objects) throws IOException {
    int headerSize = FractalHeapHeader.encodedSize(p, 0);
    headerAddress = alloc.allocate(headerSize);
    blockOffset = 0;
    blockSize = table.startBlockSize();
    fill = ids.directBlockPrefix();
    List<byte[]> out = new ArrayList<>(objects.size());
    for (int i = 0; i < objects.size(); i++) {
      byte[] obj = objects.get(i);
      if (obj.length == 0) {
        throw new IllegalArgumentException("object " + i + " is empty; heaps cannot hold empty objects");
      }
      if (obj.length <= ids.tinyMaxLength()) {
        out.add(tinyId(obj));
      } else if (obj.length <= params.maxManagedObjectSize()) {
        out.add(managedId(obj));
      } else {
        out.add(hugeId(obj));
      }
    }
    long hugeTree = writeHugeTree();
    long root = FileParams.UNDEFINED;
    int rows = 0;
    long managedSpace = 0;
    long iterator = 0;
    long allocated = 0;
    for (Map.Entry<Long, byte[]> b : blocks.entrySet()) {
      allocated += b.getValue().length;
      blockAddress.put(b.getKey(), writeDirectBlock(b.getKey(), b.getValue()));
    }
    if (blocks.size() == 1 && blocks.firstKey() == 0 && allocated == table.startBlockSize()) {
      root = blockAddress.get(0L);
      managedSpace = table.startBlockSize();
    } else if (!blocks.isEmpty()) {
      long end = blocks.lastKey() + blocks.lastEntry().getValue().length;
      int needed = table.rowOf(end - 1) + 1;
      rows = params.startRootRows() == 0 ? table.maxRootRows() : params.startRootRows();
      while (rows < needed) {
        rows = Math.min(rows * 2, table.maxRootRows());
      }
      root = writeIndirectBlock(0, rows);
      managedSpace = table.span(rows);
      iterator = end;
    }
    long free = managedSpace - (long) blocks.size() * ids.directBlockPrefix() - managedBytes;
    FractalHeapHeader h = new FractalHeapHeader(params.idLength(), 0,
        params.checksumDirectBlocks() ? FractalHeapHeader.FLAG_CHECKSUM_DIRECT_BLOCKS : 0,
        params.maxManagedObjectSize(), ids.hugeDirect() ? 0 : hugeObjects, hugeTree, free,
        FileParams.UNDEFINED, managedSpace, allocated, iterator, managedObjects, hugeBytes,
        hugeObjects, tinyBytes, tinyObjects, params.tableWidth(), params.startBlockSize(),
        params.maxDirectBlockSize(), params.maxHeapBits(), params.startRootRows(), root, rows,
        0, 0, new byte[0]);
    ByteWriter w = new ByteWriter(p, headerSize);
    h.encode(w);
    fa.write(headerAddress, w.toByteArray());
    return new Result(headerAddress, out);
  }

  private byte[] tinyId(byte[] obj) {
    byte[] id = new byte[params.idLength()];
    int len = obj.length - 1;
    int from;
    if (ids.tinyExtended()) {
      id[0] = (byte) (0x20 | (len >>> 8));
      id[1] = (byte) len;
      from = 2;
    } else {
      id[0] = (byte) (0x20 | len);
      from = 1;
    }
    System.arraycopy(obj, 0, id, from, obj.length);
    tinyObjects++;
    tinyBytes += obj.length;
    return id;
  }

  private byte[] managedId(byte[] obj) {
    while (fill + obj.length > blockSize) {
      blockOffset += blockSize;
      blockSize = table.directBlockSizeAt(blockOffset);
      fill = ids.directBlockPrefix();
      if (blockSize <= 0 || blockOffset + blockSize > (1L << table.maxHeapBits())) {
        throw new IllegalArgumentException("the objects exceed the heap's maximum size of 2^"
            + table.maxHeapBits() + " bytes");
      }
    }
    byte[] block = blocks.computeIfAbsent(blockOffset, k -> new byte[(int) blockSize]);
    long offset = blockOffset + fill;
    System.arraycopy(obj, 0, block, (int) fill, obj.length);
    fill += obj.length;
    managedObjects++;
    managedBytes += obj.length;
    ByteWriter w = new ByteWriter(p, params.idLength());
    w.u8(0).uN(offset, ids.offsetSize()).uN(obj.length, ids.lengthSize());
    w.zeros(params.idLength() - w.position());
    return w.toByteArray();
  }

  private byte[] hugeId(byte[] obj) throws IOException {
    long at = alloc.allocate(obj.length);
    fa.write(at, obj);
    hugeObjects++;
    hugeBytes += obj.length;
    ByteWriter w = new ByteWriter(p, params.idLength());
    w.u8(0x10);
    ByteWriter rec = new ByteWriter(p, 32);
    if (ids.hugeDirect()) {
      w.offset(at).length(obj.length);
      new HugeObjectRecord(at, obj.length, 0, obj.length, 0).encode(3, rec);
    } else {
      if (ids.hugeIdSize() < 8 && hugeObjects >= (1L << (8 * ids.hugeIdSize()))) {
        throw new IllegalArgumentException("more huge objects than " + ids.hugeIdSize()
            + "-byte keys can number");
      }
      w.uN(hugeObjects, ids.hugeIdSize());
      new HugeObjectRecord(at, obj.length, 0, obj.length, hugeObjects).encode(1, rec);
    }
    hugeRecords.add(rec.toByteArray());
    w.zeros(params.idLength() - w.position());
    return w.toByteArray();
  }

  /** Writes the huge-object B-tree (type 1 sorted by key, type 3 sorted by address). */
  private long writeHugeTree() throws IOException {
    if (hugeRecords.isEmpty()) {
      return FileParams.UNDEFINED;
    }
    int type = ids.hugeDirect() ? 3 : 1;
    if (type == 3) {
      hugeRecords.sort((a, b) -> Long.compareUnsigned(addressOf(a), addressOf(b)));
    }
    return BTreeV2Writer.write(fa, alloc,
        BTreeV2Params.defaults(type, HugeObjectRecord.size(type, p)), hugeRecords);
  }

  private long addressOf(byte[] record) {
    long v = 0;
    for (int i = 0; i < p.offsetSize(); i++) {
      v |= (record[i] & 0xffL) << (8 * i);
    }
    return v;
  }

  private long writeDirectBlock(long heapOffset, byte[] block) throws IOException {
    ByteWriter w = new ByteWriter(p, 32);
    w.ascii("FHDB").u8(0).offset(headerAddress).uN(heapOffset, ids.offsetSize());
    byte[] prefix = w.toByteArray();
    System.arraycopy(prefix, 0, block, 0, prefix.length);
    if (params.checksumDirectBlocks()) {
      Arrays.fill(block, prefix.length, prefix.length + 4, (byte) 0);
      int sum = io.h5j.format.io.Lookup3.checksum(block, 0, block.length);
      for (int i = 0; i < 4; i++) {
        block[prefix.length + i] = (byte) (sum >>> (8 * i));
      }
    }
    long at = alloc.allocate(block.length);
    fa.write(at, block);
    return at;
  }

  /** Writes the indirect block covering heap offsets from {@code base} with {@code rows} rows. */
  private long writeIndirectBlock(long base, int rows) throws IOException {
    int width = table.width();
    long[] children = new long[rows * width];
    for (int r = 0; r < rows; r++) {
      long size = table.rowBlockSize(r);
      for (int c = 0; c < width; c++) {
        long childOffset = base + table.rowOffset(r) + c * size;
        long child = FileParams.UNDEFINED;
        if (table.isDirectRow(r)) {
          Long a = blockAddress.get(childOffset);
          if (a != null) {
            child = a;
          }
        } else {
          Long first = blocks.ceilingKey(childOffset);
          if (first != null && first < childOffset + size) {
            child = writeIndirectBlock(childOffset, table.indirectRows(size));
          }
        }
        children[r * width + c] = child;
      }
    }
    ByteWriter w = new ByteWriter(p, 64 + children.length * p.offsetSize());
    w.ascii("FHIB").u8(0).offset(headerAddress).uN(base, ids.offsetSize());
    for (long c : children) {
      w.offset(c);
    }
    w.checksum(0);
    byte[] bytes = w.toByteArray();
    long at = alloc.allocate(bytes.length);
    fa.write(at, bytes);
    return at;
  }
}
