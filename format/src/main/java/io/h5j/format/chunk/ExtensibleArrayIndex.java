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
 * Index type 4, the extensible array (one unlimited dimension): header "EAHD", index block
 * "EAIB", super blocks "EASB", data blocks "EADB" and data block pages, with the sizing rules
 * of {@link EaGeometry}. Chunks are numbered row-major over the maximum grid with the
 * unlimited dimension moved to the front. Elements at or past the header's "max index set"
 * are unallocated. New arrays are written by {@link ExtensibleArrayWriter}, existing ones
 * updated (and grown) in place by {@link ExtensibleArrayUpdater}.
 */
public final class ExtensibleArrayIndex implements ArrayChunkIndex {
  static final String HEADER = "extensible array header";
  static final String INDEX_BLOCK = "extensible array index block";
  static final String SUPER_BLOCK = "extensible array super block";
  static final String DATA_BLOCK = "extensible array data block";
  static final String PAGE = "extensible array data block page";

  private final FileAccess fa;
  private final ChunkGeometry geometry;
  private final EntryCodec codec;
  private final EaGeometry ea;
  private final long headerAddress;
  private final long maxIdxSet;
  private final long indexBlockAddress;
  private final int unlimitedDim;
  private final long[] arrayGrid;
  private IndexBlock iblock;
  private VerifiedBlocks blocks = new VerifiedBlocks(VerifiedBlocks.DEFAULT_BOUND);

  private ExtensibleArrayIndex(FileAccess fa, ChunkGeometry geometry, EntryCodec codec,
      EaGeometry ea, long headerAddress, long maxIdxSet, long indexBlockAddress) {
    this.fa = fa;
    this.geometry = geometry;
    this.codec = codec;
    this.ea = ea;
    this.headerAddress = headerAddress;
    this.maxIdxSet = maxIdxSet;
    this.indexBlockAddress = indexBlockAddress;
    this.unlimitedDim = geometry.unlimitedDim();
    this.arrayGrid = geometry.arrayGrid(unlimitedDim);
  }

  static int headerSize(FileParams p) {
    return 4 + 1 + 1 + 6 + 6 * p.lengthSize() + p.offsetSize() + 4;
  }

  static ExtensibleArrayIndex open(FileAccess fa, LayoutMessage.Chunked layout,
      ChunkGeometry g, boolean filtered, int v1K) throws IOException {
    long address = layout.indexAddress();
    if (g.unlimitedDim() < 0) {
      throw new H5FormatException(HEADER, address,
          "an extensible array index needs exactly one unlimited dimension");
    }
    FileParams p = fa.params();
    EntryCodec codec = new EntryCodec(filtered, p, g);
    ByteReader r = fa.reader(address, headerSize(p), HEADER);
    r.signature("EAHD");
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    codec.check(r, r.u8(), r.u8());
    int bits = r.u8();
    int idxElmts = r.u8();
    int minElmts = r.u8();
    int minPtrs = r.u8();
    int pageBits = r.u8();
    r.skip(4L * p.lengthSize()); // statistics: super/data blocks created and their sizes
    long maxIdxSet = r.length();
    r.length(); // elements realised
    long iblock = r.offset();
    r.checksum(0);
    String[] why = new String[1];
    EaGeometry ea = EaGeometry.of(bits, idxElmts, minElmts, minPtrs, pageBits, why);
    if (ea == null) {
      throw new H5FormatException(HEADER, address, why[0]);
    }
    if (maxIdxSet < 0 || (bits < 64 && maxIdxSet > (1L << bits))) {
      throw new H5FormatException(HEADER, address, "max index set "
          + Long.toUnsignedString(maxIdxSet) + " exceeds 2^" + bits);
    }
    return new ExtensibleArrayIndex(fa, g, codec, ea, address, maxIdxSet, iblock);
  }

