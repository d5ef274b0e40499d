package io.h5j.repack;

import io.h5j.Dataset;
import io.h5j.raw.VirtualMapping;
import io.h5j.raw.VirtualMappings;
import java.io.IOException;
import java.util.Arrays;

/**
 * Compares two virtual datasets by their mappings instead of their elements. Mappings
 * that name the same source datasets of the same file, with the same selections, read the
 * same elements, provided the sources hold the same elements, which the verifier checks
 * where it meets them. Reading every element of a versioned file's virtual datasets instead
 * reads each raw chunk once per version. Mappings to other files are left to an element
 * comparison: a relative file name may resolve elsewhere beside the copy.
 */
final class VirtualMappingsComparison {
  private VirtualMappingsComparison() {}

  /** Whether both are virtual. */
  static boolean comparable(Dataset a, Dataset b) throws IOException {
    return a.layoutName().equals("VIRTUAL") && b.layoutName().equals("VIRTUAL");
  }

  /**
   * Whether {@code b} has {@code a}'s mappings, all to this file: the same bytes, or (when
   * the copy changed the block's encoding) the same box-to-box mappings decoded one at a
   * time. {@code held} is told of both blocks, which the files keep decoded.
   */
  static boolean same(Dataset a, Dataset b, HeldState held) throws IOException {
    VirtualMappings x = a.virtualMappings();
    VirtualMappings y = b.virtualMappings();
    held.mappingBlock(x);
    held.mappingBlock(y);
    if (x.count() != y.count()) {
      return false;
    }
    boolean sameBytes = x.version() == y.version() && Arrays.equals(x.bytes(), y.bytes());
    for (int i = 0; i < x.count(); i++) {
      VirtualMapping m = x.mapping(i);
      boolean boxes = m.virtualBox() != null && m.sourceBox() != null;
      if (!m.sameFile() || !(sameBytes || boxes && m.equals(y.mapping(i)))) {
        return false;
      }
    }
    return true;
  }
}
