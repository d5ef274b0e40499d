package io.h5j.format.heap;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads objects from a fractal heap (the storage of dense links, dense attributes and
 * shared messages) by heap ID: managed objects from direct blocks reached through the
 * doubling table of indirect blocks, tiny objects from the ID itself, huge objects from the
 * file directly or through the heap's huge-object v2 B-tree. Every address, length and
 * checksum is checked; a corrupt heap ends in {@link H5FormatException}. Deflate-filtered
 * heaps are supported; other filters are reported as unsupported.
 *
 * <pre>{@code
 * FractalHeap heap = FractalHeap.open(fa, linkInfo.heapAddress());
 * byte[] linkMessage = heap.read(record.heapId());
 * }</pre>
 *
 * <p>Not thread-safe: it caches recently read blocks.
 */
public final class FractalHeap {
  static final String ID = "fractal heap ID";
  static final String DIRECT = "fractal heap direct block";
  static final String INDIRECT = "fractal heap indirect block";
  private static final int DIRECT_CACHE = 8;
  private static final int INDIRECT_CACHE = 32;

  private final FileAccess fa;
  private final long address;
  private final FractalHeapHeader header;
  private final DoublingTable table;
  private final HeapIdLayout ids;
  private final HeapFilters filters;
  private BTreeV2 hugeTree;
  private final Map<Long, DirectBlock> directCache = lru(DIRECT_CACHE);
  private final Map<Long, IndirectBlock> indirectCache = lru(INDIRECT_CACHE);

  private FractalHeap(FileAccess fa, long address, FractalHeapHeader header, DoublingTable table,
      HeapIdLayout ids, HeapFilters filters) {
    this.fa = fa;
    this.address = address;
    this.header = header;
    this.table = table;
    this.ids = ids;
    this.filters = filters;
  }

