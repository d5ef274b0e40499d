package io.h5j;

import io.h5j.format.message.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.BlockGrid;
import io.h5j.format.vds.MappingBlock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a virtual dataset: its mapping block is decoded once per file (lazily, one linear
 * pass), the mappings a read touches are found through the block's grid when the mappings
 * tile one (versioned files) and by a scan otherwise, each source dataset is opened once,
 * and only the source boxes that overlap the request are read. Elements no mapping covers
 * read as the fill value.
 */
final class VirtualData {
  private final H5File file;
  private final String path;
  private final Dataspace space;
  private final int size;
  private final byte[] fill;
  private final MappingBlock block;
  private final Map<String, Dataset> sources = new HashMap<>();

  VirtualData(H5File file, long address, String path, LayoutMessage.Virtual layout,
      Dataspace space, int elementSize, byte[] fill) throws IOException {
    this.file = file;
    this.path = path;
    this.space = space;
    this.size = elementSize;
    this.fill = fill;
    this.block = file.context().derived(address, "vds", () -> MappingBlock.decode(
        file.values().heapObject(layout.heapAddress(), (int) layout.heapIndex()),
        file.context().params(), layout.heapAddress(), path));
  }

  MappingBlock block() {
    return block;
  }

  /** The raw bytes of the selected elements, in C order of the selection. */
  byte[] read(Hyperslab sel) throws IOException {
    long bytes = Math.multiplyExact(sel.elementCount(), (long) size);
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new UnsupportedOperationException("the selection holds " + bytes
          + " bytes, more than one Java array; select less");
    }
    byte[] out = Values.repeat(fill, (int) sel.elementCount(), size);
    for (Box r : requestBoxes(sel)) {
      for (int m : mappingsOverlapping(r)) {
        copyMapping(m, r, sel, out);
      }
    }
    return out;
  }

  /** A box of the virtual space, and where its first element lands in the selection. */
  private record Box(long[] start, long[] shape, long[] selectionStart) {}

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

  /** Mappings whose virtual box may overlap {@code r}: through the grid, or all of them. */
  private List<Integer> mappingsOverlapping(Box r) throws IOException {
    BlockGrid grid = block.grid();
    List<Integer> out = new ArrayList<>();
    if (grid == null) {
      for (int m = 0; m < block.count(); m++) {
        out.add(m);
      }
      return out;
    }
    long[] cell = grid.cell();
    int rank = cell.length;
    long[] lo = new long[rank];
    long[] hi = new long[rank];
    for (int d = 0; d < rank; d++) {
      lo[d] = r.start()[d] / cell[d];
      hi[d] = Math.min(grid.cells()[d] - 1, (r.start()[d] + r.shape()[d] - 1) / cell[d]);
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

  /** Copies the part of mapping {@code m} that overlaps request box {@code r} into out. */
  private void copyMapping(int m, Box r, Hyperslab sel, byte[] out) throws IOException {
    int rank = space.rank();
    Dataset source = source(m);
    long[] vStart = new long[rank];
    long[] vShape = new long[rank];
    long[] sStart = new long[source.dataspace().rank()];
    long[] sShape = boxes(m, source, vStart, vShape, sStart);
    long[] iStart = new long[rank];
    long[] iShape = new long[rank];
    for (int d = 0; d < rank; d++) {
      long from = Math.max(vStart[d], r.start()[d]);
      long to = Math.min(vStart[d] + vShape[d], r.start()[d] + r.shape()[d]);
      if (to <= from) {
        return;
      }
      iStart[d] = from;
      iShape[d] = to - from;
    }
    boolean sameShape = java.util.Arrays.equals(vShape, sShape);
    byte[] data;
    long[] dataShape; // the box data holds, in virtual coordinates
    long[] dataStart;
    if (sameShape) { // read just the overlap from the source
      long[] srcStart = new long[rank];
      for (int d = 0; d < rank; d++) {
        srcStart[d] = sStart[d] + (iStart[d] - vStart[d]);
      }
      data = source.readRaw(Hyperslab.box(srcStart, iShape));
      dataStart = iStart;
      dataShape = iShape;
    } else { // shapes differ (ranks differ): elements pair up in C order of each box
      data = source.readRaw(Hyperslab.box(sStart, sShape));
      dataStart = vStart;
      dataShape = vShape;
    }
    scatter(data, dataStart, dataShape, iStart, iShape, r, sel.shape(), out);
  }

  /**
   * Copies the rows of box (iStart, iShape), held in {@code data} as C-order box
   * (dataStart, dataShape), to their places in the selection's output.
   */
  private void scatter(byte[] data, long[] dataStart, long[] dataShape, long[] iStart,
      long[] iShape, Box r, long[] selShape, byte[] out) {
    int rank = iShape.length;
    long rowLength = iShape[rank - 1];
    long rows = 1;
    for (int d = 0; d < rank - 1; d++) {
      rows *= iShape[d];
    }
    long[] row = new long[rank];
    for (long k = 0; k < rows; k++) {
      long rest = k;
      for (int d = rank - 2; d >= 0; d--) {
        row[d] = rest % iShape[d];
        rest /= iShape[d];
      }
      long target = 0;
      long source = 0;
      for (int d = 0; d < rank; d++) {
        long v = iStart[d] + (d == rank - 1 ? 0 : row[d]); // virtual coordinate
        target = target * selShape[d] + r.selectionStart()[d] + (v - r.start()[d]);
        source = source * dataShape[d] + (v - dataStart[d]);
      }
      System.arraycopy(data, (int) (source * size), out, (int) (target * size),
          (int) (rowLength * size));
    }
  }

  /**
   * The virtual box (into vStart, vShape) and source box corner (into sStart) of mapping
   * {@code m}; returns the source box's shape. The two boxes hold the same number of
   * elements, paired in C order; they may differ in rank.
   */
  private long[] boxes(int m, Dataset source, long[] vStart, long[] vShape, long[] sStart)
      throws IOException {
    int rank = space.rank();
    if (block.allBoxes() && block.boxRank() == rank && sStart.length == rank) {
      for (int d = 0; d < rank; d++) {
        vStart[d] = block.virtualStart(m, d);
        sStart[d] = block.sourceStart(m, d);
        vShape[d] = block.blockShape(m, d);
      }
      return vShape.clone();
    }
    long[] v = box(block.virtualSelection(m), space.dims(), vStart, "virtual", m);
    long[] s = box(block.sourceSelection(m), source.shape(), sStart, "source", m);
    if (count(v) != count(s)) {
      throw new H5FormatException("virtual dataset " + path, block.address(), "mapping " + m
          + " maps " + count(s) + " source elements onto " + count(v) + " virtual ones");
    }
    System.arraycopy(v, 0, vShape, 0, rank);
    return s;
  }

  private static long count(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  private long[] box(EncodedSelection s, long[] dims, long[] start, String side, int m)
      throws IOException {
    if (s instanceof EncodedSelection.All) {
      java.util.Arrays.fill(start, 0);
      return dims.clone();
    }
    if (s instanceof EncodedSelection.Regular r && r.isSingleBlock() && !r.isUnlimited()) {
      System.arraycopy(r.slab().start(), 0, start, 0, start.length);
      return r.slab().block().clone();
    }
    if (s instanceof EncodedSelection.Irregular r && r.blockCount() == 1) {
      long[] shape = new long[start.length];
      for (int d = 0; d < start.length; d++) {
        start[d] = r.start(0, d);
        shape[d] = r.end(0, d) - r.start(0, d) + 1;
      }
      return shape;
    }
    throw new UnsupportedOperationException("virtual dataset " + path + ": mapping " + m
        + " has a " + side + " selection h5j does not read yet (" + s + "); only single"
        + " blocks and whole spaces are supported so far");
  }

  /** The source dataset of mapping {@code m}, opened once per name. */
  private Dataset source(int m) throws IOException {
    String fileName = block.sourceFile(m);
    String dataset = block.sourceDataset(m);
    String key = fileName + "\0" + dataset;
    Dataset d = sources.get(key);
    if (d == null) {
      H5File owner = block.sameFile(m) ? file : sourceFile(fileName);
      if (owner == null) {
        throw new IOException("virtual dataset " + path + ": source file '" + fileName
            + "' of mapping " + m + " was not found (looked beside " + file.path()
            + " and in HDF5_VDS_PREFIX)");
      }
      Node n = owner.resolver().tryResolve(owner.root(), dataset);
      if (!(n instanceof Dataset ds)) {
        throw new H5FormatException("virtual dataset " + path, block.address(), "mapping " + m
            + ": source '" + dataset + "' in " + fileName + " is " + (n == null ? "missing"
                : "not a dataset"));
      }
      d = ds;
      sources.put(key, d);
    }
    return d;
  }

  /** Opens a source file as libhdf5 looks for it: HDF5_VDS_PREFIX, then beside this file. */
  private H5File sourceFile(String name) throws IOException {
    String prefix = System.getenv("HDF5_VDS_PREFIX");
    if (prefix != null && !prefix.isEmpty() && !Path.of(name).isAbsolute()) {
      H5File f = file.external(Path.of(prefix).resolve(name).toString());
      if (f != null) {
        return f;
      }
    }
    return file.external(name);
  }
}
