package io.h5j.format.btree;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a complete new version 2 B-tree from records already sorted in the index's order.
 * The tree has the smallest depth that holds them; records are spread evenly so every node
 * is between half and completely full, as libhdf5 expects of the trees it later modifies.
 * Every node occupies the full node size on disk, its unused tail zeroed.
 *
 * <pre>{@code
 * long bt = BTreeV2Writer.write(fa, alloc, BTreeV2Params.defaults(6, 15), sortedRecords);
 * }</pre>
 */
public final class BTreeV2Writer {
  private final FileAccess fa;
  private final SpaceAllocator alloc;
  private final BTreeV2Params params;
  private final List<byte[]> records;
  private BTreeV2Layout layout;

  private BTreeV2Writer(FileAccess fa, SpaceAllocator alloc, BTreeV2Params params,
      List<byte[]> records) {
    this.fa = fa;
    this.alloc = alloc;
    this.params = params;
    this.records = records;
  }

  /**
   * Writes the tree.
   *
   * @param records encoded records, each exactly {@code params.recordSize()} bytes, in order
   * @return the address of the new header
   */
  public static long write(FileAccess fa, SpaceAllocator alloc, BTreeV2Params params,
      List<byte[]> records) throws IOException {
    for (int i = 0; i < records.size(); i++) {
      if (records.get(i).length != params.recordSize()) {
        throw new IllegalArgumentException("record " + i + " has " + records.get(i).length
            + " bytes, the tree's record size is " + params.recordSize());
      }
    }
    return new BTreeV2Writer(fa, alloc, params, records).write();
  }

  /** Child pointer as stored in the parent. */
  private record Ref(long address, int records, long total) {}

  private long write() throws IOException {
    FileParams p = fa.params();
    long n = records.size();
    int depth = 0;
    layout = layoutOf(0);
    while (n > layout.maxTotalRecords(depth)) {
      depth++;
      layout = layoutOf(depth);
    }
    Ref root = n == 0 ? new Ref(FileParams.UNDEFINED, 0, 0) : build(depth, 0, (int) n);
    byte[] header = header(p, params, depth, root.address(), root.records(), n);
    long at = alloc.allocate(header.length);
    fa.write(at, header);
    return at;
  }

  private BTreeV2Layout layoutOf(int depth) {
    BTreeV2Layout l = BTreeV2Layout.compute(params.nodeSize(), params.recordSize(), depth,
        fa.params());
    if (l == null || depth > BTreeV2.MAX_DEPTH || (depth > 0 && l.maxRecords(depth) < 2)) {
      throw new IllegalArgumentException("node size " + params.nodeSize()
          + " is too small for records of " + params.recordSize() + " bytes at depth " + depth);
    }
    return l;
  }

  /** Writes the subtree of {@code count} records from {@code from} with its root at {@code depth}. */
  private Ref build(int depth, int from, int count) throws IOException {
    if (depth == 0) {
      return new Ref(writeNode(leaf(fa.params(), params, records.subList(from, from + count))),
          count, count);
    }
    long childMax = layout.maxTotalRecords(depth - 1);
    int children = (int) Math.max(2, (count + 1 + childMax) / (childMax + 1)); // ceil((count+1)/(childMax+1))
    int own = children - 1;
    int inChildren = count - own;
    if (inChildren < children) {
      throw new IllegalStateException("cannot spread " + count + " records over " + children
          + " non-empty subtrees of depth " + (depth - 1));
    }
    Ref[] refs = new Ref[children];
    int[] separators = new int[own];
    int next = from;
    for (int c = 0; c < children; c++) {
      int size = inChildren / children + (c < inChildren % children ? 1 : 0);
      refs[c] = build(depth - 1, next, size);
      next += size;
      if (c < own) {
        separators[c] = next++;
      }
    }
    List<byte[]> separatorRecords = new ArrayList<>();
    for (int s : separators) {
      separatorRecords.add(records.get(s));
    }
    long[] addr = new long[children];
    int[] counts = new int[children];
    long[] totals = new long[children];
    for (int c = 0; c < children; c++) {
      addr[c] = refs[c].address();
      counts[c] = refs[c].records();
      totals[c] = refs[c].total();
    }
    return new Ref(writeNode(internal(fa.params(), params, layout, depth, separatorRecords, addr, counts,
        totals)), own, count);
  }

  private long writeNode(byte[] node) throws IOException {
    long at = alloc.allocate(params.nodeSize());
    fa.write(at, node);
    return at;
  }

  /** The bytes of a header ("BTHD"). */
  static byte[] header(FileParams p, BTreeV2Params params, int depth, long root,
      int rootRecords, long total) {
    ByteWriter w = new ByteWriter(p, BTreeV2.headerSize(p));
    w.ascii("BTHD").u8(0).u8(params.type()).u32(params.nodeSize()).u16(params.recordSize())
        .u16(depth).u8(params.splitPercent()).u8(params.mergePercent()).offset(root)
        .u16(rootRecords).length(total).checksum(0);
    return w.toByteArray();
  }

  /** The bytes of a leaf ("BTLF"), padded to the node size. */
  static byte[] leaf(FileParams p, BTreeV2Params params, List<byte[]> records) {
    ByteWriter w = new ByteWriter(p, params.nodeSize());
    w.ascii("BTLF").u8(0).u8(params.type());
    for (byte[] r : records) {
      w.bytes(r);
    }
    w.checksum(0);
    w.zeros(params.nodeSize() - w.position());
    return w.toByteArray();
  }

  /**
   * The bytes of an internal node ("BTIN") at {@code depth}, padded to the node size: its
   * records, then one pointer per child (address, records in the child, and below twigs the
   * records in the child's subtree).
   */
  static byte[] internal(FileParams p, BTreeV2Params params, BTreeV2Layout layout, int depth,
      List<byte[]> records, long[] childAddress, int[] childRecords, long[] childTotal) {
    ByteWriter w = new ByteWriter(p, params.nodeSize());
    w.ascii("BTIN").u8(0).u8(params.type());
    for (byte[] r : records) {
      w.bytes(r);
    }
    for (int c = 0; c <= records.size(); c++) {
      w.offset(childAddress[c]).uN(childRecords[c], layout.childCountSize());
      if (depth > 1) {
        w.uN(childTotal[c], layout.childTotalSize(depth));
      }
    }
    w.checksum(0);
    w.zeros(params.nodeSize() - w.position());
    return w.toByteArray();
  }
}
