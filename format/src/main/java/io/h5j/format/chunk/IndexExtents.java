package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.util.List;

/** Checks of the extents an index reports: each inside the file, none overlapping. */
final class IndexExtents {
  private IndexExtents() {}

  /** Adds {@code size} bytes at {@code address} to {@code out} if they lie inside the file. */
  static void add(List<Extent> out, FileAccess fa, long address, long size, String structure)
      throws IOException {
    long fileSize = fa.size();
    if (address < 0 || size <= 0 || address > fileSize || size > fileSize - address) {
      throw new H5FormatException(structure, address, "range of " + size
          + " bytes is outside the file of " + fileSize + " bytes");
    }
    out.add(new Extent(address, size));
  }

  /** The extents sorted by address, after checking that none overlap. */
  static List<Extent> finish(List<Extent> out, String structure, long at)
      throws H5FormatException {
    return Extent.sortedDisjoint(out, structure, at);
  }
}
