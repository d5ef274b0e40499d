package io.h5j;

import io.h5j.format.message.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.DimSpan;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.select.ResolvedSelection;
import io.h5j.format.select.ResolvedSelection.Spans;
import io.h5j.format.vds.BlockGrid;
import io.h5j.format.vds.Mapping;
import io.h5j.format.vds.MappingBlock;
import io.h5j.format.vds.MappingBounds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a virtual dataset as libhdf5 does (with its default "last available" view). The
 * mapping block is decoded once per file (lazily, one linear pass); the mappings a read
 * touches are found through the block's grid when the mappings tile one (versioned files) and
 * through an R-tree over their virtual bounding boxes otherwise; each source dataset is opened
 * once per read; only the source elements that land in the request are read. Elements no
 * mapping covers read as the fill value.
 *
 * <p>Each mapping pairs its virtual and source elements in the order libhdf5 iterates them
 * (C order of coordinates for hyperslabs, stored order for points). Unlimited mappings are
 * clipped to the source's current extent and printf-style ones ({@code %b} in a source name)
 * expand to one block per source dataset found, counting from 0 up to the first one missing;
 * the virtual extent follows from them as in libhdf5's {@code H5D__virtual_set_extent_unlim}.
 */
final class VirtualData {
  /** How deep virtual datasets may draw on other virtual datasets (a cycle otherwise). */
  private static final int MAX_NESTING = 16;
  private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);
  /** Most blocks a printf-style mapping expands to. */
  private static final int MAX_PRINTF_BLOCKS = 1 << 20;

  private final H5File file;
  private final String path;
  private final long[] storedDims;
  private final int size;
  private final byte[] fill;
  private final MappingBlock block;
  private final long address;
  private final Map<String, Dataset> sources = new HashMap<>();
  /** Each source's current extent, read once per read of this dataset. */
  private final Map<Dataset, long[]> sourceDims = new java.util.IdentityHashMap<>();
  private final Map<Integer, List<Part>> parts = new HashMap<>();
  private long[] dims;

  /** Elements of {@code source} at {@code s} appear at {@code v} of the virtual space. */
  private record Part(Dataset source, ResolvedSelection v, ResolvedSelection s) {}

  VirtualData(H5File file, long address, String path, LayoutMessage.Virtual layout,
      Dataspace space, int elementSize, byte[] fill) throws IOException {
    this.file = file;
    this.path = path;
    this.storedDims = space.dims();
    this.size = elementSize;
    this.fill = fill;
    this.address = address;
    var params = file.context().params();
    this.block = file.context().derived(address, "vds", () -> MappingBlock.decode(
        !io.h5j.format.io.FileParams.isDefined(layout.heapAddress())
            ? new io.h5j.format.vds.MappingBlockWriter(params).toByteArray() // no mappings
            : file.values().heapObject(layout.heapAddress(), (int) layout.heapIndex()),
        params, layout.heapAddress(), path));
  }

  MappingBlock block() {
    return block;
  }

  private MappingBounds bounds() throws IOException {
    return file.context().derived(address, "vds-bounds",
        () -> MappingBounds.of(block, storedDims));
  }

  /**
   * The extent libhdf5 gives the dataset: the stored one, except in dimensions where a
   * mapping is unlimited, which reach as far as the sources they draw from (and at least as
   * far as the limited mappings).
   */
  long[] dims() throws IOException {
    if (dims != null) {
      return dims.clone();
    }
    long[] out = storedDims.clone();
    if (block.allBoxes()) { // boxes are never unlimited
      dims = out;
      return out.clone();
    }
    MappingBounds b = bounds();
    int[] unl = b.unlimitedMappings();
    if (unl.length > 0) {
      long[] newDims = new long[out.length];
      Arrays.fill(newDims, -1);
      for (int k = 0; k < unl.length; k++) {
        int d = b.unlimitedDim(k);
        newDims[d] = Math.max(newDims[d], unlimitedExtent(unl[k], d));
      }
      long[] min = b.minDims();
      for (int d = 0; d < out.length; d++) {
        if (newDims[d] >= 0) {
          out[d] = Math.max(newDims[d], min[d]);
        }
      }
      try {
        count(out);
      } catch (ArithmeticException e) {
        throw new H5FormatException("virtual dataset " + path, block.address(), "unlimited"
            + " mappings give an extent of " + Arrays.toString(out)
            + ", more than 2^63 elements");
      }
    }
    dims = out;
    return out.clone();
  }

  /** How far mapping {@code m}, unlimited in dimension {@code d}, reaches along it. */
  private long unlimitedExtent(int m, int d) throws IOException {
    long end = 0;
    for (Part p : parts(m)) {
      end = Math.max(end, p.v().upper()[d]);
    }
    return end;
  }

  /** The raw bytes of the selected elements, in C order of the selection. */
  byte[] read(Hyperslab sel) throws IOException {
    long bytes = Math.multiplyExact(sel.elementCount(), (long) size);
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new UnsupportedOperationException("the selection holds " + bytes
          + " bytes, more than one Java array; select less");
    }
    int[] depth = DEPTH.get();
    if (depth[0] >= MAX_NESTING) {
      throw new H5FormatException("virtual dataset " + path, block.address(), "sources nest "
          + MAX_NESTING + " virtual datasets deep: the mappings form a cycle");
    }
    depth[0]++;
    try {
      dims();
      byte[] out = Values.repeat(fill, (int) sel.elementCount(), size);
      for (Box r : requestBoxes(sel)) {
        for (int m : mappingsOverlapping(r)) {
          for (Part p : parts(m)) {
            copyPart(m, p, r, sel, out);
          }
        }
      }
      return out;
    } finally {
      depth[0]--;
    }
  }

  /** A box of the virtual space, and where its first element lands in the selection. */
  private record Box(long[] start, long[] shape, long[] selectionStart) {
    long end(int d) {
      return start[d] + shape[d];
    }
  }

  /** The request as boxes: one per block combination (touching blocks merged). */
  private static List<Box> requestBoxes(Hyperslab sel) {
    int rank = sel.rank();
    List<long[][]> perDim = new ArrayList<>(); // per dim: {start, length, selStart} triples
    for (int d = 0; d < rank; d++) {
      List<long[]> spans = new ArrayList<>();
      if (sel.stride()[d] == sel.block()[d] || sel.count()[d] == 1) {
        spans.add(new long[] {sel.start()[d], sel.count()[d] * sel.block()[d], 0});
      } else {
        for (long i = 0; i < sel.count()[d]; i++) {
          spans.add(new long[] {sel.start()[d] + i * sel.stride()[d], sel.block()[d],
              i * sel.block()[d]});
        }
      }
      perDim.add(spans.toArray(new long[0][]));
    }
    List<Box> out = new ArrayList<>();
    if (sel.elementCount() == 0) {
      return out;
    }
    int[] at = new int[rank];
    while (true) {
      long[] start = new long[rank];
      long[] shape = new long[rank];
      long[] selStart = new long[rank];
      for (int d = 0; d < rank; d++) {
        long[] span = perDim.get(d)[at[d]];
        start[d] = span[0];
        shape[d] = span[1];
        selStart[d] = span[2];
      }
      out.add(new Box(start, shape, selStart));
      int d = rank - 1;
      while (d >= 0 && ++at[d] == perDim.get(d).length) {
        at[d] = 0;
        d--;
      }
      if (d < 0) {
        return out;
      }
    }
  }

  /** Mappings whose virtual selection may meet {@code r}: through the grid or the R-tree. */
  private List<Integer> mappingsOverlapping(Box r) throws IOException {
    BlockGrid grid = block.grid();
    List<Integer> out = new ArrayList<>();
    if (grid == null) {
      long[] hi = new long[r.start().length];
      for (int d = 0; d < hi.length; d++) {
        hi[d] = r.end(d);
      }
      bounds().index().query(r.start(), hi, out::add);
      out.sort(null); // stored order: where mappings overlap, the later one wins, as in libhdf5
      return out;
    }
    long[] cell = grid.cell();
    int rank = cell.length;
    long[] lo = new long[rank];
    long[] hi = new long[rank];
    for (int d = 0; d < rank; d++) {
      lo[d] = r.start()[d] / cell[d];
      hi[d] = Math.min(grid.cells()[d] - 1, (r.end(d) - 1) / cell[d]);
      if (hi[d] < lo[d]) {
        return out;
      }
    }
    long[] at = lo.clone();
    BitSet seen = new BitSet();
    while (true) {
      int m = grid.mappingAtCell(at);
      if (m >= 0 && !seen.get(m)) {
        seen.set(m);
        out.add(m);
      }
      int d = rank - 1;
      while (d >= 0 && ++at[d] > hi[d]) {
        at[d] = lo[d];
        d--;
      }
      if (d < 0) {
        return out;
      }
    }
  }

  // ------------------------------------------------------------------ mappings resolved

  private H5FormatException error(int m, String detail) {
    return new H5FormatException("virtual dataset " + path, block.address(), "mapping " + m
        + " of " + block.count() + ": " + detail);
  }

  /** Mapping {@code m} as source datasets and resolved selections (none if its source is absent). */
  private List<Part> parts(int m) throws IOException {
    List<Part> p = parts.get(m);
    if (p == null) {
      p = resolve(m);
      parts.put(m, p);
    }
    return p;
  }

  private List<Part> resolve(int m) throws IOException {
    int rank = storedDims.length;
    if (block.allBoxes() && block.boxRank() == rank) {
      Dataset src = source(m, Mapping.unescape(block.sourceFile(m)),
          Mapping.unescape(block.sourceDataset(m)));
      if (src == null) {
        return List.of();
      }
      DimSpan[] v = new DimSpan[rank];
      DimSpan[] s = new DimSpan[rank];
      long[] sDims = dimsOf(src);
      if (sDims.length != rank) {
        throw error(m, "source selection of rank " + rank + " in a source of rank "
            + sDims.length);
      }
      for (int d = 0; d < rank; d++) {
        v[d] = DimSpan.range(block.virtualStart(m, d), block.blockShape(m, d));
        s[d] = DimSpan.range(block.sourceStart(m, d), block.blockShape(m, d));
      }
      Part p = new Part(src, new Spans(v), new Spans(s));
      check(m, p.v(), p.s(), sDims, -1);
      return List.of(p);
    }
    EncodedSelection vSel = block.virtualSelection(m);
    EncodedSelection sSel = block.sourceSelection(m);
    int uv = ResolvedSelection.unlimitedDim(vSel);
    int us = ResolvedSelection.unlimitedDim(sSel);
    String fileName = block.sourceFile(m);
    String dsetName = block.sourceDataset(m);
    if (uv >= 0 && us < 0) {
      return printfParts(m, vSel, sSel, uv, fileName, dsetName);
    }
    if (uv < 0 && us >= 0) {
      throw error(m, "the source selection is unlimited but the virtual one is not");
    }
    Dataset src = source(m, Mapping.unescape(fileName), Mapping.unescape(dsetName));
    if (src == null) {
      return List.of();
    }
    long[] sDims = dimsOf(src);
    ResolvedSelection s = resolved(m, sSel, sDims, "source");
    ResolvedSelection v;
    if (uv >= 0) { // clip the virtual selection to as many slices as the source has
      DimSpan[] vd = ResolvedSelection.spans((EncodedSelection.Regular) vSel, storedDims);
      DimSpan uncut = new DimSpan(vd[uv].start(), vd[uv].stride(), vd[uv].count(),
          vd[uv].block(), Long.MAX_VALUE);
      long slices = ((Spans) s).dim(us).size();
      try {
        long r = slices - 1;
        vd[uv] = uncut.clip(slices == 0 ? 0 : Math.addExact(Math.addExact(uncut.start(),
            Math.multiplyExact(r / uncut.block(), uncut.stride())), r % uncut.block() + 1));
      } catch (ArithmeticException e) {
        throw error(m, "the unlimited selection reaches beyond 2^63 for " + slices
            + " source slices");
      }
      v = new Spans(vd);
    } else {
      v = resolved(m, vSel, storedDims, "virtual");
    }
    check(m, v, s, sDims, uv);
    return List.of(new Part(src, v, s));
  }

  /** A printf-style mapping: block j of the virtual selection draws on source name j. */
  private List<Part> printfParts(int m, EncodedSelection vSel, EncodedSelection sSel, int uv,
      String fileName, String dsetName) throws IOException {
    if (!Mapping.hasBlockPattern(fileName) && !Mapping.hasBlockPattern(dsetName)) {
      throw error(m, "unlimited virtual selection over a limited source selection, but"
          + " neither source name holds %b");
    }
    List<Part> out = new ArrayList<>();
    DimSpan[] base = ResolvedSelection.spans((EncodedSelection.Regular) vSel, storedDims);
    DimSpan u = base[uv];
    for (int j = 0; j < MAX_PRINTF_BLOCKS; j++) {
      String f;
      String ds;
      try {
        f = Mapping.expand(fileName, j);
        ds = Mapping.expand(dsetName, j);
      } catch (IllegalArgumentException e) {
        throw error(m, e.getMessage());
      }
      Dataset src = findSource(m, f, ds);
      if (src == null) {
        break; // libhdf5 stops at the first block whose source is missing
      }
      DimSpan[] vd = base.clone();
      try {
        long at = Math.addExact(u.start(), Math.multiplyExact(j, u.stride()));
        Math.addExact(at, u.block());
        vd[uv] = DimSpan.range(at, u.block());
      } catch (ArithmeticException e) {
        throw error(m, "block " + j + " of the printf-style mapping lies beyond 2^63");
      }
      ResolvedSelection v = new Spans(vd);
      long[] sDims = dimsOf(src);
      ResolvedSelection s = resolved(m, sSel, sDims, "source");
      check(m, v, s, sDims, uv);
      out.add(new Part(src, v, s));
    }
    return out;
  }

  private ResolvedSelection resolved(int m, EncodedSelection s, long[] dims, String side)
      throws H5FormatException {
    try {
      return ResolvedSelection.of(s, dims);
    } catch (IllegalArgumentException e) {
      throw error(m, side + " " + e.getMessage());
    }
  }

  /** Same element counts, and each selection inside its space (libhdf5 fails otherwise). */
  private void check(int m, ResolvedSelection v, ResolvedSelection s, long[] sDims,
      int unlimitedDim) throws H5FormatException {
    long vn;
    long sn;
    try {
      vn = v.size();
      sn = s.size();
    } catch (ArithmeticException e) {
      throw error(m, "a selection holds more than 2^63 elements");
    }
    if (vn != sn) {
      throw error(m, "maps " + sn + " source elements onto " + vn + " virtual ones");
    }
    inside(m, v, storedDims, "virtual", unlimitedDim);
    inside(m, s, sDims, "source", -1);
  }

  private void inside(int m, ResolvedSelection sel, long[] space, String side, int skip)
      throws H5FormatException {
    if (sel.size() == 0) {
      return;
    }
    long[] hi = sel.upper();
    for (int d = 0; d < hi.length; d++) {
      if (d != skip && hi[d] > space[d]) {
        throw error(m, "the " + side + " selection reaches " + hi[d] + " in dimension " + d
            + ", beyond the extent " + Arrays.toString(space));
      }
    }
  }

  // ------------------------------------------------------------------------ copying

  /** Copies the elements of part {@code p} that fall in request box {@code r} into out. */
  private void copyPart(int m, Part p, Box r, Hyperslab sel, byte[] out) throws IOException {
    long[] lo = p.v().lower();
    long[] hi = p.v().upper();
    for (int d = 0; d < lo.length; d++) {
      if (hi[d] <= r.start()[d] || lo[d] >= r.end(d)) {
        return;
      }
    }
    if (p.v() instanceof Spans v && p.s() instanceof Spans s
        && Arrays.equals(v.shape(), s.shape())) {
      copySpans(v, s, p.source(), r, sel.shape(), out);
    } else {
      copyRuns(m, p, r, sel.shape(), out);
    }
  }

  /**
   * Same shapes on both sides: element (i, j, ...) of one pairs with (i, j, ...) of the
   * other, so the request cuts a box of ranks out of each dimension.
   */
  private void copySpans(Spans v, Spans s, Dataset src, Box r, long[] selShape, byte[] out)
      throws IOException {
    int rank = v.rank();
    long[] r0 = new long[rank];
    long[] n = new long[rank];
    for (int d = 0; d < rank; d++) {
      r0[d] = v.dim(d).rankOf(r.start()[d]);
      n[d] = v.dim(d).rankOf(r.end(d)) - r0[d];
      if (n[d] <= 0) {
        return;
      }
    }
    byte[] data = readSpans(src, s, r0, n);
    long[][] at = new long[rank][]; // per dimension, the selection coordinate of each rank
    for (int d = 0; d < rank; d++) {
      at[d] = new long[(int) n[d]];
      for (int k = 0; k < n[d]; k++) {
        at[d][k] = r.selectionStart()[d] + v.dim(d).coord(r0[d] + k) - r.start()[d];
      }
    }
    long rows = count(n) / n[rank - 1];
    int[] idx = new int[rank];
    long[] last = at[rank - 1];
    int len = (int) n[rank - 1];
    for (long row = 0; row < rows; row++) {
      long base = 0;
      for (int d = 0; d < rank - 1; d++) {
        base = base * selShape[d] + at[d][idx[d]];
      }
      base *= selShape[rank - 1];
      long from = row * len;
      for (int k = 0; k < len; ) {
        int e = k + 1;
        while (e < len && last[e] == last[e - 1] + 1) {
          e++;
        }
        System.arraycopy(data, (int) ((from + k) * size), out, (int) ((base + last[k]) * size),
            (e - k) * size);
        k = e;
      }
      for (int d = rank - 2; d >= 0 && ++idx[d] == n[d]; d--) {
        idx[d] = 0;
      }
    }
  }

  /** The source elements of ranks [r0, r0 + n) per dimension of {@code s}, in C order. */
  private byte[] readSpans(Dataset src, Spans s, long[] r0, long[] n) throws IOException {
    int rank = s.rank();
    long[][][] pieces = new long[rank][][];
    boolean single = true;
    for (int d = 0; d < rank; d++) {
      pieces[d] = s.dim(d).pieces(r0[d], r0[d] + n[d]);
      single &= pieces[d].length == 1;
    }
    if (single) {
      return src.readRaw(slab(pieces, new int[rank]));
    }
    byte[] buf = new byte[(int) (count(n) * size)];
    int[] at = new int[rank];
    while (true) {
      Hyperslab h = slab(pieces, at);
      byte[] part = src.readRaw(h);
      long[] off = new long[rank];
      for (int d = 0; d < rank; d++) {
        off[d] = pieces[d][at[d]][4] - r0[d];
      }
      copyBox(part, h.shape(), buf, n, off);
      int d = rank - 1;
      while (d >= 0 && ++at[d] == pieces[d].length) {
        at[d] = 0;
        d--;
      }
      if (d < 0) {
        return buf;
      }
    }
  }

  private static Hyperslab slab(long[][][] pieces, int[] at) {
    int rank = pieces.length;
    long[] start = new long[rank];
    long[] stride = new long[rank];
    long[] cnt = new long[rank];
    long[] blk = new long[rank];
    for (int d = 0; d < rank; d++) {
      long[] p = pieces[d][at[d]];
      start[d] = p[0];
      stride[d] = p[1];
      cnt[d] = p[2];
      blk[d] = p[3];
    }
    return new Hyperslab(start, stride, cnt, blk);
  }

  /** Copies a C-order box of {@code shape} into {@code dst} (of dstShape) at {@code off}. */
  private void copyBox(byte[] src, long[] shape, byte[] dst, long[] dstShape, long[] off) {
    int rank = shape.length;
    long rows = count(shape) / shape[rank - 1];
    int len = (int) (shape[rank - 1] * size);
    long[] idx = new long[rank];
    for (long row = 0; row < rows; row++) {
      long t = 0;
      for (int d = 0; d < rank; d++) {
        t = t * dstShape[d] + off[d] + (d == rank - 1 ? 0 : idx[d]);
      }
      System.arraycopy(src, (int) (row * len), dst, (int) (t * size), len);
      for (int d = rank - 2; d >= 0 && ++idx[d] == shape[d]; d--) {
        idx[d] = 0;
      }
    }
  }

  /**
   * Any pairing: the virtual runs in the request give the ordinals wanted, the source runs
   * are walked in step to find where each ordinal's element is stored.
   */
  private void copyRuns(int m, Part p, Box r, long[] selShape, byte[] out) throws IOException {
    int rank = r.start().length;
    long[] selStride = new long[rank];
    long st = 1;
    for (int d = rank - 1; d >= 0; d--) {
      selStride[d] = st;
      st *= selShape[d];
    }
    LongRows want = new LongRows(3); // ordinal, length, target element in out
    long[] ordinal = {0};
    p.v().forEachRun((c, len) -> {
      long k = ordinal[0];
      ordinal[0] += len;
      long target = 0;
      for (int d = 0; d < rank - 1; d++) {
        if (c[d] < r.start()[d] || c[d] >= r.end(d)) {
          return true;
        }
        target += (r.selectionStart()[d] + c[d] - r.start()[d]) * selStride[d];
      }
      long a = Math.max(c[rank - 1], r.start()[rank - 1]);
      long b = Math.min(c[rank - 1] + len, r.end(rank - 1));
      if (a < b) {
        want.add(k + a - c[rank - 1], b - a,
            target + r.selectionStart()[rank - 1] + a - r.start()[rank - 1]);
      }
      return true;
    });
    if (want.size() == 0) {
      return;
    }
    int sRank = p.s().rank();
    LongRows pieces = new LongRows(sRank + 2); // source coords, length, target
    long[] sOrd = {0};
    int[] w = {0};
    long[] wOff = {0}; // elements of the current wanted interval already placed
    p.s().forEachRun((c, len) -> {
      long k0 = sOrd[0];
      sOrd[0] += len;
      while (w[0] < want.size()) {
        long from = want.get(w[0], 0) + wOff[0];
        long left = want.get(w[0], 1) - wOff[0];
        if (from >= k0 + len) {
          return true; // the wanted ordinal lies in a later source run
        }
        long take = Math.min(left, k0 + len - from);
        long[] row = new long[sRank + 2];
        System.arraycopy(c, 0, row, 0, sRank);
        row[sRank - 1] += from - k0;
        row[sRank] = take;
        row[sRank + 1] = want.get(w[0], 2) + wOff[0];
        pieces.add(row);
        wOff[0] += take;
        if (wOff[0] == want.get(w[0], 1)) {
          w[0]++;
          wOff[0] = 0;
        }
      }
      return false;
    });
    if (w[0] < want.size()) {
      throw error(m, "the source selection ends before the virtual one");
    }
    readPieces(p.source(), pieces, sRank, out);
  }

  /** Reads pieces (source coords, length, target) in one box when that wastes little. */
  private void readPieces(Dataset src, LongRows pieces, int rank, byte[] out)
      throws IOException {
    long[] lo = new long[rank];
    long[] hi = new long[rank];
    Arrays.fill(lo, Long.MAX_VALUE);
    long needed = 0;
    for (int i = 0; i < pieces.size(); i++) {
      for (int d = 0; d < rank; d++) {
        long c = pieces.get(i, d);
        lo[d] = Math.min(lo[d], c);
        hi[d] = Math.max(hi[d], c + (d == rank - 1 ? pieces.get(i, rank) : 1));
      }
      needed += pieces.get(i, rank);
    }
    long[] shape = new long[rank];
    for (int d = 0; d < rank; d++) {
      shape[d] = hi[d] - lo[d];
    }
    long volume = count(shape);
    if (volume <= 4 * needed + 65536 && volume * size < Integer.MAX_VALUE - 8) {
      byte[] box = src.readRaw(Hyperslab.box(lo, shape));
      for (int i = 0; i < pieces.size(); i++) {
        long at = 0;
        for (int d = 0; d < rank; d++) {
          at = at * shape[d] + pieces.get(i, d) - lo[d];
        }
        System.arraycopy(box, (int) (at * size), out, (int) (pieces.get(i, rank + 1) * size),
            (int) (pieces.get(i, rank) * size));
      }
      return;
    }
    for (int i = 0; i < pieces.size(); i++) {
      long[] start = new long[rank];
      long[] one = new long[rank];
      for (int d = 0; d < rank; d++) {
        start[d] = pieces.get(i, d);
        one[d] = d == rank - 1 ? pieces.get(i, rank) : 1;
      }
      byte[] b = src.readRaw(Hyperslab.box(start, one));
      System.arraycopy(b, 0, out, (int) (pieces.get(i, rank + 1) * size), b.length);
    }
  }

  /** Rows of {@code width} longs in one growing array. */
  private static final class LongRows {
    private final int width;
    private long[] a = new long[64];
    private int n;

    LongRows(int width) {
      this.width = width;
    }

    void add(long... row) {
      if ((n + 1) * width > a.length) {
        a = Arrays.copyOf(a, Math.max(a.length * 2, (n + 1) * width));
      }
      System.arraycopy(row, 0, a, n * width, width);
      n++;
    }

    long get(int row, int col) {
      return a[row * width + col];
    }

    int size() {
      return n;
    }
  }

  private static long count(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  // ------------------------------------------------------------------------ sources

  /** The source of mapping {@code m}: null only when it is missing and the file says fill. */
  private Dataset source(int m, String fileName, String dataset) throws IOException {
    Dataset d = findSource(m, fileName, dataset);
    if (d == null && !file.fillsMissingVirtualSources()) {
      throw new java.io.FileNotFoundException("virtual dataset " + path + ", mapping " + m
          + ": source dataset '" + dataset + "' in file '" + fileName + "' cannot be opened"
          + (Mapping.SAME_FILE.equals(fileName) ? "" : " (looked where libhdf5 does: in"
              + " HDF5_VDS_PREFIX, beside " + file.path() + " and in the working directory)")
          + "; H5File.fillMissingVirtualSources(true) reads the fill value instead, as"
          + " libhdf5 does");
    }
    return d;
  }

  private long[] dimsOf(Dataset src) throws IOException {
    long[] d = sourceDims.get(src);
    if (d == null) {
      d = src.shape();
      sourceDims.put(src, d);
    }
    return d;
  }

  /** Opens a source once per name; null when the file or dataset does not exist. */
  private Dataset findSource(int m, String fileName, String dataset) throws IOException {
    String key = fileName + "\0" + dataset;
    if (sources.containsKey(key)) {
      return sources.get(key);
    }
    H5File owner;
    try {
      owner = Mapping.SAME_FILE.equals(fileName) ? file : sourceFile(fileName);
    } catch (IOException e) {
      if (!file.fillsMissingVirtualSources()) {
        throw e;
      }
      owner = null; // libhdf5 treats a source file it cannot open as missing
    }
    Dataset d = null;
    if (owner != null) {
      Node n = owner.resolver().tryResolve(owner.root(), dataset);
      if (n != null && !(n instanceof Dataset)) {
        if (!file.fillsMissingVirtualSources()) {
          throw error(m, "source '" + dataset + "' in " + fileName + " is not a dataset");
        }
        n = null; // libhdf5 cannot open it as a dataset: missing
      }
      d = (Dataset) n;
      if (d != null && d.datatype().size() != size) {
        throw new UnsupportedOperationException("virtual dataset " + path + ", mapping " + m
            + ": source '" + dataset + "' has " + d.datatype().size() + "-byte elements, the"
            + " virtual dataset " + size + "-byte ones; h5j does not convert between them");
      }
    }
    sources.put(key, d);
    return d;
  }

  /**
   * Opens a source file where libhdf5 looks for it: an absolute name as it is; then (an
   * absolute name by its last component) under each folder of {@code HDF5_VDS_PREFIX}
   * (':'-separated, {@code ${ORIGIN}} standing for this file's folder), beside this file, and
   * relative to the working directory. Null when it is in none of them.
   */
  private H5File sourceFile(String name) throws IOException {
    Path given = Path.of(name);
    if (given.isAbsolute()) {
      H5File f = file.external(name);
      if (f != null) {
        return f;
      }
      given = given.getFileName();
      if (given == null) {
        return null;
      }
    }
    String rel = given.toString();
    Path dir = file.path().toAbsolutePath().getParent();
    String prefixes = System.getenv("HDF5_VDS_PREFIX");
    if (prefixes != null) {
      for (String prefix : prefixes.split(":")) {
        if (prefix.isEmpty()) {
          continue;
        }
        if (dir != null) {
          prefix = prefix.replace("${ORIGIN}", dir.toString());
        }
        H5File f = file.external(Path.of(prefix).resolve(rel).toAbsolutePath().toString());
        if (f != null) {
          return f;
        }
      }
    }
    H5File f = file.external(rel); // beside this file
    return f != null ? f : file.external(Path.of(rel).toAbsolutePath().toString());
  }
}
