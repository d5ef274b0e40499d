package io.h5j.format.chunk;

import io.h5j.format.btree.BTreeV1;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a new version 1 B-tree (node type 1) over chunks sorted by offset. Nodes hold at
 * most {@code 2K} children and are filled evenly; every node occupies libhdf5's full node
 * size. Neighbouring nodes of a level share their boundary key and link to each other as
 * siblings; the rightmost key of the tree is, as libhdf5 writes it for a new node, the last
 * chunk's offset plus one chunk in every dimension (the element-size dimension included:
 * there it is the element size), with size and mask 0. With no chunks the
 * root is an empty leaf.
 */
final class BTreeV1ChunkWriter {
  private BTreeV1ChunkWriter() {}

  /** One node of a level being built: its first key, children and last key. */
  private record Node(byte[] firstKey, byte[] lastKey, List<byte[]> keys, List<Long> children) {}

  static long write(FileAccess fa, SpaceAllocator alloc, ChunkGeometry g, int k,
      List<ChunkRecord> sorted) throws IOException {
    FileParams p = fa.params();
    int keySize = BTreeV1ChunkIndex.keySize(g.rank());
    long nodeSize = BTreeV1.nodeSize(p, k, keySize);
    List<byte[]> keys = new ArrayList<>();
    List<Long> children = new ArrayList<>();
    long[] chunk = g.chunkDims();
    for (ChunkRecord c : sorted) {
      if (c.storedSize() > 0xffffffffL) {
        throw new IllegalArgumentException(c + ": v1 B-tree keys hold sizes below 4 GiB");
      }
      keys.add(key(p, keySize, c.storedSize(), c.filterMask(), c.offsetRef(), 0));
      children.add(c.address());
    }
    long[] end = new long[g.rank()];
    if (!sorted.isEmpty()) {
      long[] last = sorted.get(sorted.size() - 1).offsetRef();
      for (int i = 0; i < end.length; i++) {
        end[i] = last[i] + chunk[i];
      }
    }
    keys.add(key(p, keySize, 0, 0, end, sorted.isEmpty() ? 0 : g.elementSize()));
    int level = 0;
    while (true) {
      int n = children.size();
      int nodes = Math.max(1, (n + 2 * k - 1) / (2 * k));
      long[] addresses = new long[nodes];
      for (int i = 0; i < nodes; i++) {
        addresses[i] = alloc.allocate(nodeSize);
      }
      List<byte[]> upKeys = new ArrayList<>();
      int from = 0;
      for (int i = 0; i < nodes; i++) {
        int count = n / nodes + (i < n % nodes ? 1 : 0);
        ByteWriter w = new ByteWriter(p, (int) nodeSize);
        w.ascii("TREE").u8(BTreeV1.CHUNK_NODE).u8(level).u16(count)
            .offset(i == 0 ? FileParams.UNDEFINED : addresses[i - 1])
            .offset(i == nodes - 1 ? FileParams.UNDEFINED : addresses[i + 1]);
        for (int j = 0; j < count; j++) {
          w.bytes(keys.get(from + j)).offset(children.get(from + j));
        }
        w.bytes(keys.get(from + count));
        w.zeros((int) (nodeSize - w.position()));
        fa.write(addresses[i], w.toByteArray());
        upKeys.add(keys.get(from));
        from += count;
      }
      if (nodes == 1) {
        return addresses[0];
      }
      upKeys.add(keys.get(n));
      keys = upKeys;
      children = new ArrayList<>();
      for (long a : addresses) {
        children.add(a);
      }
      level++;
    }
  }

  /** @param last the element-size dimension: 0, or in the right key its size (libhdf5's) */
  private static byte[] key(FileParams p, int keySize, long size, int mask, long[] offset,
      long last) {
    ByteWriter w = new ByteWriter(p, keySize);
    w.u32(size).u32(mask & 0xffffffffL);
    for (long o : offset) {
      w.u64(o);
    }
    return w.u64(last).toByteArray();
  }
}
