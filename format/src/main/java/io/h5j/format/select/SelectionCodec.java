package io.h5j.format.select;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.select.EncodedSelection.All;
import io.h5j.format.select.EncodedSelection.Irregular;
import io.h5j.format.select.EncodedSelection.None;
import io.h5j.format.select.EncodedSelection.Points;
import io.h5j.format.select.EncodedSelection.Regular;

/**
 * Decodes and encodes the "Dataspace Selection" structure of the format spec.
 *
 * <p>On disk: selection type (u32: 0 none, 1 points, 2 hyperslab, 3 all), version (u32), then:
 * <ul>
 *   <li>none, all (version 1): reserved (u32), length (u32, 0).
 *   <li>points v1: reserved (u32), length (u32, bytes after it), rank (u32), point count (u32),
 *       coordinates (u32 each). Points v2: encode size (u8: 2, 4 or 8), rank (u32), point count
 *       and coordinates of the encode size.
 *   <li>hyperslab v1 (always a block list): reserved (u32), length (u32, bytes after it), rank
 *       (u32), block count (u32), then per block the start and the inclusive end per dimension
 *       (u32 each). v2 (regular only): flags (u8, bit 0 regular), length (u32), rank (u32), then
 *       start, stride, count, block per dimension (u64 each; all ones = unlimited). v3 (HDF5
 *       1.12+): flags (u8), encode size (u8), rank (u32), then either start/stride/count/block
 *       per dimension or a block count and block list, every field of the encode size; an
 *       all-ones count or block of that width is unlimited.
 * </ul>
 * Checked against libhdf5 1.10.8's {@code H5Sencode} output (see the tests). libhdf5 1.10.8
 * reads hyperslab v1/v2 and points v1, not hyperslab v3 or points v2.
 */
public final class SelectionCodec {
  private SelectionCodec() {}

  /** Which encodings {@link #encode} picks. */
  public enum Style {
    /**
     * What libhdf5 1.10 reads: none/all v1, points v1, hyperslab v1 (a regular hyperslab as its
     * block list) or v2 for a regular hyperslab when it is smaller, unlimited, or has values
     * beyond 32 bits.
     */
    COMPAT,
    /** The smallest HDF5 1.12+ encoding: points v2, hyperslab v3, smallest field size. */
    COMPACT
  }

  private static final long U32 = 0xffffffffL;

  // ---------------------------------------------------------------------------------- decode

  /** Decodes one selection at the reader's position, advancing past it. */
  public static EncodedSelection decode(ByteReader r) throws H5FormatException {
    long at = r.fileAddress();
    long type = r.u32();
    long version = r.u32();
    if (type == EncodedSelection.TYPE_NONE || type == EncodedSelection.TYPE_ALL) {
      if (version != 1) {
        throw fail(r, at, "version " + version + " of an " + (type == 0 ? "empty" : "\"all\"")
            + " selection is not 1");
      }
      r.skip(8);
      return type == EncodedSelection.TYPE_NONE ? None.INSTANCE : All.INSTANCE;
    }
    if (type == EncodedSelection.TYPE_POINTS) {
      return decodePoints(r, at, version);
    }
    if (type == EncodedSelection.TYPE_HYPERSLAB) {
      return decodeHyperslab(r, at, version);
    }
    throw fail(r, at, "selection type " + type + " is not 0..3");
  }

  /** {@link #decode} that also requires the selection's rank to be {@code rank} (all/none pass). */
  public static EncodedSelection decode(ByteReader r, int rank) throws H5FormatException {
    long at = r.fileAddress();
    EncodedSelection s = decode(r);
    if (s.rank() != -1 && s.rank() != rank) {
      throw fail(r, at, "selection has rank " + s.rank() + " but its dataspace has " + rank);
    }
    return s;
  }

  private static H5FormatException fail(ByteReader r, long at, String detail) {
    return new H5FormatException(r.structure(), at, detail);
  }

  private static int rank(ByteReader r, long at) throws H5FormatException {
    long rank = r.u32();
    if (rank < 1 || rank > EncodedSelection.MAX_RANK) {
      throw fail(r, at, "selection rank " + rank + " is not 1.." + EncodedSelection.MAX_RANK);
    }
    return (int) rank;
  }

