package io.h5j;

import io.h5j.format.dataset.VirtualCreation;
import io.h5j.type.Datatype;
import io.h5j.type.Dataspace;
import io.h5j.format.select.BlockUnion;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.ResolvedSelection;
import io.h5j.format.vds.Mapping;
import io.h5j.format.vds.MappingBlockWriter;
import io.h5j.format.vds.MappingList;
import io.h5j.raw.VirtualMappings;
import java.util.Arrays;

/**
 * What a new virtual dataset looks like: datatype, shape (and max shape), fill value and its
 * mappings. A mapping is a box of a source dataset (same file: {@code "."}) placed at a box of
 * the virtual space ({@link #map(String, String, long[], long[], long[])}), or any pair of
 * selections with the same number of elements: regular hyperslabs with stride, count and block
 * ({@link #map(String, String, Selection, Selection)}). Copies of another dataset's mappings
 * ({@link #sameMappingsAs}, and repack) also keep block lists, points, "all", and unlimited
 * hyperslabs (whose extent libhdf5 takes from the sources) including printf-style {@code %b}
 * source names.
 *
 * <pre>{@code
 * VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, 8, 8).fillValue(-1L)
 *     .map(".", "/raw", new long[] {40, 0}, new long[] {0, 0}, new long[] {4, 8});
 * f.root().createVirtualDataset("version_1", spec);
 * }</pre>
 */
public final class VirtualSpec {
  private final Datatype datatype;
  private final long[] shape;
  private long[] maxShape;
  private Object fillValue;
  private boolean compact;
  private boolean points;
  private byte[] encodedBlock;
  /** The mappings in order; boxes as primitives (a versioned file's commit adds thousands). */
  private final MappingList mappings;

  private VirtualSpec(Datatype datatype, long[] shape) {
    this.datatype = datatype;
    this.shape = shape.clone();
    this.maxShape = shape.clone();
    this.mappings = new MappingList(shape.length);
  }

  /**
   * A virtual dataset of {@code datatype} and {@code shape} with no mapping yet; add them with
   * {@link #map} or {@link #mapChunks}.
   *
   * @param datatype the type of each element
   * @param shape the size of each dimension, slowest first
   * @return the new spec
   */
  public static VirtualSpec of(Datatype datatype, long... shape) {
    return new VirtualSpec(datatype, shape);
  }

  /**
   * The value of elements no mapping covers (a boxed value or one-element array).
   *
   * @param value the fill value, bare or as a one-element array
   * @return this spec
   */
  public VirtualSpec fillValue(Object value) {
    this.fillValue = value;
    return this;
  }

  /**
   * Adds a mapping: the box of {@code shape} elements at {@code sourceStart} of dataset
   * {@code dataset} (an absolute path) in {@code file} ({@code "."} for this file) appears at
   * {@code virtualStart}. The arrays are copied: a caller may reuse them for the next mapping.
   *
   * @param file the source file's name, {@code "."} for this file
   * @param dataset the source dataset's absolute path in that file
   * @param sourceStart the source box's first element, one coordinate per dimension
   * @param virtualStart where the box appears in the virtual dataset, one coordinate per dimension
   * @param shape the box's size in each dimension, each at least 1
   * @return this spec
   */
  public VirtualSpec map(String file, String dataset, long[] sourceStart, long[] virtualStart,
      long[] shape) {
    if (virtualStart.length != this.shape.length || shape.length != this.shape.length) {
      throw new IllegalArgumentException("a mapping's virtual box needs rank "
          + this.shape.length);
    }
    for (int d = 0; d < shape.length; d++) {
      if (virtualStart[d] < 0 || shape[d] < 1 || virtualStart[d] + shape[d] > this.shape[d]) {
        throw new IllegalArgumentException("mapping box at " + java.util.Arrays.toString(
            virtualStart) + " of " + java.util.Arrays.toString(shape)
            + " reaches outside the virtual shape " + java.util.Arrays.toString(this.shape));
      }
    }
    checkOpen();
    mappings.addBox(file, dataset, sourceStart, virtualStart, shape);
    return this;
  }