  /** A new extensible array over the unlimited dimension holding the rows of {@code table}. */
  static WrittenIndex create(IndexPlacement placement, FileParams p, ChunkGeometry g,
      boolean filtered, ChunkTable table, int[] sorted, IndexOptions options) throws IOException {
    int unlim = g.unlimitedDim();
    if (unlim < 0) {
      throw new IllegalArgumentException("an extensible array needs exactly one unlimited"
          + " dimension, the maximum grid is " + Arrays.toString(g.maxGrid()));
    }
    String[] why = new String[1];
    EaGeometry ea = EaGeometry.of(options.eaMaxBits(), options.eaIndexElements(),
        options.eaMinElements(), options.eaMinPointers(), options.eaPageBits(), why);
    if (ea == null) {
      throw new IllegalArgumentException(why[0]);
    }
    EntryCodec codec = new EntryCodec(filtered, p, g);
    long[] grid = g.arrayGrid(unlim);
    long[] chunkDims = g.chunkDims();
    long[] scaled = new long[g.rank()];
    long[] keys = new long[sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      int r = sorted[i];
      codec.checkFits(table, r);
      table.scaled(r, chunkDims, scaled);
      long idx = ChunkGeometry.linear(unlim == 0 ? scaled : ChunkGeometry.swizzle(scaled, unlim),
          grid);
      if (idx < 0 || (ea.maxNelmtsBits < 64 && idx >= 1L << ea.maxNelmtsBits)) {
        throw new IllegalArgumentException(table.record(r) + " lies outside the array's index"
            + " range");
      }
      keys[i] = idx;
    }
    ArrayElements elements = ArrayElements.ofUnordered(table, keys, sorted);
    long at = placement.place((fa, alloc) ->
        ExtensibleArrayWriter.write(fa, alloc, codec, ea, elements));
    byte[] info = {(byte) options.eaMaxBits(), (byte) options.eaIndexElements(),
        (byte) options.eaMinPointers(), (byte) options.eaMinElements(),
        (byte) options.eaPageBits()};
    return new WrittenIndex(ChunkIndex.EXTENSIBLE_ARRAY, 0, info, at);
  }

  @Override
  public ChunkIndexType type() {
    return ChunkIndexType.EXTENSIBLE_ARRAY;
  }

  @Override
  public ChunkGeometry geometry() {
    return geometry;
  }

  @Override
  public EntryUpdates updates(SpaceAllocator alloc) {
    return new ExtensibleArrayUpdater(fa, alloc, this);
  }

  @Override
  public ExtensibleArrayIndex resized(Dataspace space) {
    return new ExtensibleArrayIndex(fa, geometry.resized(space), codec, ea, headerAddress,
        maxIdxSet, indexBlockAddress);
  }

  FileAccess access() {
    return fa;
  }

  EntryCodec codec() {
    return codec;
  }

  EaGeometry ea() {
    return ea;
  }

  long headerAddress() {
    return headerAddress;
  }

  long indexBlockAddress() {
    return indexBlockAddress;
  }

  /** The array index of the chunk at {@code chunkOffset}. */
  long arrayIndex(long[] chunkOffset) {
    return ChunkGeometry.linear(ChunkGeometry.swizzle(geometry.scaled(chunkOffset),
        unlimitedDim), arrayGrid);
  }

  /** Bytes of the index block. */
  long indexBlockSize() {
    int o = fa.params().offsetSize();
    return 4 + 1 + 1 + o + (long) ea.idxBlkElmts * codec.size()
        + (long) (ea.ndblkAddrs + ea.nsblkAddrs) * o + 4;
  }

  /** Bytes before the elements (or bitmap) of a super block or data block. */
  int blockPrefix() {
    return 4 + 1 + 1 + fa.params().offsetSize() + ea.arrOffSize;
  }

  /** One past the highest array index ever set. */
  public long maxIndexSet() {
    return maxIdxSet;
  }

  /** The verified index block: its elements and child addresses. */
  record IndexBlock(ByteReader elements, long[] dblk, long[] sblk) {}

  /** A verified super block: page bitmap (or null) and data block addresses. */
  record SuperBlock(ByteReader bitmap, long[] dblk) {}

  private void prologue(ByteReader r, String sig, long blockOffset) throws H5FormatException {
    r.signature(sig);
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    codec.check(r, r.u8(), -1);
    long owner = r.offset();
    if (owner != headerAddress) {
      throw r.error("names header " + owner + ", not " + headerAddress);
    }
    if (blockOffset >= 0) {
      r.uN(ea.arrOffSize); // block offset: libhdf5 does not check it on read either
    }
  }