  private static int encSize(ByteReader r, long at) throws H5FormatException {
    int n = r.u8();
    if (n != 2 && n != 4 && n != 8) {
      throw fail(r, at, "selection encode size " + n + " is not 2, 4 or 8");
    }
    return n;
  }

  /** An item count whose items of {@code bytesEach} bytes must all be present. */
  private static int items(ByteReader r, long at, long n, long bytesEach, String what)
      throws H5FormatException {
    if (n < 0 || n > Integer.MAX_VALUE || n * bytesEach > r.remaining()) {
      throw fail(r, at, Long.toUnsignedString(n) + " " + what + " of " + bytesEach
          + " bytes each need more than the " + r.remaining() + " bytes left");
    }
    return (int) n;
  }

  /** A coordinate (start, end, point) of width {@code w}: below 2^63 - 1. */
  private static long coord(ByteReader r, int w, long at) throws H5FormatException {
    long v = r.uN(w);
    if (v < 0 || v == EncodedSelection.UNLIMITED) {
      throw fail(r, at, "coordinate " + Long.toUnsignedString(v) + " is out of range");
    }
    return v;
  }

  /** A count or block of width {@code w}; all ones of the width is unlimited. */
  private static long extent(ByteReader r, int w, long at) throws H5FormatException {
    long v = r.uN(w);
    long ones = w == 8 ? -1L : (1L << (8 * w)) - 1;
    if (v == ones) {
      return EncodedSelection.UNLIMITED;
    }
    if (v < 0 || v == EncodedSelection.UNLIMITED) {
      throw fail(r, at, "count or block " + Long.toUnsignedString(v) + " is out of range");
    }
    return v;
  }

  private static Points decodePoints(ByteReader r, long at, long version)
      throws H5FormatException {
    int rank;
    int w;
    long n;
    if (version == 1) {
      r.skip(4); // reserved
      r.u32(); // length
      rank = rank(r, at);
      w = 4;
      n = r.u32();
    } else if (version == 2) {
      w = encSize(r, at);
      rank = rank(r, at);
      n = r.uN(w);
    } else {
      throw fail(r, at, "point selection version " + version + " is not 1 or 2");
    }
    int count = items(r, at, n, (long) rank * w, "points");
    long[][] coords = new long[count][rank];
    for (int i = 0; i < count; i++) {
      for (int d = 0; d < rank; d++) {
        coords[i][d] = coord(r, w, at);
      }
    }
    return new Points(rank, coords);
  }

  private static EncodedSelection decodeHyperslab(ByteReader r, long at, long version)
      throws H5FormatException {
    if (version == 1) {
      r.skip(4); // reserved
      r.u32(); // length
      int rank = rank(r, at);
      return blockList(r, at, rank, 4);
    }
    if (version == 2) {
      int flags = r.u8();
      r.u32(); // length
      int rank = rank(r, at);
      if ((flags & 1) == 0) {
        throw fail(r, at, "version 2 hyperslab selection is not flagged regular");
      }
      return regular(r, at, rank, 8);
    }
    if (version == 3) {
      int flags = r.u8();
      int w = encSize(r, at);
      int rank = rank(r, at);
      return (flags & 1) != 0 ? regular(r, at, rank, w) : blockList(r, at, rank, w);
    }
    throw fail(r, at, "hyperslab selection version " + version + " is not 1..3");
  }

  private static Irregular blockList(ByteReader r, long at, int rank, int w)
      throws H5FormatException {
    int n = items(r, at, r.uN(w), 2L * rank * w, "blocks");
    long[] start = new long[n * rank];
    long[] end = new long[n * rank];
    for (int b = 0; b < n; b++) {
      for (int d = 0; d < rank; d++) {
        start[b * rank + d] = coord(r, w, at);
      }
      for (int d = 0; d < rank; d++) {
        long e = coord(r, w, at);
        if (e < start[b * rank + d]) {
          throw fail(r, at, "block " + b + " ends at " + e + " before its start "
              + start[b * rank + d] + " in dimension " + d);
        }
        end[b * rank + d] = e;
      }
    }
    return new Irregular(rank, start, end);
  }

