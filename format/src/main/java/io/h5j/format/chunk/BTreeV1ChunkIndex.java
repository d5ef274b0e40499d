package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV1;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Index type 0, the version 1 B-tree of layout messages v1-3 (node type 1). Each key is the
 * chunk's stored size (u32), filter mask (u32) and element offset in every dimension plus a
 * trailing 0 for the element-size dimension (u64 each); the key left of a level-0 child
 * describes that chunk.
 */
public final class BTreeV1ChunkIndex implements ChunkIndex {

  private final FileAccess fa;
  private final ChunkGeometry geometry;
  private final long address;
  private final int k;
  /** Nodes read by lookups; an index changed in place is opened anew (see forgetDerived). */
  private final BTreeV1.NodeCache nodes = new BTreeV1.NodeCache();

  private BTreeV1ChunkIndex(FileAccess fa, ChunkGeometry geometry, long address, int k) {
    this.fa = fa;
    this.geometry = geometry;
    this.address = address;
    this.k = k;
  }

  /** @param k the superblock's indexed storage internal node K (nodes hold 2K children) */
  static BTreeV1ChunkIndex open(FileAccess fa, long address, ChunkGeometry g, int k)
      throws IOException {
    fa.checkRange(address, 8, "v1 B-tree node");
    return new BTreeV1ChunkIndex(fa, g, address, k);
  }

  /** Address of the root node. */
  long address() {
    return address;
  }

  /** The superblock's indexed storage K this index was opened with. */
  int k() {
    return k;
  }

  /** Bytes of one key for a dataset of rank {@code rank}. */
  public static int keySize(int rank) {
    return 4 + 4 + 8 * (rank + 1);
  }

  @Override
  public ChunkGeometry geometry() {
    return geometry;
  }

  private ChunkRecord decode(ByteReader key, long child) throws IOException {
    long size = key.u32();
    int mask = key.i32();
    long[] chunk = geometry.chunkDims();
    long[] offset = new long[geometry.rank()];
    for (int i = 0; i < offset.length; i++) {
      offset[i] = key.u64();
      if (offset[i] < 0 || offset[i] % chunk[i] != 0) {
        throw key.error("chunk offset " + Long.toUnsignedString(offset[i]) + " in dimension " + i
            + " is not a multiple of the chunk size " + chunk[i]);
      }
    }
    fa.checkRange(child, Math.min(size, Integer.MAX_VALUE - 8),
        () -> "chunk " + java.util.Arrays.toString(offset));
    return new ChunkRecord(offset, child, size, mask);
  }

  @Override
  public void forEach(ChunkVisitor visitor) throws IOException {
    BTreeV1.walk(fa, address, BTreeV1.CHUNK_NODE, keySize(geometry.rank()),
        (left, child, right) -> visitor.visit(decode(left, child)));
  }

  @Override
  public Optional<ChunkRecord> find(long[] chunkOffset) throws IOException {
    geometry.scaled(chunkOffset);
    ChunkRecord[] hit = new ChunkRecord[1];
    BTreeV1.find(fa, address, BTreeV1.CHUNK_NODE, keySize(geometry.rank()), key -> {
      key.skip(8);
      for (long want : chunkOffset) {
        int c = Long.compareUnsigned(want, key.u64());
        if (c != 0) {
          return c;
        }
      }
      return 0;
    }, (left, child, right) -> {
      ChunkRecord c = decode(left, child);
      if (java.util.Arrays.equals(c.offsetRef(), chunkOffset)) {
        hit[0] = c;
      }
    }, nodes);
    return Optional.ofNullable(hit[0]);
  }

  /**
   * Every node of the tree at libhdf5's full node size ({@link BTreeV1#nodeSize} for this
   * index's K), whatever the number of entries it uses. A node using more than 2K entries
   * does not fit that size and is reported as damage.
   */
  @Override
  public List<Extent> extents() throws IOException {
    if (k < 1 || k > 0x7fff) {
      throw new H5FormatException("superblock", 0, "indexed storage K " + k + " is not 1..32767");
    }
    return BTreeV1.extents(fa, address, BTreeV1.CHUNK_NODE, keySize(geometry.rank()), k);
  }

}
