package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV1;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Index type 0, the version 1 B-tree of layout messages v1-3 (node type 1). Each key is the
 * chunk's stored size (u32), filter mask (u32) and element offset in every dimension plus a
 * trailing 0 for the element-size dimension (u64 each); the key left of a level-0 child
 * describes that chunk. New trees are written by {@link BTreeV1ChunkWriter}, existing ones
 * updated in place by {@link BTreeV1ChunkUpdater}.
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
  static BTreeV1ChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, ChunkGeometry g,
      boolean filtered, int k) throws IOException {
    long address = layout.indexAddress();
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

  /** A new tree of nodes of {@code 2 * options.v1K()} children over {@code sorted}. */
  static WrittenIndex create(IndexPlacement placement, FileParams p, ChunkGeometry g,
      boolean filtered, ChunkTable table, int[] rows,
      IndexOptions options) throws IOException {
    List<ChunkRecord> sorted = table.records(rows);
    return new WrittenIndex(ChunkIndex.V1_BTREE, 0, new byte[0], placement.place((fa, alloc) ->
        BTreeV1ChunkWriter.write(fa, alloc, g, options.v1K(), sorted)));
  }

  @Override
  public ChunkIndexType type() {
    return ChunkIndexType.V1_BTREE;
  }

  @Override
  public ChunkGeometry geometry() {
    return geometry;
  }

  @Override
  public boolean canUpdate() {
    return true;
  }

  /** Yes: records leave their nodes as libhdf5 removes them. */
  @Override
  public boolean canRemove() {
    return true;
  }

  /** Removals first, in a pass of their own (written leaves first), then the changes. */
  @Override
  public long update(SpaceAllocator alloc, List<ChunkRecord> changed, List<long[]> removed,
      Barrier barrier) throws IOException {
    List<Extent> freeAfter = new ArrayList<>();
    if (!removed.isEmpty()) {
      BTreeV1ChunkUpdater r = new BTreeV1ChunkUpdater(fa, alloc, geometry, address, k);
      for (long[] offset : removed) {
        r.remove(offset, freeAfter);
      }
      r.writes(freeAfter).write(fa, barrier);
    }
    BTreeV1ChunkUpdater u = new BTreeV1ChunkUpdater(fa, alloc, geometry, address, k);
    for (ChunkRecord c : changed) {
      geometry.scaled(c.offsetRef());
      u.insert(c);
    }
    u.writes(freeAfter).perform(fa, alloc, barrier, freeAfter);
    return -1; // the root stays where it is: a new root's content goes there
  }

  @Override
  public BTreeV1ChunkIndex resized(Dataspace space) {
    return new BTreeV1ChunkIndex(fa, geometry.resized(space), address, k);
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