  private static Regular regular(ByteReader r, long at, int rank, int w)
      throws H5FormatException {
    items(r, at, 1, 4L * rank * w, "regular hyperslab fields");
    long[] start = new long[rank];
    long[] stride = new long[rank];
    long[] count = new long[rank];
    long[] block = new long[rank];
    for (int d = 0; d < rank; d++) {
      start[d] = coord(r, w, at);
      stride[d] = coord(r, w, at);
      count[d] = extent(r, w, at);
      block[d] = extent(r, w, at);
    }
    try {
      return new Regular(new Hyperslab(start, stride, count, block));
    } catch (IllegalArgumentException e) {
      throw fail(r, at, "regular hyperslab: " + e.getMessage());
    }
  }

  /**
   * Reads one selection; if it is a single block of a hyperslab (v1 or v3 block list of one
   * block, v2 or v3 regular with every count 1 and no unlimited block), stores its start in
   * {@code out[off .. off+rank)} and its shape in {@code out[off+rank .. off+2*rank)} and
   * returns its rank; otherwise returns -1. Either way the reader is past the selection. This
   * is the allocation-free path of mapping-block scanning; {@code out} needs room for
   * {@code 2 * 32} values from {@code off}.
   */
  public static int scanBox(ByteReader r, long[] out, int off) throws H5FormatException {
    int from = r.position();
    long at = r.fileAddress();
    long type = r.u32();
    long version = r.u32();
    if (type == EncodedSelection.TYPE_HYPERSLAB && version >= 1 && version <= 3) {
      int w;
      boolean regular;
      int rank;
      if (version == 1) {
        r.skip(8);
        rank = rank(r, at);
        w = 4;
        regular = false;
      } else if (version == 2) {
        regular = (r.u8() & 1) != 0;
        r.skip(4);
        rank = rank(r, at);
        w = 8;
      } else {
        regular = (r.u8() & 1) != 0;
        w = encSize(r, at);
        rank = rank(r, at);
      }
      if (regular) {
        if (r.remaining() >= 4L * rank * w) {
          boolean box = true;
          for (int d = 0; d < rank; d++) {
            long start = coord(r, w, at);
            long stride = coord(r, w, at);
            long count = extent(r, w, at);
            long block = extent(r, w, at);
            if (count != 1 || block == EncodedSelection.UNLIMITED || block < 1 || stride < 1) {
              box = false;
            }
            out[off + d] = start;
            out[off + rank + d] = block;
          }
          if (box) {
            return rank;
          }
        }
      } else if (version != 2 && r.remaining() >= w) {
        long n = r.uN(w);
        if (n == 1 && r.remaining() >= 2L * rank * w) {
          for (int d = 0; d < rank; d++) {
            out[off + d] = coord(r, w, at);
          }
          for (int d = 0; d < rank; d++) {
            long e = coord(r, w, at);
            if (e < out[off + d]) {
              throw fail(r, at, "block ends at " + e + " before its start " + out[off + d]
                  + " in dimension " + d);
            }
            out[off + rank + d] = e - out[off + d] + 1;
          }
          return rank;
        }
      }
    }
    r.position(from);
    decode(r);
    return -1;
  }

  // ---------------------------------------------------------------------------------- encode

  /** Encodes {@code s} in the given style. */
  public static void encode(EncodedSelection s, Style style, ByteWriter w) {
    if (s instanceof None) {
      w.u32(EncodedSelection.TYPE_NONE).u32(1).u32(0).u32(0);
    } else if (s instanceof All) {
      w.u32(EncodedSelection.TYPE_ALL).u32(1).u32(0).u32(0);
    } else if (s instanceof Points p) {
      if (style == Style.COMPACT) {
        encodePointsV2(p, w);
      } else {
        encodePointsV1(p, w);
      }
    } else if (s instanceof Regular g) {
      if (style == Style.COMPACT) {
        encodeHyperslabV3(g, w);
      } else if (useV2(g)) {
        encodeHyperslabV2(g, w);
      } else {
        encodeHyperslabV1(g, w);
      }
    } else {
      Irregular i = (Irregular) s;
      if (style == Style.COMPACT) {
        encodeHyperslabV3(i, w);
      } else {
        encodeHyperslabV1(i, w);
      }
    }
  }