  /**
   * Adds one mapping per chunk of a regular chunk grid over the dataset, in one call: what
   * versioned-hdf5 stores, where each chunk of a version maps a chunk-sized box of one raw
   * dataset. Mapping {@code i} places the box at {@code sourceStarts[i * rank .. i * rank +
   * rank)} of dataset {@code dataset} (an absolute path) in {@code file} ({@code "."} for this
   * file) at the chunk whose grid coordinates are {@code chunkCoords[i * rank .. i * rank +
   * rank)}: the box of shape {@code chunk} at those coordinates times {@code chunk}, cut at the
   * dataset's shape (an edge chunk maps a box as small as its part of the dataset). The same as
   * {@link #map(String, String, long[], long[], long[])} once per chunk, without an object or a
   * call per mapping; the arrays are copied.
   *
   * <pre>{@code
   * // chunks (0, 0) and (0, 1) of 4 x 4 from rows 8 and 0 of /raw
   * spec.mapChunks(".", "/raw", new long[] {4, 4}, new long[] {0, 0, 0, 1},
   *     new long[] {8, 0, 0, 0});
   * }</pre>
   *
   * @param file the source file's name, {@code "."} for this file
   * @param dataset the source dataset's absolute path in that file
   * @return this spec
   * @param chunk the chunk shape, one value of at least 1 per dimension
   * @param chunkCoords rank coordinates per mapping (C order within each): the chunk's place in
   *     the grid, each below the number of chunks along its dimension
   * @param sourceStarts rank values per mapping: where the source box starts
   * @throws IllegalArgumentException when the array lengths do not fit the rank, a chunk is
   *     outside the grid, a source start is negative, or a name is empty or holds a NUL;
   *     then no mapping of the call is added
   */
  public VirtualSpec mapChunks(String file, String dataset, long[] chunk, long[] chunkCoords,
      long[] sourceStarts) {
    checkOpen();
    mappings.addChunks(file, dataset, shape, chunk, chunkCoords, sourceStarts);
    return this;
  }

  /**
   * The largest shape the dataset may take; {@link Dataspace#UNLIMITED} (-1) for no limit, as
   * a dimension in which a mapping is unlimited needs. The default is the shape.
   *
   * @param maxShape the largest size of each dimension, one per dimension of the shape
   * @return this spec
   */
  public VirtualSpec maxShape(long... maxShape) {
    if (maxShape.length != shape.length) {
      throw new IllegalArgumentException("max shape needs rank " + shape.length);
    }
    for (int d = 0; d < shape.length; d++) {
      if (maxShape[d] != Dataspace.UNLIMITED && maxShape[d] < shape[d]) {
        throw new IllegalArgumentException("max shape " + Arrays.toString(maxShape)
            + " is below the shape " + Arrays.toString(shape));
      }
    }
    this.maxShape = maxShape.clone();
    return this;
  }

  /**
   * Adds a mapping of regular hyperslabs: the elements {@code source} selects in dataset
   * {@code dataset} (an absolute path) of {@code file} ({@code "."} for this file) appear, in
   * C order, at the elements {@code virtual} selects in this dataset. The source is
   * {@link Selection#all()}, a {@link Selection#box} or a {@link Selection#hyperslab}, whose
   * meaning needs no shape; the virtual selection may be any, resolved against this shape.
   *
   * <pre>{@code
   * // every other element of /raw's first 8 fills 4 x 1 of a 4 x 2 virtual dataset
   * spec.map(".", "/raw", Selection.hyperslab(new long[] {0}, new long[] {2}, new long[] {4},
   *     new long[] {1}), Selection.parse(":, 1"));
   * }</pre>
   *
   * @param file the source file's name as stored ({@code "."} for this file)
   * @param dataset the source dataset's absolute path
   * @param source the selection in the source dataset
   * @param virtual the selection in this dataset, resolved against its shape
   * @return this spec
   * @throws IllegalArgumentException as {@link #map(String, String, long[], long[], long[])},
   *     when the source is a numpy-style selection ({@link Selection#parse}), or when the two
   *     select different numbers of elements (a source "all" is checked by libhdf5 when it
   *     reads)
   */
  public VirtualSpec map(String file, String dataset, Selection source, Selection virtual) {
    return map(Mapping.ofPaths(file, dataset, source.stored(),
        new EncodedSelection.Regular(virtual.resolve(shape, "(the virtual one)"))));
  }

