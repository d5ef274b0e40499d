package io.h5j.format.copy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import org.junit.jupiter.api.Test;

/** Which dataspaces a compact layout can hold, including ones whose byte count would wrap. */
class FitsCompactTest {
  @Test
  void upToLibhdf5sLimitAndNotPastIt() {
    long most = Transcoder.MAX_COMPACT / 4;
    assertTrue(Transcoder.fitsCompact(Dataspace.simple(most), Datatypes.INT32));
    assertFalse(Transcoder.fitsCompact(Dataspace.simple(most + 1), Datatypes.INT32));
  }

  @Test
  void aByteCountPast2To63IsNotMistakenForASmallOne() {
    // 2^61 elements of 4 bytes: the product wraps to a negative number, which a
    // multiplication compared with the limit took for a dataset that fits
    Dataspace huge = Dataspace.simple(1L << 61);
    assertTrue((huge.elementCount() * 4) < Transcoder.MAX_COMPACT);
    assertFalse(Transcoder.fitsCompact(huge, Datatypes.INT32));
  }
}