  /** The bytes {@link #encode} writes. */
  public static int encodedSize(EncodedSelection s, Style style) {
    if (s instanceof None || s instanceof All) {
      return 16;
    }
    if (s instanceof Points p) {
      return style == Style.COMPACT
          ? 8 + 1 + 4 + size(p.count(), (long) p.rank() * p.count(), pointWidth(p))
          : Math.toIntExact(8 + 16 + 4L * p.rank() * p.count());
    }
    if (s instanceof Regular g) {
      return style == Style.COMPACT
          ? 8 + 6 + 4 * g.rank() * regularWidth(g)
          : useV2(g) ? v2Size(g.rank()) : v1Size(g.rank(), blockCount(g));
    }
    Irregular i = (Irregular) s;
    return style == Style.COMPACT
        ? 8 + 6 + size(i.blockCount(), 2L * i.rank() * i.blockCount(), irregularWidth(i))
        : v1Size(i.rank(), i.blockCount());
  }

  private static int size(long n, long values, int w) {
    return Math.toIntExact((1 + values) * w);
  }

  private static int v1Size(int rank, long blocks) {
    return Math.toIntExact(8 + 16 + 8L * rank * blocks);
  }

  private static int v2Size(int rank) {
    return 8 + 9 + 32 * rank;
  }

  /** Blocks of a regular hyperslab, or -1 if unlimited or too many to list. */
  private static long blockCount(Regular g) {
    if (g.isUnlimited()) {
      return -1;
    }
    long n = 1;
    for (long c : g.slab().count()) {
      if (c != 0 && n > (Integer.MAX_VALUE / 64) / c) {
        return -1;
      }
      n *= c;
    }
    return n;
  }

  private static boolean fitsU32(Hyperslab h) {
    for (int d = 0; d < h.rank(); d++) {
      if (h.count()[d] > 0 && h.end(d) - 1 > U32) {
        return false;
      }
    }
    return true;
  }

  /** Whether the compatible style writes {@code g} as v2 rather than as a v1 block list. */
  private static boolean useV2(Regular g) {
    long blocks = blockCount(g);
    return blocks < 0 || !fitsU32(g.slab()) || v1Size(g.rank(), blocks) > v2Size(g.rank());
  }

  /**
   * Hyperslab v1: a regular hyperslab as its block list in C order (as libhdf5 1.10 writes
   * it), or an irregular one as stored.
   *
   * @throws IllegalArgumentException if unlimited or a coordinate does not fit 32 bits
   */
  public static void encodeHyperslabV1(EncodedSelection s, ByteWriter w) {
    Irregular blocks;
    if (s instanceof Irregular i) {
      blocks = i;
    } else if (s instanceof Regular g) {
      blocks = toBlocks(g);
    } else {
      throw new IllegalArgumentException("not a hyperslab: " + s);
    }
    encodeBlocks(blocks.rank(), blocks.blockCount(), blocks.start(), blocks.end(),
        Style.COMPAT, w);
  }

  /**
   * A block list as {@link #encode} writes an {@link Irregular} selection of it (hyperslab v1
   * in {@link Style#COMPAT}, v3 with the smallest field size in {@link Style#COMPACT}), from
   * flat arrays: for writers of many single-block mappings, which need no selection object.
   *
   * @param start the {@code n} blocks' first coordinates, {@code rank} values each; checked as
   *     {@link Irregular} checks them by the caller
   * @param end their inclusive last coordinates
   * @throws IllegalArgumentException in v1, if a coordinate does not fit 32 bits
   */
  public static void encodeBlocks(int rank, int n, long[] start, long[] end, Style style,
      ByteWriter w) {
    int values = n * rank;
    if (style == Style.COMPACT) {
      int width = blockListWidth(n, end, values);
      w.u32(EncodedSelection.TYPE_HYPERSLAB).u32(3).u8(0).u8(width).u32(rank);
      w.uN(n, width);
      for (int b = 0; b < values; b += rank) {
        for (int d = 0; d < rank; d++) {
          w.uN(start[b + d], width);
        }
        for (int d = 0; d < rank; d++) {
          w.uN(end[b + d], width);
        }
      }
      return;
    }
    encodeBlocksV1(rank, n, start, end, w);
  }

