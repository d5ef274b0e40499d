package io.h5j.format.dataset;

import io.h5j.format.H5FormatException;
import io.h5j.format.dataset.MappingCopier.Box;
import io.h5j.format.dataset.MappingCopier.Part;
import io.h5j.type.Datatype;
import io.h5j.type.Dataspace;
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
import io.h5j.format.vds.MappingProbe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a virtual dataset as libhdf5 does, with the file's view ({@link
 * VirtualSettings#firstMissingView}). One
 * instance per dataset and open file, made by the first read (or, when blocks are verified
 * before reads, by the open: {@link #prepareFirstRead}): the mapping block is loaded once, by
 * the first read or query that needs all of it (see {@link MappingBlockLoad}); the mappings a
 * read touches are found through the block's grid when the mappings tile one (versioned
 * files) and through an R-tree over their virtual bounding boxes otherwise; each source
 * dataset is opened once and its extent read once while nothing in the file changes
 * ({@link io.h5j.format.object.H5Context#changes()}; source files other than this one are
 * open read-only, so nothing in this process changes them); only the source elements that
 * land in the request are read. Elements no mapping covers read as the fill value.
 *
 * <p>Each mapping pairs its virtual and source elements in the order libhdf5 iterates them
 * (C order of coordinates for hyperslabs, stored order for points). Unlimited mappings are
 * clipped to the source's current extent and printf-style ones ({@code %b} in a source name)
 * expand to one block per source dataset found, counting from 0 and looking past at most
 * {@code H5File.virtualPrintfGap} missing ones; the virtual extent follows from them, per
 * the view, as in libhdf5's {@code H5D__virtual_set_extent_unlim}.
 *
 * <p>By default ({@code H5File.deferVirtualBlockVerification}), reads made before a large
 * block is loaded find their mappings through a {@link MappingProbe}; the mappings they used are
 * compared with the full index once it is there, and a difference (or a bad block) fails every
 * later read.
 */
public final class VirtualData {
  /** How deep virtual datasets may draw on other virtual datasets (a cycle otherwise). */
  private static final int MAX_NESTING = 16;
  private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);
  /** Most blocks a printf-style mapping expands to. */
  private static final int MAX_PRINTF_BLOCKS = 1 << 20;
  /**
   * Blocks from this size on (some 12,000 mappings) are verified when the dataset is opened:
   * verifying one takes a millisecond or more here (lookup3 at about 3 GB/s on a second core,
   * following the copy of the block while the entries are scanned), more than a first read
   * should wait for.
   */
  public static final int VERIFIED_AT_OPEN_BYTES = 1 << 20;
  /** Most grid cells a read may touch and still be answered by the probe. */
  private static final int MAX_PROBED_CELLS = 8;

  private final EngineFile file;
  private final String path;
  /** The dataset's object header. */
  private final long address;
  private final long[] storedDims;
  private final boolean growable;
  private final Datatype type;
  private final int size;
  private final byte[] fill;
  private final long blockAddress;
  private final MappingBlockLoad load;
  private final MappingCopier copier;
  private MappingBounds bounds;
  /** The file's change stamp the resolved state below was built under. */
  private long stamp;
  private VirtualSources sources;
  private final Map<Integer, List<Part>> parts = new HashMap<>();
  /** Under FIRST_MISSING: where each printf-style mapping's extent ends. */
  private final Map<Integer, Long> printfEnds = new HashMap<>();
  /** The view and printf gap the resolved state was built under. */
  private boolean firstMissing;
  private long gap;
  private long[] dims;
  /** Probe answers not yet compared with the full index: request box lo, hi, mapping. */
  private final List<long[][]> probed = new ArrayList<>();
  private IOException failed;

  VirtualData(EngineFile file, String path, long address, LayoutMessage.Virtual layout,
      Dataspace stored, Datatype type, byte[] fill) throws IOException {
    this.file = file;
    this.path = path;
    this.address = address;
    this.storedDims = stored.dims();
    boolean g = false;
    for (long max : stored.maxDims()) {
      g |= max == Dataspace.UNLIMITED;
    }
    this.growable = g;
    this.type = type;
    this.size = type.size();
    this.fill = fill;
    this.blockAddress = layout.heapAddress();
    this.load = MappingBlockLoad.prepare(file, layout, path,
        file.virtual().deferBlockVerification());
    this.copier = new MappingCopier(size);
  }

  /**
   * At the dataset's open, when blocks are verified before reads: makes the first read fast
   * without making the open slow. A block of {@link #VERIFIED_AT_OPEN_BYTES} or more (a
   * checksum and scan of a millisecond and more) is loaded and verified here, as libhdf5 does
   * at open (checksum, every entry), with the index a read finds its mappings with (the
   * block's grid, else the R-tree); a smaller one is left for the first read, which loads it
   * in under a millisecond, so that opens that only ask for the shape or attributes stay
   * cheap. The source the first mapping names is opened (its header, extent, type and chunk
   * index), so that a first read only finds its mapping and reads its elements. A source that
   * cannot be opened is left for the read that needs it to report, with its mapping number.
   */
  void prepareFirstRead() throws IOException {
    refresh();
    if (load.storedSize() < VERIFIED_AT_OPEN_BYTES) {
      return;
    }
    MappingBlock block = load.block();
    if (block.count() == 0) {
      return;
    }
    if (block.grid() == null) {
      bounds();
    }
    StoredDataset src = sources.find(0, Mapping.unescape(block.sourceFile(0)),
        Mapping.unescape(block.sourceDataset(0)));
    if (src != null) {
      sources.dimsOf(src);
      sources.reader(src);
      src.storage().prepareRead();
    }
  }

  /** The mapping block, loaded and verified (waits for it). */
  MappingBlock block() throws IOException {
    return load.block();
  }

  private MappingBounds bounds() throws IOException {
    if (bounds == null) {
      bounds = MappingBounds.of(block(), storedDims);
    }
    return bounds;
  }

  /** Forgets sources, extents and resolved mappings when anything in the file changed. */
  private void refresh() throws IOException {
    long now = file.context().changes();
    if (sources == null || now != stamp || firstMissing != file.virtual().firstMissingView()
        || gap != file.virtual().printfGap()) {
      stamp = now;
      firstMissing = file.virtual().firstMissingView();
      gap = file.virtual().printfGap();
      sources = new VirtualSources(file, path, blockAddress, type);
      parts.clear();
      printfEnds.clear();
      dims = null;
    }
  }

  /**
   * The extent libhdf5 gives the dataset: the stored one, except in dimensions where a
   * mapping is unlimited, which reach as far as the sources they draw from (and at least as
   * far as the limited mappings). Only a dataspace with an unlimited maximum can hold such
   * mappings: any other is answered without the block.
   */
  long[] dims() throws IOException {
    refresh();
    if (dims == null) {
      dims = extent();
    }
    return dims.clone();
  }

  private long[] extent() throws IOException {
    long[] out = storedDims.clone();
    if (!growable || block().allBoxes()) { // boxes are never unlimited
      return out;
    }
    MappingBounds b = bounds();
    int[] unl = b.unlimitedMappings();
    if (unl.length > 0) {
      long[] newDims = new long[out.length];
      Arrays.fill(newDims, -1);
      boolean least = file.virtual().firstMissingView();
      for (int k = 0; k < unl.length; k++) {
        int d = b.unlimitedDim(k);
        long e = unlimitedExtent(unl[k], d);
        newDims[d] = newDims[d] < 0 ? e : least ? Math.min(newDims[d], e)
            : Math.max(newDims[d], e);
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
        throw new H5FormatException("virtual dataset " + path, blockAddress, "unlimited"
            + " mappings give an extent of " + Arrays.toString(out)
            + ", more than 2^63 elements");
      }
    }
    return out;
  }

  /** How far mapping {@code m}, unlimited in dimension {@code d}, reaches along it. */
  private long unlimitedExtent(int m, int d) throws IOException {
    long end = 0;
    for (Part p : parts(m)) {
      end = Math.max(end, p.v().upper()[d]);
    }
    Long printfEnd = printfEnds.get(m);
    return printfEnd != null ? printfEnd : end;
  }

  /** The raw bytes of the selected elements, in C order of the selection. */
  byte[] read(Hyperslab sel) throws IOException {
    ElementBytes.ofArray(sel.elementCount(), size, "virtual dataset", path, address);
    ElementTarget.Bytes out = ElementTarget.bytes(fill, (int) sel.elementCount(), size);
    read(sel, out);
    return out.array();
  }

  /**
   * The selected elements as a new Java array of {@code component}, for a type stored as
   * such an array holds it ({@link SlabTransfer#isPrimitiveImage}): the mappings' runs go
   * straight into it.
   */
  Object readArray(Hyperslab sel, Class<?> component) throws IOException {
    ElementBytes.ofArray(sel.elementCount(), size, "virtual dataset", path, address);
    int count = (int) sel.elementCount();
    Object array = java.lang.reflect.Array.newInstance(component, count);
    read(sel, ElementTarget.array(array, SlabTransfer.order(type), fill, count, size));
    return array;
  }

  /** The selected elements into {@code out} (filled already), in C order of the selection. */
  private void read(Hyperslab sel, ElementTarget out) throws IOException {
    int[] depth = DEPTH.get();
    if (depth[0] >= MAX_NESTING) {
      throw new H5FormatException("virtual dataset " + path, blockAddress, "sources nest "
          + MAX_NESTING + " virtual datasets deep: the mappings form a cycle");
    }
    depth[0]++;
    try {
      if (failed != null) {
        throw failed;
      }
      refresh();
      List<Box> boxes = requestBoxes(sel);
      if (file.virtual().deferBlockVerification() && !load.isDone()) {
        if (readProbed(boxes, sel.shape(), out)) {
          load.background(); // after the first read: not competing with it for the cores
          return;
        }
        // the probe cannot answer: this thread loads the block, with the checksum on a
        // second core, rather than wait for the low-priority thread of deferred checks
      }
      MappingBlock block = verified();
      for (Box r : boxes) {
        for (int m : mappingsOverlapping(block, r)) {
          for (Part p : parts(m)) {
            copier.copy(p, r, sel.shape(), out);
          }
        }
      }
    } finally {
      depth[0]--;
    }
  }

  /**
   * The loaded block, once the mappings earlier reads took from the probe were found to be
   * the ones the full index gives; otherwise (or when the block is bad) the failure, kept for
   * every later read.
   */
  private MappingBlock verified() throws IOException {
    MappingBlock block;
    try {
      block = load.block();
    } catch (H5FormatException e) {
      if (!probed.isEmpty()) {
        failed = new H5FormatException(e.structure(), e.offset(), detail(e)
            + " (found after reads of this dataset had used the block unverified:"
            + " their values may be wrong)", e);
        throw failed;
      }
      throw e;
    }
    for (long[][] p : probed) {
      List<Integer> full = mappingsOverlapping(block, new Box(p[0], p[1], p[0]));
      if (!full.equals(List.of((int) p[2][0]))) {
        failed = new H5FormatException("VDS mapping block of " + path, blockAddress,
            "the elements " + Arrays.toString(p[0]) + " + " + Arrays.toString(p[1])
            + " map to mappings " + full + ", not to mapping " + p[2][0] + " as found before"
            + " the block was verified: values read then may be wrong");
        throw failed;
      }
    }
    probed.clear();
    return block;
  }

  private static String detail(H5FormatException e) {
    String m = e.getMessage();
    int colon = m.indexOf(": ");
    return colon >= 0 ? m.substring(colon + 2) : m;
  }

  /**
   * Reads through the probe, before the block is loaded: true when every grid cell the
   * request touches was found whole in one mapping, false (nothing copied) otherwise.
   */
  private boolean readProbed(List<Box> boxes, long[] selShape, ElementTarget out)
      throws IOException {
    MappingProbe probe = load.probe();
    if (probe == null || probe.first().shape().length != storedDims.length) {
      return false;
    }
    long[] cell = probe.first().shape();
    int rank = cell.length;
    List<long[][]> found = new ArrayList<>();
    List<Box> in = new ArrayList<>();
    for (Box r : boxes) {
      long[] lo = new long[rank];
      long[] hi = new long[rank];
      long cells = 1;
      for (int d = 0; d < rank; d++) {
        lo[d] = r.start()[d] / cell[d];
        hi[d] = (r.end(d) - 1) / cell[d];
        cells *= hi[d] - lo[d] + 1;
        if (found.size() + cells > MAX_PROBED_CELLS) {
          return false; // (checked per dimension: the product cannot overflow)
        }
      }
      long[] at = lo.clone();
      while (true) {
        long[] corner = new long[rank];
        long[] from = new long[rank];
        long[] shape = new long[rank];
        for (int d = 0; d < rank; d++) {
          corner[d] = at[d] * cell[d];
          from[d] = Math.max(r.start()[d], corner[d]);
          shape[d] = Math.min(r.end(d), corner[d] + cell[d]) - from[d];
        }
        MappingProbe.Found f = probe.find(corner, cellNumber(at, cell));
        if (!f.known() || f.entry() == null) {
          return false; // a hole or an unordered block: the full index decides
        }
        MappingProbe.Entry e = f.entry();
        for (int d = 0; d < rank; d++) {
          if (from[d] + shape[d] > corner[d] + e.shape()[d]) {
            return false; // part of the request in this cell lies outside the mapping
          }
        }
        long[] selStart = new long[rank];
        for (int d = 0; d < rank; d++) {
          selStart[d] = r.selectionStart()[d] + from[d] - r.start()[d];
        }
        found.add(new long[][] {from, shape, {e.index()}});
        in.add(new Box(from, shape, selStart));
        if (!parts.containsKey(e.index())) {
          parts.put(e.index(), boxParts(e.index(), e.sourceFile(), e.sourceDataset(),
              e.virtualStart(), e.sourceStart(), e.shape()));
        }
        int d = rank - 1;
        while (d >= 0 && ++at[d] > hi[d]) {
          at[d] = lo[d];
          d--;
        }
        if (d < 0) {
          break;
        }
      }
    }
    for (int k = 0; k < in.size(); k++) {
      for (Part p : parts.get((int) found.get(k)[2][0])) {
        copier.copy(p, in.get(k), selShape, out);
      }
    }
    probed.addAll(found);
    return true;
  }

  /**
   * The C-order number of grid cell {@code at} among the cells of {@code cell} that cover the
   * stored extent: the mapping's number in a block that maps every cell in that order.
   */
  private long cellNumber(long[] at, long[] cell) {
    long k = 0;
    for (int d = 0; d < at.length; d++) {
      long cells = storedDims[d] / cell[d] + (storedDims[d] % cell[d] == 0 ? 0 : 1);
      if (at[d] >= cells || k > Integer.MAX_VALUE / cells) {
        return -1;
      }
      k = k * cells + at[d];
    }
    return k;
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
  private List<Integer> mappingsOverlapping(MappingBlock block, Box r) throws IOException {
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
    return new H5FormatException("virtual dataset " + path, blockAddress, "mapping " + m
        + ": " + detail);
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
    MappingBlock block = block();
    if (block.allBoxes() && block.boxRank() == rank) {
      long[] v = new long[rank];
      long[] s = new long[rank];
      long[] shape = new long[rank];
      for (int d = 0; d < rank; d++) {
        v[d] = block.virtualStart(m, d);
        s[d] = block.sourceStart(m, d);
        shape[d] = block.blockShape(m, d);
      }
      return boxParts(m, block.sourceFile(m), block.sourceDataset(m), v, s, shape);
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
    StoredDataset src = sources.source(m, Mapping.unescape(fileName), Mapping.unescape(dsetName));
    if (src == null) {
      return List.of();
    }
    long[] sDims = sources.dimsOf(src);
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
    return List.of(new Part(sources.reader(src), v, s));
  }

  /** A mapping of one block to a block of the same shape (names as stored). */
  private List<Part> boxParts(int m, String fileName, String dsetName, long[] vStart,
      long[] sStart, long[] shape) throws IOException {
    int rank = storedDims.length;
    StoredDataset src = sources.source(m, Mapping.unescape(fileName), Mapping.unescape(dsetName));
    if (src == null) {
      return List.of();
    }
    long[] sDims = sources.dimsOf(src);
    if (sDims.length != rank) {
      throw error(m, "source selection of rank " + rank + " in a source of rank "
          + sDims.length);
    }
    DimSpan[] v = new DimSpan[rank];
    DimSpan[] s = new DimSpan[rank];
    for (int d = 0; d < rank; d++) {
      v[d] = DimSpan.range(vStart[d], shape[d]);
      s[d] = DimSpan.range(sStart[d], shape[d]);
    }
    Part p = new Part(sources.reader(src), new Spans(v), new Spans(s));
    check(m, p.v(), p.s(), sDims, -1);
    return List.of(p);
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
    // as libhdf5: look up to `gap` missing sources past the last one found (the gap is 0
    // under FIRST_MISSING); the extent ends with the last block found (LAST_AVAILABLE) or
    // where the block after it starts (FIRST_MISSING)
    long gap = !file.virtual().firstMissingView() ? file.virtual().printfGap() : 0;
    long next = 0; // one past the last block found
    for (long j = 0; j <= next + gap && j < MAX_PRINTF_BLOCKS; j++) {
      String f;
      String ds;
      try {
        f = Mapping.expand(fileName, j);
        ds = Mapping.expand(dsetName, j);
      } catch (IllegalArgumentException e) {
        throw error(m, e.getMessage());
      }
      StoredDataset src = sources.find(m, f, ds);
      if (src == null) {
        continue; // a missing source: its block reads as the fill value
      }
      next = j + 1;
      DimSpan[] vd = base.clone();
      vd[uv] = DimSpan.range(printfBlockStart(m, u, j), u.block());
      ResolvedSelection v = new Spans(vd);
      long[] sDims = sources.dimsOf(src);
      ResolvedSelection s = resolved(m, sSel, sDims, "source");
      check(m, v, s, sDims, uv);
      out.add(new Part(sources.reader(src), v, s));
    }
    if (file.virtual().firstMissingView()) {
      printfEnds.put(m, next == 0 ? 0 : printfBlockStart(m, u, next));
    }
    return out;
  }

  /** Where block {@code j} of a printf-style mapping starts along its unlimited dimension. */
  private long printfBlockStart(int m, DimSpan u, long j) throws H5FormatException {
    try {
      long at = Math.addExact(u.start(), Math.multiplyExact(j, u.stride()));
      Math.addExact(at, u.block());
      return at;
    } catch (ArithmeticException e) {
      throw error(m, "block " + j + " of the printf-style mapping lies beyond 2^63");
    }
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

  private static long count(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

}
