package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Index type 3, the fixed array: a header ("FAHD") and one data block ("FADB") holding an
 * element per chunk of the maximum grid, numbered row-major. When the element count exceeds
 * {@code 2^pageBits} the data block is paged: a bitmap of initialised pages (most significant
 * bit first) follows its header, and the pages of {@code 2^pageBits} elements, each with its
 * own checksum, follow the data block's checksum. New arrays are written by {@link
 * FixedArrayWriter}, existing ones updated in place by {@link FixedArrayUpdater}.
 */
public final class FixedArrayIndex implements ArrayChunkIndex {
  static final String HEADER = "fixed array header";
  static final String DATA_BLOCK = "fixed array data block";
  static final String PAGE = "fixed array data block page";

  private final FileAccess fa;
  private final ChunkGeometry geometry;
  private final EntryCodec codec;
  private final long headerAddress;
  private final long nelmts;
  private final int pageBits;
  private final long dataBlockAddress;
  private ByteReader block; // verified data block, read on first use
  private VerifiedBlocks pages = new VerifiedBlocks(VerifiedBlocks.DEFAULT_BOUND);

  private FixedArrayIndex(FileAccess fa, ChunkGeometry geometry, EntryCodec codec,
      long headerAddress, long nelmts, int pageBits, long dataBlockAddress) {
    this.fa = fa;
    this.geometry = geometry;
    this.codec = codec;
    this.headerAddress = headerAddress;
    this.nelmts = nelmts;
    this.pageBits = pageBits;
    this.dataBlockAddress = dataBlockAddress;
  }

  /** Bytes of a header for the given file parameters. */
  static int headerSize(FileParams p) {
    return 4 + 4 + p.lengthSize() + p.offsetSize() + 4;
  }

  static FixedArrayIndex open(FileAccess fa, LayoutMessage.Chunked layout, ChunkGeometry g,
      boolean filtered, int v1K) throws IOException {
    long address = layout.indexAddress();
    FileParams p = fa.params();
    EntryCodec codec = new EntryCodec(filtered, p, g);
    ByteReader r = fa.reader(address, headerSize(p), HEADER);
    r.signature("FAHD");
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    codec.check(r, r.u8(), r.u8());
    int bits = r.u8();
    long n = r.length();
    long dblk = r.offset();
    r.checksum(0);
    long cells = g.maxCells();
    if (bits < 1 || bits > 31) {
      throw new H5FormatException(HEADER, address, "page bits " + bits + " are not 1..31");
    }
    if (n < 0 || cells < 0 || n > cells) {
      throw new H5FormatException(HEADER, address, "holds " + Long.toUnsignedString(n)
          + " entries but the dataset's maximum chunk grid has " + cells);
    }
    return new FixedArrayIndex(fa, g, codec, address, n, bits, dblk);
  }

  /** A new fixed array over the maximum grid holding the rows of {@code table}. */
  static WrittenIndex create(IndexPlacement placement, FileParams p, ChunkGeometry g,
      boolean filtered, ChunkTable table, int[] sorted, IndexOptions options) throws IOException {
    long cells = g.maxCells();
    if (cells < 0) {
      throw new IllegalArgumentException("a fixed array needs a bounded maximum grid, not "
          + Arrays.toString(g.maxGrid()));
    }
    EntryCodec codec = new EntryCodec(filtered, p, g);
    long[] chunkDims = g.chunkDims();
    long[] maxGrid = g.maxGrid();
    long[] scaled = new long[g.rank()];
    long[] keys = new long[sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      int r = sorted[i];
      codec.checkFits(table, r);
      table.scaled(r, chunkDims, scaled);
      long idx = ChunkGeometry.linear(scaled, maxGrid);
      if (idx < 0 || idx >= cells || scaled[0] >= maxGrid[0]) {
        throw new IllegalArgumentException(table.record(r) + " lies outside the maximum grid");
      }
      keys[i] = idx;
    }
    ArrayElements elements = ArrayElements.ofUnordered(table, keys, sorted);
    long at = placement.place((fa, alloc) -> FixedArrayWriter.write(fa, alloc, codec,
        options.faPageBits(), cells, elements));
    return new WrittenIndex(ChunkIndex.FIXED_ARRAY, 0, new byte[] {(byte) options.faPageBits()},
        at);
  }

  @Override
  public ChunkIndexType type() {
    return ChunkIndexType.FIXED_ARRAY;
  }

  @Override
  public ChunkGeometry geometry() {
    return geometry;
  }

  @Override
  public EntryUpdates updates(SpaceAllocator alloc) {
    return new FixedArrayUpdater(fa, alloc, this);
  }

  @Override
  public FixedArrayIndex resized(Dataspace space) {
    return new FixedArrayIndex(fa, geometry.resized(space), codec, headerAddress, nelmts,
        pageBits, dataBlockAddress);
  }

  /** Entries in the array: the chunks of the maximum grid. */
  public long entries() {
    return nelmts;
  }

  /** log2 of the entries per data block page. */
  public int pageBits() {
    return pageBits;
  }

  FileAccess access() {
    return fa;
  }

  EntryCodec codec() {
    return codec;
  }

  long headerAddress() {
    return headerAddress;
  }

  long dataBlockAddress() {
    return dataBlockAddress;
  }

  boolean paged() {
    return nelmts > (1L << pageBits);
  }