  /** {@link #encodeBlocks} in hyperslab v1: small, to be inlined into per-mapping loops. */
  private static void encodeBlocksV1(int rank, int n, long[] start, long[] end, ByteWriter w) {
    int values = n * rank;
    // put in place after one check of room (the position moves only once all fit 32 bits)
    int size = 24 + 8 * values;
    int o = hyperslabV1Header(w, size, rank, n);
    for (int b = 0; b < values; b += rank) {
      for (int d = 0; d < rank; d++, o += 4) {
        w.putU32(o, u32(start[b + d]));
      }
      for (int d = 0; d < rank; d++, o += 4) {
        w.putU32(o, u32(end[b + d]));
      }
    }
    w.skip(size);
  }

  /**
   * One block as {@link #encodeBlocks} writes it in {@link Style#COMPAT} (hyperslab v1), from
   * its corner at {@code values[startAt..]} and its shape at {@code values[shapeAt..]} (checked
   * by the caller: a range of longs): for writers of a million single-box mappings, with no
   * arrays of ends.
   *
   * @throws IllegalArgumentException if a coordinate does not fit 32 bits (nothing is written)
   */
  public static void encodeBoxV1(int rank, long[] values, int startAt, int shapeAt,
      ByteWriter w) {
    int size = 24 + 8 * rank;
    int at = w.position();
    hyperslabV1Header(w, size, rank, 1);
    putBoxV1(w, at, rank, values, startAt, shapeAt);
    w.skip(size);
  }

  /**
   * Puts the corner and inclusive end of a box (as {@link #encodeBoxV1} takes it) into the
   * one-block hyperslab v1 selection already in {@code w} at {@code selectionAt}: a writer of
   * many boxes copies one encoded box and puts only the coordinates of each.
   *
   * @throws IllegalArgumentException if a coordinate does not fit 32 bits
   */
  public static void putBoxV1(ByteWriter w, int selectionAt, int rank, long[] values,
      int startAt, int shapeAt) {
    int o = selectionAt + 24;
    for (int d = 0; d < rank; d++, o += 4) {
      long s = values[startAt + d];
      w.putU32(o, u32(s));
      w.putU32(o + 4 * rank, u32(s + values[shapeAt + d] - 1));
    }
  }

  /**
   * Makes room for a hyperslab v1 selection of {@code size} bytes and puts its header in place
   * (type, version, reserved, length, rank, block count); returns where the blocks go. The
   * position does not move: the caller {@link ByteWriter#skip skips} the whole.
   */
  private static int hyperslabV1Header(ByteWriter w, int size, int rank, int n) {
    w.reserve(size);
    int at = w.position();
    w.putU32(at, EncodedSelection.TYPE_HYPERSLAB);
    w.putU32(at + 4, 1);
    w.putU32(at + 8, 0);
    w.putU32(at + 12, size - 16L);
    w.putU32(at + 16, rank);
    w.putU32(at + 20, n);
    return at + 24;
  }

  private static long u32(long v) {
    if (v > U32) {
      throw new IllegalArgumentException("coordinate " + v + " does not fit the 32 bits of a"
          + " version 1 selection");
    }
    return v;
  }

  /** The block list of a limited regular hyperslab, blocks in C order. */
  public static Irregular toBlocks(Regular g) {
    long n = blockCount(g);
    if (n < 0) {
      throw new IllegalArgumentException("hyperslab " + g.slab()
          + " is unlimited or has too many blocks to list");
    }
    Hyperslab h = g.slab();
    int rank = h.rank();
    long[] start = new long[(int) n * rank];
    long[] end = new long[(int) n * rank];
    long[] idx = new long[rank];
    for (int b = 0; b < n; b++) {
      for (int d = 0; d < rank; d++) {
        long s = h.start()[d] + idx[d] * h.stride()[d];
        start[b * rank + d] = s;
        end[b * rank + d] = s + h.block()[d] - 1;
      }
      for (int d = rank - 1; d >= 0; d--) {
        if (++idx[d] < h.count()[d]) {
          break;
        }
        idx[d] = 0;
      }
    }
    return new Irregular(rank, start, end);
  }

