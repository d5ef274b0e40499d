package io.h5j;

import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.Mapping;
import io.h5j.format.vds.MappingBlock;
import io.h5j.raw.StoredSelection;
import io.h5j.raw.VirtualMapping;
import io.h5j.raw.VirtualMappings;
import java.io.IOException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The public view of a decoded {@link MappingBlock}: its bytes and its mappings as boxes. */
final class MappingBlockView implements VirtualMappings {
  private final MappingBlock block;

  MappingBlockView(MappingBlock block) {
    this.block = block;
  }

  /** The block viewed, for h5j's own use (reusing its bytes in another dataset). */
  MappingBlock block() {
    return block;
  }

  @Override
  public long address() {
    return block.address();
  }

  @Override
  public int version() {
    return block.version();
  }

  @Override
  public byte[] bytes() {
    return block.bytes();
  }

  @Override
  public int size() {
    return block.size();
  }

  @Override
  public int count() {
    return block.count();
  }

  @Override
  public boolean allBoxes() {
    return block.allBoxes();
  }

  @Override
  public VirtualMapping mapping(int i) throws IOException {
    if (block.allBoxes()) { // the block's fast path: boxes without decoding selections
      int rank = block.boxRank();
      long[] v = new long[rank];
      long[] s = new long[rank];
      long[] shape = new long[rank];
      for (int d = 0; d < rank; d++) {
        v[d] = block.virtualStart(i, d);
        s[d] = block.sourceStart(i, d);
        shape[d] = block.blockShape(i, d);
      }
      return new VirtualMapping(block.sourceFile(i), block.sourceDataset(i),
          new VirtualMapping.Box(v, shape), new VirtualMapping.Box(s, shape));
    }
    Mapping m = block.mapping(i);
    return new VirtualMapping(m.sourceFile(), m.sourceDataset(), box(m.virtualSelection()),
        box(m.sourceSelection()));
  }

  @Override
  public StoredSelection virtualSelection(int i) throws IOException {
    Objects.checkIndex(i, block.count());
    return StoredSelections.of(block.virtualSelection(i));
  }

  @Override
  public StoredSelection sourceSelection(int i) throws IOException {
    Objects.checkIndex(i, block.count());
    return StoredSelections.of(block.sourceSelection(i));
  }

  /** The selection as one box, or null when it is not a single bounded block. */
  private static VirtualMapping.@Nullable Box box(EncodedSelection s) {
    if (s instanceof EncodedSelection.Regular r && r.isSingleBlock() && !r.isUnlimited()) {
      Hyperslab h = r.slab();
      return new VirtualMapping.Box(h.start(), h.block());
    }
    if (s instanceof EncodedSelection.Irregular r && r.blockCount() == 1) {
      long[] start = new long[r.rank()];
      long[] shape = new long[r.rank()];
      for (int d = 0; d < start.length; d++) {
        start[d] = r.start(0, d);
        shape[d] = r.end(0, d) - start[d] + 1;
      }
      return new VirtualMapping.Box(start, shape);
    }
    return null;
  }

  @Override
  public String toString() {
    return block.toString();
  }
}