  long pages() {
    return (nelmts + (1L << pageBits) - 1) >>> pageBits;
  }

  private int bitmapBytes() {
    return paged() ? (int) ((pages() + 7) / 8) : 0;
  }

  /** Bytes of the data block before its elements or first page, checksum included. */
  int prefixSize() {
    return 4 + 1 + 1 + fa.params().offsetSize() + bitmapBytes() + 4;
  }

  /** Reads and verifies the data block (its prefix only when paged). */
  private ByteReader block() throws IOException {
    if (block == null) {
      long size = prefixSize() + (paged() ? 0 : nelmts * codec.size());
      ByteReader r = fa.reader(dataBlockAddress, size, DATA_BLOCK);
      r.signature("FADB");
      int version = r.u8();
      if (version != 0) {
        throw r.versionError(version, 0, "version " + version + " is not 0");
      }
      codec.check(r, r.u8(), -1);
      long owner = r.offset();
      if (owner != headerAddress) {
        throw r.error("names header " + owner + ", not " + headerAddress);
      }
      r.skip(size - r.position() - 4);
      r.checksum(0);
      block = r;
    }
    return block;
  }

  private boolean pageInitialised(long page) throws IOException {
    ByteReader b = block();
    int at = 4 + 1 + 1 + fa.params().offsetSize() + (int) (page / 8);
    b.position(at);
    return (b.u8() & (0x80 >>> (page % 8))) != 0;
  }

  private ByteReader page(long page) throws IOException {
    long perPage = 1L << pageBits;
    long first = page * perPage;
    long count = Math.min(perPage, nelmts - first);
    long pageSize = perPage * codec.size() + 4;
    long at = dataBlockAddress + prefixSize() + page * pageSize;
    ByteReader r = fa.reader(at, count * codec.size() + 4, PAGE);
    r.skip(count * codec.size());
    r.checksum(0);
    r.position(0);
    return r;
  }

  @Override
  public void forEach(ChunkVisitor visitor) throws IOException {
    if (!FileParams.isDefined(dataBlockAddress) || nelmts == 0) {
      return;
    }
    long[] grid = geometry.maxGrid();
    if (!paged()) {
      ByteReader b = block();
      b.position(prefixSize() - 4);
      visitRun(b, 0, nelmts, grid, visitor);
      return;
    }
    long perPage = 1L << pageBits;
    for (long p = 0; p < pages(); p++) {
      if (pageInitialised(p)) {
        long first = p * perPage;
        visitRun(page(p), first, Math.min(perPage, nelmts - first), grid, visitor);
      }
    }
  }

  private void visitRun(ByteReader r, long first, long count, long[] grid, ChunkVisitor visitor)
      throws IOException {
    for (long i = 0; i < count; i++) {
      int mark = r.position();
      if (codec.defined(r)) {
        r.position(mark);
        visitor.visit(codec.decode(r, geometry.offset(ChunkGeometry.delinear(first + i, grid))));
      }
    }
  }

  /**
   * The header and, when allocated, the data block with its pages: its prefix (with the
   * page bitmap when paged), then every element and one checksum per page, as libhdf5 and
   * {@link FixedArrayWriter} allocate it. The data block's prefix is read and verified.
   */
  @Override
  public List<Extent> extents() throws IOException {
    List<Extent> out = new ArrayList<>();
    IndexExtents.add(out, fa, headerAddress, headerSize(fa.params()), HEADER);
    if (FileParams.isDefined(dataBlockAddress)) {
      if (nelmts > fa.size()) {
        throw new H5FormatException(HEADER, headerAddress, "holds " + nelmts
            + " entries, more than fit in the file of " + fa.size() + " bytes");
      }
      block();
      long elements = nelmts * codec.size();
      long size = prefixSize() + elements + (paged() ? 4 * pages() : 0);
      IndexExtents.add(out, fa, dataBlockAddress, size, DATA_BLOCK);
    }
    return IndexExtents.finish(out, HEADER, headerAddress);
  }

  /** The pages kept for lookups (for tests of their bound). */
  VerifiedBlocks keptPages() {
    return pages;
  }

  /** Keeps at most {@code bytes} of blocks for lookups from now on (default 4 MiB). */
  void keepBlocks(long bytes) {
    pages = new VerifiedBlocks(bytes);
  }

  @Override
  public Optional<ChunkRecord> find(long[] chunkOffset) throws IOException {
    long[] s = geometry.scaled(chunkOffset);
    long[] grid = geometry.maxGrid();
    long idx = ChunkGeometry.linear(s, grid);
    if (idx < 0 || s[0] >= grid[0] || idx >= nelmts || !FileParams.isDefined(dataBlockAddress)) {
      return Optional.empty();
    }
    ByteReader r;
    long within = idx;
    if (paged()) {
      long p = idx >>> pageBits;
      if (!pageInitialised(p)) {
        return Optional.empty();
      }
      long bytes = Math.min(1L << pageBits, nelmts - (p << pageBits)) * codec.size();
      r = pages.get(PAGE, p, bytes, 64 + bytes, () -> page(p)).rewound();
      within = idx - (p << pageBits);
    } else {
      r = block();
      r.position(prefixSize() - 4);
    }
    r.skip(within * codec.size());
    return Optional.ofNullable(codec.decode(r, chunkOffset));
  }
}
