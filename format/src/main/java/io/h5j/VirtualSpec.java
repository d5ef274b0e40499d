package io.h5j;

import io.h5j.format.datatype.Datatype;
import io.h5j.format.vds.MappingBlock;
import io.h5j.format.vds.MappingBlockWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * What a new virtual dataset looks like: datatype, shape, fill value and its mappings, each a
 * box of a source dataset (same file: {@code "."}) placed at a box of the virtual space.
 *
 * <pre>{@code
 * VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, 8, 8).fillValue(-1L)
 *     .map(".", "/raw", new long[] {40, 0}, new long[] {0, 0}, new long[] {4, 8});
 * f.root().createVirtualDataset("version_1", spec);
 * }</pre>
 */
public final class VirtualSpec {
  /** One box mapping: {@code shape} elements from {@code sourceStart} to {@code virtualStart}. */
  record BoxMapping(String file, String dataset, long[] sourceStart, long[] virtualStart,
      long[] shape) {}

  private final Datatype datatype;
  private final long[] shape;
  private Object fillValue;
  private boolean compact;
  private byte[] encodedBlock;
  private final List<BoxMapping> mappings = new ArrayList<>();

  private VirtualSpec(Datatype datatype, long[] shape) {
    this.datatype = datatype;
    this.shape = shape.clone();
  }

  public static VirtualSpec of(Datatype datatype, long... shape) {
    return new VirtualSpec(datatype, shape);
  }

  /** The value of elements no mapping covers (a boxed value or one-element array). */
  public VirtualSpec fillValue(Object value) {
    this.fillValue = value;
    return this;
  }

  /**
   * Adds a mapping: the box of {@code shape} elements at {@code sourceStart} of dataset
   * {@code dataset} (an absolute path) in {@code file} ({@code "."} for this file) appears at
   * {@code virtualStart}.
   */
  public VirtualSpec map(String file, String dataset, long[] sourceStart, long[] virtualStart,
      long[] shape) {
    if (encodedBlock != null) {
      throw new IllegalStateException("this spec copies another dataset's mappings");
    }
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
    mappings.add(new BoxMapping(file, dataset, sourceStart.clone(), virtualStart.clone(),
        shape.clone()));
    return this;
  }

  /**
   * Gives the new dataset exactly the mappings of {@code block}, whose stored bytes are copied
   * as they are (they name sources by path, so they mean the same anywhere in the file);
   * no mapping may be added besides.
   */
  public VirtualSpec sameMappingsAs(MappingBlock block) {
    if (!mappings.isEmpty()) {
      throw new IllegalStateException("this spec already has its own mappings");
    }
    this.encodedBlock = block.bytes();
    return this;
  }

  /**
   * Stores the mappings in the compact encoding of HDF5 2.0 (names written once, smallest
   * selection fields). Only libhdf5 2.0 and h5j read it; libhdf5 1.x does not.
   */
  public VirtualSpec compactEncoding() {
    this.compact = true;
    return this;
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

  List<BoxMapping> mappings() {
    return mappings;
  }

  /** The stored mapping block to copy as it is, or null. */
  byte[] encodedBlock() {
    return encodedBlock;
  }

  MappingBlockWriter.Format format() {
    return compact ? MappingBlockWriter.Format.V1_COMPACT : MappingBlockWriter.Format.V0;
  }
}
