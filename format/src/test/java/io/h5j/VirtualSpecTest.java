package io.h5j;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.Mapping;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import org.junit.jupiter.api.Test;

/** VirtualSpec refuses the mappings libhdf5's H5Pset_virtual refuses, saying why. */
class VirtualSpecTest {
  private static final long U = EncodedSelection.UNLIMITED;

  private static EncodedSelection rows(long start, long stride, long count, long block,
      long cols) {
    return new EncodedSelection.Regular(new Hyperslab(new long[] {start, 0},
        new long[] {stride, 1}, new long[] {count, 1}, new long[] {block, cols}));
  }

  private static void refused(VirtualSpec spec, Mapping m, String why) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spec.map(m));
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  @Test
  void mappingsLibhdf5RefusesAreRefused() {
    VirtualSpec fixed = VirtualSpec.of(Datatypes.INT32, 4, 3);
    refused(fixed, new Mapping(".", "/s", rows(0, 1, 1, 2, 3), rows(0, 1, 1, 3, 3)),
        "has 6 elements");
    refused(fixed, new Mapping(".", "/s", rows(0, 1, 1, 2, 3), rows(3, 1, 1, 2, 3)),
        "beyond the extent");
    refused(fixed, new Mapping(".", "/s", EncodedSelection.All.INSTANCE,
        rows(0, 2, U, 1, 3)), "maxShape");
    refused(fixed, new Mapping(".", "/s",
        new EncodedSelection.Points(2, new long[][] {{0, 0}}),
        new EncodedSelection.Points(2, new long[][] {{1, 1}})), "point selections");
    VirtualSpec growing = VirtualSpec.of(Datatypes.INT32, 2, 3)
        .maxShape(Dataspace.UNLIMITED, 3);
    refused(growing, new Mapping(".", "/s", rows(0, 1, 1, 2, 3), rows(0, 2, U, 2, 3)),
        "needs %b");
    refused(growing, new Mapping(".", "/s%b", rows(0, 1, 1, 2, 3), rows(0, 1, 1, 2, 3)),
        "%b in a source name");
    refused(growing, new Mapping(".", "/s%b", rows(0, 1, 1, 1, 3), rows(0, 2, U, 2, 3)),
        "3 elements");
    refused(growing, new Mapping(".", "/s", rows(0, 1, 1, U, 2), rows(0, 2, U, 1, 3)),
        "per unlimited step");
    // and what it takes
    growing.map(new Mapping(".", "/s", rows(0, 1, 1, U, 3), rows(0, 2, U, 1, 3)));
    growing.map(new Mapping(".", "/p%b", EncodedSelection.All.INSTANCE, rows(0, 2, U, 2, 3)));
    fixed.allowPointSelections().map(new Mapping(".", "/s",
        new EncodedSelection.Points(2, new long[][] {{0, 0}}),
        new EncodedSelection.Points(2, new long[][] {{1, 1}})));
  }
}
