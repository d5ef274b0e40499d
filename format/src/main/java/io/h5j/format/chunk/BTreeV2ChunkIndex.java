package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.BTreeV2Editor;
import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Index type 5, a version 2 B-tree of chunk records sorted by scaled chunk coordinates:
 * type 10 (unfiltered) holds the chunk address and one u64 scaled coordinate per dimension;
 * type 11 (filtered) holds the address, the stored size ({@link
 * ChunkGeometry#chunkSizeWidth()} bytes), the filter mask (u32), then the coordinates. New
 * trees are written by {@link BTreeV2Writer}, existing ones edited by {@link
 * BTreeV2ChunkUpdate}.
 */
public final class BTreeV2ChunkIndex implements ChunkIndex {
  /** Record type of unfiltered chunks. */
  public static final int TYPE_UNFILTERED = 10;
  /** Record type of filtered chunks. */
  public static final int TYPE_FILTERED = 11;

  private final FileAccess fa;
  private final ChunkGeometry geometry;
  private final BTreeV2 tree;
  private final boolean filtered;
  private final FileParams params;

  private BTreeV2ChunkIndex(FileAccess fa, ChunkGeometry geometry, BTreeV2 tree,
      boolean filtered, FileParams params) {
    this.fa = fa;
    this.geometry = geometry;
    this.tree = tree;
    this.filtered = filtered;
    this.params = params;
  }

  /** Bytes of one record for the given dataset. */
  static int recordSize(FileParams p, ChunkGeometry g, boolean filtered) {
    return p.offsetSize() + (filtered ? g.chunkSizeWidth() + 4 : 0) + 8 * g.rank();
  }

  static BTreeV2ChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, ChunkGeometry g,
      boolean filtered, int v1K) throws IOException {
    long address = layout.indexAddress();
    BTreeV2 tree = BTreeV2.open(fa, address);
    int want = filtered ? TYPE_FILTERED : TYPE_UNFILTERED;
    if (tree.type() != want) {
      throw new H5FormatException("v2 B-tree header", address, "type " + tree.type()
          + " where a " + (filtered ? "filtered" : "unfiltered") + " dataset needs " + want);
    }
    int size = recordSize(fa.params(), g, filtered);
    if (tree.recordSize() != size) {
      throw new H5FormatException("v2 B-tree header", address, "record size "
          + tree.recordSize() + " where chunk records of this dataset take " + size);
    }
    return new BTreeV2ChunkIndex(fa, g, tree, filtered, fa.params());
  }

  /** A new tree with the node size, split and merge percentages of {@code options}. */
  static WrittenIndex create(IndexPlacement placement, FileParams p, ChunkGeometry g,
      boolean filtered, ChunkTable table, int[] rows,
      IndexOptions options) throws IOException {
    List<ChunkRecord> sorted = table.records(rows);
    EntryCodec codec = new EntryCodec(filtered, p, g);
    List<byte[]> records = new ArrayList<>();
    for (ChunkRecord c : sorted) {
      codec.checkFits(c);
      records.add(encode(p, g, filtered, c));
    }
    BTreeV2Params bp = new BTreeV2Params(filtered ? TYPE_FILTERED : TYPE_UNFILTERED,
        recordSize(p, g, filtered), options.bt2NodeSize(), options.bt2Split(),
        options.bt2Merge());
    long at = placement.place((fa, alloc) -> BTreeV2Writer.write(fa, alloc, bp, records));
    byte[] info = new ByteWriter(p, 6).u32(options.bt2NodeSize()).u8(options.bt2Split())
        .u8(options.bt2Merge()).toByteArray();
    return new WrittenIndex(ChunkIndex.V2_BTREE, 0, info, at);
  }

  @Override
  public ChunkIndexType type() {
    return ChunkIndexType.V2_BTREE;
  }

  @Override
  public ChunkGeometry geometry() {
    return geometry;
  }

  @Override
  public boolean canUpdate() {
    return true;
  }

  /** With merge parameters libhdf5 uses ({@link BTreeV2Editor#canRemove}). */
  @Override
  public boolean canRemove() {
    return BTreeV2Editor.canRemove(tree);
  }

  /** Yes: changed nodes and the header go to new space when the old ones are durable. */
  @Override
  public boolean movesWhenUpdated() {
    return true;
  }

  @Override
  public long update(SpaceAllocator alloc, List<ChunkRecord> changed, List<long[]> removed,
      Barrier barrier) throws IOException {
    if (!removed.isEmpty() && !canRemove()) {
      throw new IllegalArgumentException("a v2 B-tree of merge percent " + tree.mergePercent()
          + " does not remove chunks in place");
    }
    List<Extent> freeAfter = new ArrayList<>();
    return BTreeV2ChunkUpdate.writes(fa, alloc, this, changed, removed, freeAfter)
        .perform(fa, alloc, barrier, freeAfter);
  }

  @Override
  public BTreeV2ChunkIndex resized(Dataspace space) {
    return new BTreeV2ChunkIndex(fa, geometry.resized(space), tree, filtered, params);
  }

  /** The underlying tree. */
  public BTreeV2 tree() {
    return tree;
  }

  private ChunkRecord decode(ByteReader r) throws IOException {
    long address = r.offset();
    long size = geometry.chunkBytes();
    int mask = 0;
    if (filtered) {
      size = r.uN(geometry.chunkSizeWidth());
      mask = r.i32();
    }
    long[] scaled = new long[geometry.rank()];
    for (int i = 0; i < scaled.length; i++) {
      scaled[i] = r.u64();
    }
    if (!FileParams.isDefined(address)) {
      throw r.error("chunk record has an undefined address");
    }
    return new ChunkRecord(geometry.offset(scaled), address, size, mask);
  }

  /** Encodes a record of this index's type (used by the writer). */
  static byte[] encode(FileParams p, ChunkGeometry g, boolean filtered, ChunkRecord c) {
    ByteWriter w = new ByteWriter(p, recordSize(p, g, filtered));
    w.offset(c.address());
    if (filtered) {
      w.uN(c.storedSize(), g.chunkSizeWidth()).u32(c.filterMask() & 0xffffffffL);
    }
    for (long s : g.scaled(c.offsetRef())) {
      w.u64(s);
    }
    return w.toByteArray();
  }

  /** This index's record for the chunk. */
  byte[] encode(ChunkRecord c) {
    return encode(params, geometry, filtered, c);
  }

  boolean filtered() {
    return filtered;
  }

  /** The tree's record order: scaled chunk coordinates, dimension 0 first, unsigned. */
  Comparator<byte[]> order() {
    int skip = params.offsetSize() + (filtered ? geometry.chunkSizeWidth() + 4 : 0);
    int rank = geometry.rank();
    return (a, b) -> {
      for (int d = 0; d < rank; d++) {
        int at = skip + 8 * d;
        int c = Long.compareUnsigned(u64(a, at), u64(b, at));
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
  }

  private static long u64(byte[] b, int at) {
    long v = 0;
    for (int i = 7; i >= 0; i--) {
      v = (v << 8) | (b[at + i] & 0xff);
    }
    return v;
  }

  @Override
  public void forEach(ChunkVisitor visitor) throws IOException {
    tree.forEach(r -> visitor.visit(decode(r)));
  }

  @Override
  public Optional<ChunkRecord> find(long[] chunkOffset) throws IOException {
    long[] want = geometry.scaled(chunkOffset);
    int skip = params.offsetSize() + (filtered ? geometry.chunkSizeWidth() + 4 : 0);
    Optional<byte[]> hit = tree.find(r -> {
      r.skip(skip);
      for (long w : want) {
        int c = Long.compareUnsigned(w, r.u64());
        if (c != 0) {
          return c;
        }
      }
      return 0;
    });
    if (hit.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(decode(new ByteReader(hit.get(), -1, "v2 B-tree chunk record", params)));
  }

  /** The tree's header and every node ({@link BTreeV2#extents()}). */
  @Override
  public List<Extent> extents() throws IOException {
    return tree.extents();
  }

  @Override
  public long count() {
    return tree.recordCount();
  }
}