  /**
   * Adds a mapping of any selections. Its names are stored patterns (see {@link Mapping}:
   * {@link Mapping#ofPaths} escapes literal paths; {@code %b} stands for the block number of
   * an unlimited virtual selection over a limited source one). A block list is stored as
   * libhdf5 stores the union of its blocks: disjoint blocks in its order (the same elements,
   * paired in the same order), since libhdf5 misreads overlapping ones.
   *
   * @param m the mapping: source names and the source and virtual selections
   * @return this spec
   * @throws IllegalArgumentException when the virtual selection has another rank than the
   *     dataset, reaches outside the shape (or, unlimited, in a dimension whose max shape is
   *     limited), or when both selections are limited and select different numbers of
   *     elements (a source "all" is checked by libhdf5 when it reads), or more than 2^63
   */
  VirtualSpec map(Mapping m) {
    // block lists stored as libhdf5 stores their union (it misreads overlapping blocks)
    EncodedSelection v = disjoint(m.virtualSelection());
    EncodedSelection s = disjoint(m.sourceSelection());
    m = new Mapping(m.sourceFile(), m.sourceDataset(), s, v);
    if (!points && (v instanceof EncodedSelection.Points
        || s instanceof EncodedSelection.Points)) {
      throw new IllegalArgumentException("libhdf5 does not open virtual datasets with point"
          + " selections; use hyperslabs, or allowPointSelections() for h5j-only files");
    }
    if (v.rank() != -1 && v.rank() != shape.length) {
      throw new IllegalArgumentException("the virtual selection has rank " + v.rank()
          + ", the dataset " + shape.length);
    }
    int u = ResolvedSelection.unlimitedDim(v);
    if (u >= 0 && maxShape[u] != Dataspace.UNLIMITED) {
      throw new IllegalArgumentException("the virtual selection is unlimited in dimension " + u
          + "; set maxShape with Dataspace.UNLIMITED there first");
    }
    ResolvedSelection rv = ResolvedSelection.of(v, shape); // checks it fits the shape
    int us = ResolvedSelection.unlimitedDim(s);
    boolean printf = Mapping.hasBlockPattern(m.sourceFile())
        || Mapping.hasBlockPattern(m.sourceDataset());
    if (u < 0 && us >= 0) {
      throw new IllegalArgumentException("an unlimited source selection needs an unlimited"
          + " virtual one");
    }
    if (printf != (u >= 0 && us < 0)) {
      throw new IllegalArgumentException(printf ? "%b in a source name needs an unlimited"
          + " virtual selection over a limited source one" : "an unlimited virtual selection"
          + " over a limited source one needs %b in a source name");
    }
    // the element counts libhdf5 checks: whole selections, one printf block, or the
    // dimensions that are not unlimited
    long vn;
    long sn;
    try {
      vn = u < 0 ? rv.size() : perSlice(v, u, printf);
      sn = s instanceof EncodedSelection.All ? -1
          : us < 0 ? s.elementCount(null) : perSlice(s, us, false);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("a selection of the mapping holds more than 2^63"
          + " elements");
    }
    if (sn >= 0 && vn != sn) {
      throw new IllegalArgumentException("the source selection has " + sn + " elements"
          + (u >= 0 ? " per unlimited step" : "") + ", the virtual one " + vn);
    }
    checkOpen();
    mappings.add(m);
    return this;
  }

  private static EncodedSelection disjoint(EncodedSelection s) {
    return s instanceof EncodedSelection.Irregular r && r.blockCount() > 1
        ? BlockUnion.of(r) : s;
  }

  private void checkOpen() {
    if (encodedBlock != null) {
      throw new IllegalStateException("this spec reuses another dataset's mapping block");
    }
  }

  /**
   * Gives the new dataset the mappings of an existing one by copying its stored block bytes
   * as they are (they name sources by path, so they mean the same anywhere in the file);
   * no mapping may be added besides.
   *
   * @param block the stored mappings of another virtual dataset of this file
   * @return this spec
   */
  public VirtualSpec sameMappingsAs(VirtualMappings block) {
    if (!mappings.isEmpty()) {
      throw new IllegalStateException("this spec already has its own mappings");
    }
    // libhdf5 stores no block for a dataset without mappings, and cannot open an empty one
    this.encodedBlock = block.count() == 0 ? null : block.bytes();
    return this;
  }

  /**
   * Elements of a regular selection unlimited in dimension {@code u}: of one block along it
   * ({@code block}: a printf block) or of one coordinate along it.
   */
  private static long perSlice(EncodedSelection sel, int u, boolean block) {
    io.h5j.format.select.Hyperslab h = ((EncodedSelection.Regular) sel).slab();
    long n = 1;
    for (int d = 0; d < h.rank(); d++) {
      n = Math.multiplyExact(n, d != u ? Math.multiplyExact(h.count()[d], h.block()[d])
          : block ? h.block()[d] : 1);
    }
    return n;
  }

  /**
   * Lets mappings use point selections. h5j reads them (pairing points in stored order), but
   * libhdf5 (1.10 at least) refuses to open such a virtual dataset.
   *
   * @return this spec
   */
  public VirtualSpec allowPointSelections() {
    this.points = true;
    return this;
  }

  /**
   * Stores the mappings in the compact encoding of HDF5 2.0 (names written once, smallest
   * selection fields). Only libhdf5 2.0 and h5j read it; libhdf5 1.x does not.
   *
   * @return this spec
   */
  public VirtualSpec compactEncoding() {
    this.compact = true;
    return this;
  }

  /** This spec as the engine takes it. */
  VirtualCreation creation() {
    return new VirtualCreation(datatype, shape(), maxShape(), fillValue, encodedBlock,
        mappings, format());
  }

  Datatype datatype() {
    return datatype;
  }

  long[] shape() {
    return shape.clone();
  }

  Object fillValue() {
    return fillValue;
  }

  long[] maxShape() {
    return maxShape.clone();
  }

  /** The stored block given by {@link #sameMappingsAs}, or null. */
  byte[] encodedBlock() {
    return encodedBlock;
  }

  /** The mappings, in order. */
  MappingList mappings() {
    return mappings;
  }

  MappingBlockWriter.Format format() {
    return compact ? MappingBlockWriter.Format.V1_COMPACT : MappingBlockWriter.Format.V0;
  }
}
