package io.h5j.format.datatype;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileParams;
import java.io.IOException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/** Arbitrary element and heap object bytes decode or fail with H5FormatException only. */
class RevisedReferenceCodecTest {

  @Property(tries = 3000)
  void decodeOfArbitraryBytesFailsOnlyWithFormatException(
      @ForAll @Size(18) byte[] element, @ForAll @Size(max = 80) byte[] body,
      @ForAll boolean plausible) throws IOException {
    if (plausible) { // a known kind and flag, a length inside the body: reach the body decoder
      element[0] = (byte) (2 + Math.floorMod(element[0], 3));
      element[1] &= 1;
      element[2] = (byte) Math.min(body.length, element[2] & 0x7f);
      element[3] = element[4] = element[5] = 0;
      element[6] |= 1;
    }
    try {
      RevisedReferenceCodec.decode(element, 0, element.length, FileParams.DEFAULT,
          (address, index) -> body);
    } catch (H5FormatException expected) {
      // malformed: named and located, nothing else escapes
    }
  }
}