  IndexBlock indexBlock() throws IOException {
    if (iblock == null) {
      int o = fa.params().offsetSize();
      long size = 4 + 1 + 1 + o + (long) ea.idxBlkElmts * codec.size()
          + (long) (ea.ndblkAddrs + ea.nsblkAddrs) * o + 4;
      ByteReader r = fa.reader(indexBlockAddress, size, INDEX_BLOCK);
      prologue(r, "EAIB", -1);
      ByteReader elements = r.slice(ea.idxBlkElmts * codec.size(), INDEX_BLOCK + " elements");
      long[] dblk = addresses(r, ea.ndblkAddrs);
      long[] sblk = addresses(r, ea.nsblkAddrs);
      r.checksum(0);
      iblock = new IndexBlock(elements, dblk, sblk);
    }
    return iblock;
  }

  private static long[] addresses(ByteReader r, int n) throws H5FormatException {
    long[] a = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.offset();
    }
    return a;
  }

  SuperBlock superBlock(long address, int s) throws IOException {
    int o = fa.params().offsetSize();
    long bitmap = ea.ndblks[s] * ea.bitmapBytesPerBlock(s);
    long size = 4 + 1 + 1 + o + ea.arrOffSize + bitmap + ea.ndblks[s] * o + 4;
    if (ea.ndblks[s] > Integer.MAX_VALUE / 8) {
      throw new H5FormatException(SUPER_BLOCK, address, "super block " + s + " is too large");
    }
    ByteReader r = fa.reader(address, size, SUPER_BLOCK);
    prologue(r, "EASB", 0);
    ByteReader bits = bitmap == 0 ? null : r.slice((int) bitmap, SUPER_BLOCK + " page bitmap");
    long[] dblk = addresses(r, (int) ea.ndblks[s]);
    r.checksum(0);
    return new SuperBlock(bits, dblk);
  }

  private static boolean bit(ByteReader bitmap, long i) throws H5FormatException {
    bitmap.position((int) (i / 8));
    return (bitmap.u8() & (0x80 >>> (i % 8))) != 0;
  }

  /** Reads an unpaged data block of {@code n} elements; the reader is left at element 0. */
  private ByteReader dataBlock(long address, long n) throws IOException {
    int o = fa.params().offsetSize();
    int prefix = 4 + 1 + 1 + o + ea.arrOffSize;
    if (n > Integer.MAX_VALUE / codec.size()) {
      throw new H5FormatException(DATA_BLOCK, address, n + " elements are too many");
    }
    ByteReader r = fa.reader(address, prefix + n * codec.size() + 4, DATA_BLOCK);
    prologue(r, "EADB", 0);
    r.skip(n * codec.size());
    r.checksum(0);
    r.position(prefix);
    return r;
  }

  /** Reads page {@code page} of a paged data block at {@code address}; left at element 0. */
  private ByteReader page(long address, long page) throws IOException {
    long pageBytes = ea.pageElmts() * codec.size();
    ByteReader r = fa.reader(pageAddress(address, page), pageBytes + 4, PAGE);
    r.skip(pageBytes);
    r.checksum(0);
    r.position(0);
    return r;
  }

  /** File address of page {@code page} of the paged data block at {@code address}. */
  private long pageAddress(long address, long page) {
    long prefix = blockPrefix() + 4;
    return address + prefix + page * (ea.pageElmts() * codec.size() + 4);
  }

  /** Checks the data block header of a paged data block (its prefix and checksum). */
  private void pagedPrefix(long address) throws IOException {
    int o = fa.params().offsetSize();
    ByteReader r = fa.reader(address, 4 + 1 + 1 + o + ea.arrOffSize + 4, DATA_BLOCK);
    prologue(r, "EADB", 0);
    r.checksum(0);
  }

  private ChunkRecord decode(ByteReader r, long idx) throws IOException {
    long[] scaled = ChunkGeometry.unswizzle(ChunkGeometry.delinear(idx, arrayGrid), unlimitedDim);
    return codec.decode(r, geometry.offset(scaled));
  }

  @Override
  public Optional<ChunkRecord> find(long[] chunkOffset) throws IOException {
    long[] s = geometry.scaled(chunkOffset);
    long idx = ChunkGeometry.linear(ChunkGeometry.swizzle(s, unlimitedDim), arrayGrid);
    if (idx < 0 || idx >= maxIdxSet || !FileParams.isDefined(indexBlockAddress)) {
      return Optional.empty();
    }
    ByteReader r = locate(idx);
    return r == null ? Optional.empty() : Optional.ofNullable(codec.decode(r, chunkOffset));
  }

  /** A reader positioned at element {@code idx}, or null if its block is unallocated. */
  private ByteReader locate(long idx) throws IOException {
    IndexBlock ib = indexBlock();
    if (idx < ea.idxBlkElmts) {
      ib.elements().position((int) (idx * codec.size()));
      return ib.elements();
    }
    int s = ea.superBlockOf(idx);
    if (s >= ea.nsblks) {
      return null;
    }
    long e = idx - ea.firstElement(s);
    long n = ea.dblkNelmts[s];
    long blockAddress;
    long bitIndex = -1;
    SuperBlock sb = null;
    if (s < ea.iblockNsblks) {
      blockAddress = ib.dblk()[(int) (ea.startDblk[s] + e / n)];
    } else {
      long sbAddress = ib.sblk()[s - ea.iblockNsblks];
      if (!FileParams.isDefined(sbAddress)) {
        return null;
      }
      int sbIndex = s;
      long sbBytes = 64 + ea.ndblks[s] * (8 + ea.bitmapBytesPerBlock(s));
      sb = blocks.get(SUPER_BLOCK, sbAddress, s, sbBytes, () -> superBlock(sbAddress, sbIndex));
      int d = (int) (e / n);
      blockAddress = sb.dblk()[d];
      bitIndex = d * ea.pages(s);
    }
    if (!FileParams.isDefined(blockAddress)) {
      return null;
    }
    e %= n;
    if (sb != null && ea.pages(s) > 0) {
      long p = e / ea.pageElmts();
      if (!bit(sb.bitmap(), bitIndex + p)) {
        return null;
      }
      long paged = blockAddress;
      ByteReader r = kept(PAGE, pageAddress(paged, p), ea.pageElmts(), () -> page(paged, p));
      r.skip((e % ea.pageElmts()) * codec.size());
      return r;
    }
    long dataBlockAddress = blockAddress;
    ByteReader r = kept(DATA_BLOCK, blockAddress, n, () -> dataBlock(dataBlockAddress, n));
    r.skip(e * codec.size());
    return r;
  }

  /**
   * A reader of its own over the {@code count} elements of a verified data block or page,
   * read (by {@code read}, which leaves its reader at element 0) only when not kept.
   */
  private ByteReader kept(String kind, long address, long count,
      VerifiedBlocks.Loader<ByteReader> read) throws IOException {
    long bytes = count * codec.size();
    ByteReader run = blocks.get(kind, address, count, 64 + bytes,
        () -> read.load().slice((int) bytes, kind + " elements"));
    return run.rewound();
  }

  /** The blocks kept for lookups (for tests of their bound). */
  VerifiedBlocks keptBlocks() {
    return blocks;
  }

  /** Keeps at most {@code bytes} of blocks for lookups from now on (default 4 MiB). */
  void keepBlocks(long bytes) {
    blocks = new VerifiedBlocks(bytes);
  }

  /**
   * The header and, when allocated, the index block and every super block and data block it
   * reaches (whether or not they lie below "max index set"), each of the size libhdf5 and
   * {@link ExtensibleArrayWriter} allocate: a paged data block is its prefix, one checksum,
   * then every page with its own checksum. Each block is read and verified (of a paged data
   * block only its prefix).
   */
  @Override
  public List<Extent> extents() throws IOException {
    List<Extent> out = new ArrayList<>();
    IndexExtents.add(out, fa, headerAddress, headerSize(fa.params()), HEADER);
    if (!FileParams.isDefined(indexBlockAddress)) {
      return out;
    }
    int o = fa.params().offsetSize();
    long fileSize = fa.size();
    IndexBlock ib = indexBlock();
    long total = 4 + 1 + 1 + o + (long) ea.idxBlkElmts * codec.size()
        + (long) (ea.ndblkAddrs + ea.nsblkAddrs) * o + 4;
    IndexExtents.add(out, fa, indexBlockAddress, total, INDEX_BLOCK);
    long prefix = 4 + 1 + 1 + o + ea.arrOffSize;
    for (int s = 0; s < ea.nsblks; s++) {
      long[] dblk;
      long pages = 0;
      if (s < ea.iblockNsblks) {
        dblk = new long[(int) ea.ndblks[s]];
        for (int d = 0; d < dblk.length; d++) {
          dblk[d] = ib.dblk()[(int) (ea.startDblk[s] + d)];
        }
      } else {
        long sbAddress = ib.sblk()[s - ea.iblockNsblks];
        if (!FileParams.isDefined(sbAddress)) {
          continue;
        }
        dblk = superBlock(sbAddress, s).dblk();
        long size = prefix + ea.ndblks[s] * ea.bitmapBytesPerBlock(s) + ea.ndblks[s] * o + 4;
        IndexExtents.add(out, fa, sbAddress, size, SUPER_BLOCK);
        total += size;
        pages = ea.pages(s);
      }
      long n = ea.dblkNelmts[s];
      for (long address : dblk) {
        if (!FileParams.isDefined(address)) {
          continue;
        }
        long size;
        if (pages == 0) {
          dataBlock(address, n);
          size = prefix + n * codec.size() + 4;
        } else {
          long pageBytes = ea.pageElmts() * codec.size() + 4;
          if (pages > fileSize / pageBytes) {
            throw new H5FormatException(DATA_BLOCK, address, pages + " pages of " + pageBytes
                + " bytes do not fit in the file of " + fileSize + " bytes");
          }
          pagedPrefix(address);
          size = prefix + 4 + pages * pageBytes;
        }
        IndexExtents.add(out, fa, address, size, DATA_BLOCK);
        total += size;
        if (total > fileSize) {
          throw new H5FormatException(HEADER, headerAddress,
              "its blocks add up to more bytes than the file holds");
        }
      }
    }
    return IndexExtents.finish(out, HEADER, headerAddress);
  }

  @Override
  public void forEach(ChunkVisitor visitor) throws IOException {
    if (!FileParams.isDefined(indexBlockAddress) || maxIdxSet == 0) {
      return;
    }
    IndexBlock ib = indexBlock();
    ib.elements().position(0);
    visitRun(ib.elements(), 0, ea.idxBlkElmts, visitor);
    for (int s = 0; s < ea.nsblks && ea.firstElement(s) < maxIdxSet; s++) {
      SuperBlock sb = null;
      if (s >= ea.iblockNsblks) {
        long sbAddress = ib.sblk()[s - ea.iblockNsblks];
        if (!FileParams.isDefined(sbAddress)) {
          continue;
        }
        sb = superBlock(sbAddress, s);
      }
      long n = ea.dblkNelmts[s];
      for (int d = 0; d < ea.ndblks[s]; d++) {
        long first = ea.firstElement(s) + d * n;
        if (first >= maxIdxSet) {
          break;
        }
        long address = sb == null ? ib.dblk()[(int) (ea.startDblk[s] + d)] : sb.dblk()[d];
        if (!FileParams.isDefined(address)) {
          continue;
        }
        long pages = sb == null ? 0 : ea.pages(s);
        if (pages == 0) {
          visitRun(dataBlock(address, n), first, n, visitor);
          continue;
        }
        pagedPrefix(address);
        for (long p = 0; p < pages && first + p * ea.pageElmts() < maxIdxSet; p++) {
          if (bit(sb.bitmap(), d * pages + p)) {
            visitRun(page(address, p), first + p * ea.pageElmts(), ea.pageElmts(), visitor);
          }
        }
      }
    }
  }

  private void visitRun(ByteReader r, long first, long count, ChunkVisitor visitor)
      throws IOException {
    long end = Math.min(count, maxIdxSet - first);
    for (long i = 0; i < end; i++) {
      int mark = r.position();
      if (codec.defined(r)) {
        r.position(mark);
        visitor.visit(decode(r, first + i));
      }
    }
  }
}