  private static <V> Map<Long, V> lru(int size) {
    return new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, V> eldest) {
        return size() > size;
      }
    };
  }

  /** Decodes and checks the heap header at {@code address}. */
  public static FractalHeap open(FileAccess fa, long address) throws IOException {
    FileParams p = fa.params();
    String s = FractalHeapHeader.STRUCTURE;
    int plain = FractalHeapHeader.encodedSize(p, 0);
    byte[] start = fa.read(address, plain, s);
    int filterLength = (start[FractalHeapHeader.FILTER_LENGTH_FIELD] & 0xff)
        | (start[FractalHeapHeader.FILTER_LENGTH_FIELD + 1] & 0xff) << 8;
    ByteReader r = filterLength == 0 ? new ByteReader(start, address, s, p)
        : fa.reader(address, FractalHeapHeader.encodedSize(p, filterLength), s);
    FractalHeapHeader h = FractalHeapHeader.decode(r);
    DoublingTable table;
    try {
      table = new DoublingTable(h.tableWidth(), h.startBlockSize(), h.maxDirectBlockSize(),
          h.maxHeapBits());
    } catch (IllegalArgumentException e) {
      throw new H5FormatException(s, address, e.getMessage(), e);
    }
    HeapIdLayout ids = HeapIdLayout.of(h.idLength(), h.maxManagedObjectSize(), h.filtered(),
        h.checksummedDirectBlocks(), table, p);
    if (h.idLength() < ids.managedIdSize() || h.idLength() > 4096) {
      throw new H5FormatException(s, address, "heap ID length " + h.idLength()
          + " cannot hold a managed object ID of " + ids.managedIdSize() + " bytes");
    }
    if (h.currentRootRows() > table.maxRootRows()) {
      throw new H5FormatException(s, address, "root indirect block has " + h.currentRootRows()
          + " rows, at most " + table.maxRootRows() + " fit the heap's maximum size");
    }
    if (Long.compareUnsigned(h.managedSpace(), 1L << h.maxHeapBits()) > 0) {
      throw new H5FormatException(s, address, "managed space " + h.managedSpace()
          + " exceeds the maximum heap size 2^" + h.maxHeapBits());
    }
    HeapFilters filters = null;
    if (h.filtered()) {
      filters = HeapFilters.decode(new ByteReader(h.filterInfo(), address, s, p), address);
    }
    return new FractalHeap(fa, address, h, table, ids, filters);
  }

  public long address() {
    return address;
  }

  /** The decoded header. */
  public FractalHeapHeader header() {
    return header;
  }

  /** The heap's doubling table geometry. */
  public DoublingTable table() {
    return table;
  }

  /** The sizes of the fields inside this heap's IDs. */
  public HeapIdLayout idLayout() {
    return ids;
  }

  /** Bytes in this heap's IDs. */
  public int idLength() {
    return header.idLength();
  }

  /**
   * Reads the objects of many IDs, visiting managed objects in heap-offset order so that each
   * block is read once however the IDs are ordered (a name index lists them by hash).
   *
   * @return the objects, in the order of {@code heapIds}
   */
  public List<byte[]> readAll(List<byte[]> heapIds) throws IOException {
    Integer[] order = new Integer[heapIds.size()];
    long[] offsets = new long[heapIds.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
      offsets[i] = managedOffset(heapIds.get(i));
    }
    Arrays.sort(order, (a, b) -> Long.compare(offsets[a], offsets[b]));
    byte[][] out = new byte[order.length][];
    for (int i : order) {
      out[i] = read(heapIds.get(i));
    }
    return Arrays.asList(out);
  }

  /** A managed ID's heap offset (its little-endian field after the flag byte), else -1. */
  private long managedOffset(byte[] heapId) {
    if (heapId.length < 1 + ids.offsetSize() || (heapId[0] & 0xf0) != 0) {
      return -1;
    }
    long v = 0;
    for (int i = 0; i < ids.offsetSize(); i++) {
      v |= (heapId[1 + i] & 0xffL) << (8 * i);
    }
    return v;
  }

  /**
   * The file space this heap occupies, sorted by address: the header; every indirect block
   * reachable from the root (signature, owner and checksum verified); every direct block
   * (its table size, or for filtered heaps its stored filtered size; owner and offset
   * verified); every huge object and the nodes and header of the huge-object B-tree; the
   * free-space manager header and section list, if the heap has them. Freeing these ranges
   * frees the whole heap. Cycles, overlapping ranges, ranges outside the file and anything
   * that does not decode end in {@link H5FormatException}.
   */
  public List<Extent> extents() throws IOException {
    FileParams p = fa.params();
    Extents out = new Extents(fa.size());
    out.add(address, FractalHeapHeader.encodedSize(p, header.filterInfoLength()),
        FractalHeapHeader.STRUCTURE);
    long root = header.rootAddress();
    if (FileParams.isDefined(root) && header.currentRootRows() == 0) {
      directExtent(out, new BlockRef(root, 0, table.startBlockSize(),
          header.filteredRootSize(), header.rootFilterMask()));
    } else if (FileParams.isDefined(root)) {
      Set<Long> seen = new HashSet<>();
      Deque<long[]> todo = new ArrayDeque<>(); // {address, rows, heap offset}
      todo.push(new long[] {root, header.currentRootRows(), 0});
      while (!todo.isEmpty()) {
        long[] b = todo.pop();
        long at = b[0];
        int rows = (int) b[1];
        long blockOffset = b[2];
        if (!seen.add(at)) {
          throw new H5FormatException(INDIRECT, at, "indirect block reached twice");
        }
        IndirectBlock ib = indirectBlock(at, rows, blockOffset);
        out.add(at, indirectBlockSize(rows), INDIRECT);
        for (int r = 0; r < rows; r++) {
          long size = table.rowBlockSize(r);
          for (int c = 0; c < table.width(); c++) {
            int entry = r * table.width() + c;
            long child = ib.childAddress()[entry];
            if (!FileParams.isDefined(child)) {
              continue;
            }
            long childOffset = blockOffset + table.rowOffset(r) + c * size;
            if (table.isDirectRow(r)) {
              directExtent(out, new BlockRef(child, childOffset, size, ib.filteredSize()[entry],
                  ib.filterMask()[entry]));
            } else {
              int childRows = table.indirectRows(size);
              if (childRows < 1 || childRows >= rows) {
                throw new H5FormatException(INDIRECT, at, "row " + r
                    + " cannot hold indirect blocks with this table geometry");
              }
              todo.push(new long[] {child, childRows, childOffset});
            }
          }
        }
      }
    }
    if (FileParams.isDefined(header.hugeBTreeAddress())) {
      BTreeV2 tree = BTreeV2.open(fa, header.hugeBTreeAddress());
      int expected = header.filtered() ? (ids.hugeDirect() ? 4 : 2) : (ids.hugeDirect() ? 3 : 1);
      if (tree.type() != expected || tree.recordSize() != HugeObjectRecord.size(expected, p)) {
        throw new H5FormatException("v2 B-tree header", tree.address(), "huge-object B-tree has"
            + " type " + tree.type() + " and records of " + tree.recordSize()
            + " bytes, expected type " + expected);
      }
      for (Extent e : tree.extents()) {
        out.add(e.address(), e.size(), "v2 B-tree node");
      }
      tree.forEach(r -> {
        HugeObjectRecord rec = HugeObjectRecord.decode(expected, r);
        out.add(rec.address(), rec.length(), "fractal heap huge object");
      });
    }
    if (FileParams.isDefined(header.freeSpaceManagerAddress())) {
      freeSpaceExtents(out, header.freeSpaceManagerAddress());
    }
    return Extent.sortedDisjoint(out.list, FractalHeapHeader.STRUCTURE, address);
  }

  /** Collects extents, each checked to lie in the file, their sum bounded by its size. */
  private static final class Extents {
    final List<Extent> list = new ArrayList<>();
    final long fileSize;
    long sum;

    Extents(long fileSize) {
      this.fileSize = fileSize;
    }

    void add(long at, long size, String what) throws H5FormatException {
      if (!FileParams.isDefined(at) || at < 0 || size <= 0 || at > fileSize
          || size > fileSize - at) {
        throw new H5FormatException(what, at, "range of " + size
            + " bytes is outside the file of " + fileSize + " bytes");
      }
      sum += size;
      if (sum > fileSize) {
        throw new H5FormatException(what, at, "the heap's ranges add up to more than the file");
      }
      list.add(new Extent(at, size));
    }
  }

  /** Adds a direct block after checking it belongs to this heap at its offset. */
  private void directExtent(Extents out, BlockRef b) throws IOException {
    if (header.filtered()) {
      out.add(b.address, b.filteredSize, DIRECT);
      directBlock(b); // unfilters and verifies prefix and checksum
      return;
    }
    out.add(b.address, b.size, DIRECT);
    checkPrefix(fa.reader(b.address, ids.directBlockPrefix(), DIRECT), "FHDB", b.heapOffset);
  }

  /** Adds the header and section list of the heap's free-space manager. */
  private void freeSpaceExtents(Extents out, long at) throws IOException {
    FileParams p = fa.params();
    String s = "free-space manager header";
    int o = p.offsetSize();
    int l = p.lengthSize();
    // libhdf5 stores shrink and expand percent as 2 bytes each (the spec's table suggests 1)
    int size = 4 + 1 + 1 + 4 * l + 2 + 2 + 2 + 2 + l + o + l + l + 4;
    ByteReader r = fa.reader(at, size, s);
    r.signature("FSHD");
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    int client = r.u8();
    if (client != 0) {
      throw r.error("client " + client + " is not a fractal heap (0)");
    }
    r.skip(4L * l + 2 + 2 + 2 + 2 + l);
    long sections = r.offset();
    long used = r.length();
    long allocated = r.length();
    r.checksum(0);
    if (Long.compareUnsigned(used, allocated) > 0) {
      throw new H5FormatException(s, at, "section list uses " + used + " of " + allocated
          + " allocated bytes");
    }
    out.add(at, size, s);
    if (FileParams.isDefined(sections) && allocated > 0) {
      String ss = "free-space section list";
      ByteReader sr = fa.reader(sections, 4 + 1 + o, ss);
      sr.signature("FSSE");
      int sv = sr.u8();
      if (sv != 0) {
        throw sr.versionError(sv, 0, "version " + sv + " is not 0");
      }
      long owner = sr.offset();
      if (owner != at) {
        throw sr.error("section list belongs to the manager at " + owner + ", not " + at);
      }
      out.add(sections, allocated, ss);
    }
  }

  /** Reads the object a heap ID names. */
  public byte[] read(byte[] heapId) throws IOException {
    if (heapId.length < 1) {
      throw new H5FormatException(ID, address, "empty heap ID");
    }
    int first = heapId[0] & 0xff;
    if (first >>> 6 != 0) {
      throw new H5FormatException(ID, address, "heap ID version " + (first >>> 6) + " is not 0");
    }
    ByteReader id = new ByteReader(heapId, 0, heapId.length, -1, ID, fa.params());
    id.skip(1);
    switch ((first >>> 4) & 3) {
      case 0:
        return readManaged(id);
      case 1:
        return readHuge(id);
      case 2:
        return readTiny(heapId);
      default:
        throw new H5FormatException(ID, address, "heap ID type 3 is reserved");
    }
  }

  private byte[] readTiny(byte[] heapId) throws H5FormatException {
    int length;
    int from;
    if (ids.tinyExtended()) {
      if (heapId.length < 2) {
        throw new H5FormatException(ID, address, "extended tiny heap ID is shorter than 2 bytes");
      }
      length = ((heapId[0] & 0x0f) << 8 | (heapId[1] & 0xff)) + 1;
      from = 2;
    } else {
      length = (heapId[0] & 0x0f) + 1;
      from = 1;
    }
    if (from + length > heapId.length) {
      throw new H5FormatException(ID, address, "tiny object of " + length
          + " bytes does not fit a heap ID of " + heapId.length);
    }
    return Arrays.copyOfRange(heapId, from, from + length);
  }

  private byte[] readManaged(ByteReader id) throws IOException {
    long offset = id.uN(ids.offsetSize());
    long length = id.uN(ids.lengthSize());
    if (length > header.maxManagedObjectSize()) {
      // a larger object would have been stored as a huge object: the ID and header disagree
      throw new H5FormatException(ID, address, "managed object of " + length
          + " bytes exceeds the heap's maximum managed object size "
          + header.maxManagedObjectSize());
    }
    if (length == 0 || length > table.maxDirectBlockSize()
        || Long.compareUnsigned(offset, header.managedSpace()) >= 0
        || length > header.managedSpace() - offset) {
      throw new H5FormatException(ID, address, "managed object at heap offset "
          + Long.toUnsignedString(offset) + " of " + length
          + " bytes is outside the heap's managed space of " + header.managedSpace());
    }
    BlockRef block = locate(offset);
    byte[] data = directBlock(block);
    long within = offset - block.heapOffset;
    if (within < ids.directBlockPrefix() || within + length > block.size) {
      throw new H5FormatException(DIRECT, block.address, "object at heap offset " + offset
          + " of " + length + " bytes overlaps the block's header or end");
    }
    return Arrays.copyOfRange(data, (int) within, (int) (within + length));
  }

  /** Where a direct block sits in the file and in the heap. */
  private record BlockRef(long address, long heapOffset, long size, long filteredSize,
      long filterMask) {}

  private BlockRef locate(long offset) throws IOException {
    if (!FileParams.isDefined(header.rootAddress())) {
      throw new H5FormatException(ID, address, "heap has no root block but the ID names offset "
          + offset);
    }
    if (header.currentRootRows() == 0) {
      return new BlockRef(header.rootAddress(), 0, table.startBlockSize(),
          header.filteredRootSize(), header.rootFilterMask());
    }
    long blockAddress = header.rootAddress();
    int rows = header.currentRootRows();
    long blockOffset = 0;
    long rel = offset;
    Set<Long> seen = new HashSet<>();
    while (true) {
      if (!seen.add(blockAddress)) {
        throw new H5FormatException(INDIRECT, blockAddress, "indirect block reached twice");
      }
      IndirectBlock ib = indirectBlock(blockAddress, rows, blockOffset);
      int row = table.rowOf(rel);
      if (row >= rows) {
        throw new H5FormatException(INDIRECT, blockAddress, "heap offset " + offset
            + " lies beyond the block's " + rows + " rows");
      }
      long size = table.rowBlockSize(row);
      long col = (rel - table.rowOffset(row)) / size;
      int entry = (int) (row * (long) table.width() + col);
      long childOffset = blockOffset + table.rowOffset(row) + col * size;
      long child = ib.childAddress()[entry];
      if (table.isDirectRow(row)) {
        if (!FileParams.isDefined(child)) {
          throw new H5FormatException(INDIRECT, blockAddress, "heap offset " + offset
              + " lies in an unallocated direct block");
        }
        return new BlockRef(child, childOffset, size, ib.filteredSize()[entry],
            ib.filterMask()[entry]);
      }
      if (!FileParams.isDefined(child)) {
        throw new H5FormatException(INDIRECT, blockAddress, "heap offset " + offset
            + " lies in an unallocated indirect block");
      }
      rows = table.indirectRows(size);
      if (rows < 1) {
        throw new H5FormatException(INDIRECT, blockAddress, "row " + row
            + " cannot hold indirect blocks with this table geometry");
      }
      rel -= table.rowOffset(row) + col * size;
      blockOffset = childOffset;
      blockAddress = child;
    }
  }

  /** The decoded child entries of one indirect block, and where it sits in the heap. */
  private record IndirectBlock(long blockOffset, long[] childAddress, long[] filteredSize,
      long[] filterMask) {}

  /** A verified direct block image and the heap offset it was verified for. */
  private record DirectBlock(long heapOffset, byte[] data) {}

  /** Bytes of an indirect block with {@code rows} rows in this heap. */
  private long indirectBlockSize(int rows) {
    FileParams p = fa.params();
    long direct = (long) Math.min(rows, table.maxDirectRows()) * table.width();
    long indirect = (long) Math.max(0, rows - table.maxDirectRows()) * table.width();
    long entry = p.offsetSize() + (header.filtered() ? p.lengthSize() + 4 : 0);
    return 4 + 1 + p.offsetSize() + ids.offsetSize() + direct * entry + indirect * p.offsetSize() + 4;
  }

  private IndirectBlock indirectBlock(long at, int rows, long blockOffset) throws IOException {
    IndirectBlock cached = indirectCache.get(at);
    if (cached != null && cached.blockOffset() == blockOffset
        && cached.childAddress().length == rows * table.width()) {
      return cached;
    }
    ByteReader r = fa.reader(at, indirectBlockSize(rows), INDIRECT);
    checkPrefix(r, "FHIB", blockOffset);
    int n = rows * table.width();
    int direct = Math.min(rows, table.maxDirectRows()) * table.width();
    long[] addr = new long[n];
    long[] filteredSize = new long[n];
    long[] mask = new long[n];
    for (int i = 0; i < n; i++) {
      addr[i] = r.offset();
      if (i < direct && header.filtered()) {
        filteredSize[i] = r.length();
        mask[i] = r.u32();
      }
    }
    r.checksum(0);
    IndirectBlock ib = new IndirectBlock(blockOffset, addr, filteredSize, mask);
    indirectCache.put(at, ib);
    return ib;
  }

  /** Checks signature, version, owning heap and block offset of a heap block. */
  private void checkPrefix(ByteReader r, String signature, long blockOffset) throws IOException {
    r.signature(signature);
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    long owner = r.offset();
    if (owner != address) {
      throw r.error("block belongs to the heap at " + owner + ", not " + address);
    }
    long stored = r.uN(ids.offsetSize());
    if (stored != blockOffset) {
      throw r.error("block offset " + stored + " should be " + blockOffset);
    }
  }

  private byte[] directBlock(BlockRef b) throws IOException {
    DirectBlock cached = directCache.get(b.address);
    if (cached != null && cached.heapOffset() == b.heapOffset && cached.data().length == b.size) {
      return cached.data();
    }
    byte[] data;
    if (header.filtered()) {
      byte[] raw = fa.read(b.address, b.filteredSize, DIRECT);
      data = filters.undo(raw, b.filterMask, b.size, DIRECT, b.address);
    } else {
      data = fa.read(b.address, b.size, DIRECT);
    }
    ByteReader r = new ByteReader(data, b.address, DIRECT, fa.params());
    checkPrefix(r, "FHDB", b.heapOffset);
    if (header.checksummedDirectBlocks()) {
      int at = r.position();
      int stored = r.i32();
      byte[] copy = data.clone();
      Arrays.fill(copy, at, at + 4, (byte) 0);
      int computed = Lookup3.checksum(copy, 0, copy.length);
      if (stored != computed) {
        throw new H5FormatException(DIRECT, b.address + at, String.format(
            "checksum mismatch: stored %08x, computed %08x", stored, computed));
      }
    }
    directCache.put(b.address, new DirectBlock(b.heapOffset, data));
    return data;
  }

  private byte[] readHuge(ByteReader id) throws IOException {
    FileParams p = fa.params();
    long objAddress;
    long objLength;
    long mask = 0;
    long memorySize = -1;
    if (ids.hugeDirect()) {
      objAddress = id.offset();
      objLength = id.length();
      if (header.filtered()) {
        mask = id.u32();
        memorySize = id.length();
      }
    } else {
      long key = id.uN(ids.hugeIdSize());
      HugeObjectRecord rec = hugeRecord(key);
      objAddress = rec.address();
      objLength = rec.length();
      mask = rec.filterMask();
      memorySize = rec.memorySize();
    }
    if (!FileParams.isDefined(objAddress)) {
      throw new H5FormatException(ID, address, "huge object address is undefined");
    }
    byte[] raw = fa.read(objAddress, objLength, "fractal heap huge object");
    if (!header.filtered()) {
      return raw;
    }
    return filters.undo(raw, mask, memorySize, "fractal heap huge object", objAddress);
  }

  private HugeObjectRecord hugeRecord(long key) throws IOException {
    if (hugeTree == null) {
      if (!FileParams.isDefined(header.hugeBTreeAddress())) {
        throw new H5FormatException(ID, address, "huge object ID but the heap has no huge-object B-tree");
      }
      BTreeV2 tree = BTreeV2.open(fa, header.hugeBTreeAddress());
      int expectedType = header.filtered() ? 2 : 1;
      if (tree.type() != expectedType
          || tree.recordSize() != HugeObjectRecord.size(expectedType, fa.params())) {
        throw new H5FormatException("v2 B-tree header", tree.address(), "huge-object B-tree has type "
            + tree.type() + " and records of " + tree.recordSize() + " bytes, expected type "
            + expectedType);
      }
      hugeTree = tree;
    }
    int type = hugeTree.type();
    Optional<byte[]> found = hugeTree.find(
        r -> Long.compareUnsigned(key, HugeObjectRecord.decode(type, r).id()));
    if (found.isEmpty()) {
      throw new H5FormatException(ID, address, "huge object " + key + " is not in the heap's B-tree");
    }
    ByteReader r = new ByteReader(found.get(), hugeTree.address(), "huge object record", fa.params());
    return HugeObjectRecord.decode(type, r);
  }
}
