package io.h5j;

import io.h5j.MappingCopier.Box;
import io.h5j.MappingCopier.Part;
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
  /**
   * Blocks from this size on have their checksum computed on a worker while the caller scans
   * them (about 1 ms of checksum at 1 GB/s: more than handing it over costs).
   */
  private static final int PARALLEL_CHECKSUM_BYTES = 1 << 20;
  /** Most blocks a printf-style mapping expands to. */
  private static final int MAX_PRINTF_BLOCKS = 1 << 20;

  private final H5File file;
  private final String path;
  private final long[] storedDims;
  private final int size;
  private final byte[] fill;
  private final MappingBlock block;
  private final long address;
  private final VirtualSources sources;
  private final MappingCopier copier;
  private final Map<Integer, List<Part>> parts = new HashMap<>();
  private long[] dims;


  VirtualData(H5File file, long address, String path, LayoutMessage.Virtual layout,
      Dataspace space, int elementSize, byte[] fill) throws IOException {
    this.file = file;
    this.path = path;
    this.storedDims = space.dims();
    this.size = elementSize;
    this.fill = fill;
    this.address = address;
    var params = file.context().params();
    this.block = file.context().derived(address, "vds", () -> {
      byte[] stored = !io.h5j.format.io.FileParams.isDefined(layout.heapAddress())
          ? new io.h5j.format.vds.MappingBlockWriter(params).toByteArray() // no mappings
          : file.values().heapObject(layout.heapAddress(), (int) layout.heapIndex());
      return MappingBlock.decode(stored, params, layout.heapAddress(), path,
          stored.length >= PARALLEL_CHECKSUM_BYTES ? file.workers() : null);
    });
    this.sources = new VirtualSources(file, path, block.address(), elementSize);
    this.copier = new MappingCopier(elementSize);
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
            copier.copy(p, r, sel.shape(), out);
          }
        }
      }
      return out;
    } finally {
      depth[0]--;
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
      Dataset src = sources.source(m, Mapping.unescape(block.sourceFile(m)),
          Mapping.unescape(block.sourceDataset(m)));
      if (src == null) {
        return List.of();
      }
      DimSpan[] v = new DimSpan[rank];
      DimSpan[] s = new DimSpan[rank];
      long[] sDims = sources.dimsOf(src);
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
    Dataset src = sources.source(m, Mapping.unescape(fileName), Mapping.unescape(dsetName));
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
      Dataset src = sources.find(m, f, ds);
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
      long[] sDims = sources.dimsOf(src);
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

  private static long count(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

}