  /** Hyperslab v2 (regular; the only pre-1.12 encoding of an unlimited hyperslab). */
  public static void encodeHyperslabV2(Regular g, ByteWriter w) {
    Hyperslab h = g.slab();
    int rank = h.rank();
    w.u32(EncodedSelection.TYPE_HYPERSLAB).u32(2).u8(1).u32(4 + 32L * rank).u32(rank);
    for (int d = 0; d < rank; d++) {
      w.u64(h.start()[d]).u64(h.stride()[d]).u64(ext(h.count()[d], 8)).u64(ext(h.block()[d], 8));
    }
  }

  private static long ext(long v, int width) {
    return v == EncodedSelection.UNLIMITED ? (width == 8 ? -1L : (1L << (8 * width)) - 1) : v;
  }

  private static int widthFor(long max, long maxExtent) {
    // start-like values may use the whole width; counts and blocks must stay below all ones
    if (max <= 0xffffL && maxExtent < 0xffffL) {
      return 2;
    }
    if (max <= U32 && maxExtent < U32) {
      return 4;
    }
    return 8;
  }

  private static int regularWidth(Regular g) {
    Hyperslab h = g.slab();
    long max = 0;
    long maxExt = 0;
    for (int d = 0; d < h.rank(); d++) {
      max = Math.max(max, Math.max(h.start()[d], h.stride()[d]));
      if (h.count()[d] != EncodedSelection.UNLIMITED) {
        maxExt = Math.max(maxExt, h.count()[d]);
      }
      if (h.block()[d] != EncodedSelection.UNLIMITED) {
        maxExt = Math.max(maxExt, h.block()[d]);
      }
    }
    return widthFor(max, maxExt);
  }

  private static int irregularWidth(Irregular i) {
    return blockListWidth(i.blockCount(), i.end(), i.end().length);
  }

  /** Field size of a v3 block list: ends are never below starts, so they and n decide it. */
  private static int blockListWidth(int n, long[] end, int values) {
    long max = n;
    for (int k = 0; k < values; k++) {
      max = Math.max(max, end[k]);
    }
    return widthFor(max, 0);
  }

  private static int pointWidth(Points p) {
    long max = p.count();
    for (int i = 0; i < p.count(); i++) {
      for (int d = 0; d < p.rank(); d++) {
        max = Math.max(max, p.coord(i, d));
      }
    }
    return widthFor(max, 0);
  }

  /** Hyperslab v3 (HDF5 1.12+) with the smallest field size that holds every value. */
  public static void encodeHyperslabV3(EncodedSelection s, ByteWriter w) {
    if (s instanceof Regular g) {
        Hyperslab h = g.slab();
        int width = regularWidth(g);
        w.u32(EncodedSelection.TYPE_HYPERSLAB).u32(3).u8(1).u8(width).u32(h.rank());
        for (int d = 0; d < h.rank(); d++) {
          w.uN(h.start()[d], width).uN(h.stride()[d], width).uN(ext(h.count()[d], width), width)
              .uN(ext(h.block()[d], width), width);
        }
    } else if (s instanceof Irregular i) {
        encodeBlocks(i.rank(), i.blockCount(), i.start(), i.end(), Style.COMPACT, w);
    } else {
      throw new IllegalArgumentException("not a hyperslab: " + s);
    }
  }

  /**
   * Points v1, as libhdf5 1.10 writes them.
   *
   * @throws IllegalArgumentException if a coordinate does not fit 32 bits
   */
  public static void encodePointsV1(Points p, ByteWriter w) {
    w.u32(EncodedSelection.TYPE_POINTS).u32(1).u32(0);
    w.u32(8 + 4L * p.rank() * p.count()).u32(p.rank()).u32(p.count());
    for (int i = 0; i < p.count(); i++) {
      for (int d = 0; d < p.rank(); d++) {
        w.u32(u32(p.coord(i, d)));
      }
    }
  }

  /** Points v2 (HDF5 1.12+) with the smallest field size. */
  public static void encodePointsV2(Points p, ByteWriter w) {
    int width = pointWidth(p);
    w.u32(EncodedSelection.TYPE_POINTS).u32(2).u8(width).u32(p.rank()).uN(p.count(), width);
    for (int i = 0; i < p.count(); i++) {
      for (int d = 0; d < p.rank(); d++) {
        w.uN(p.coord(i, d), width);
      }
    }
  }
}
