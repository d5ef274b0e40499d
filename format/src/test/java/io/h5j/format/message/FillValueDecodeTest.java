package io.h5j.format.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import org.junit.jupiter.api.Test;

/**
 * Fill value messages as libhdf5 1.4-1.8 wrote them: an undefined fill value has size -1,
 * stored as four 0xFF bytes with no value after them, in the old message (type 4) and in
 * version 1 of the new one; h5j refused such a message ("fill value size 4294967295 is too
 * large").
 */
class FillValueDecodeTest {
  private static ByteReader body(int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) bytes[i];
    }
    return new ByteReader(b, 100, "fill value message", FileParams.DEFAULT);
  }

  @Test
  void anUndefinedOldFillValueHasNoValue() throws Exception {
    FillValueMessage m = FillValueMessage.decodeOld(body(0xFF, 0xFF, 0xFF, 0xFF));
    assertFalse(m.defined());
  }

  @Test
  void anUndefinedVersion1FillValueHasNoValue() throws Exception {
    // version 1, allocation time late (2), write time if set (2), not defined, size -1
    FillValueMessage m = FillValueMessage.decode(body(1, 2, 2, 0, 0xFF, 0xFF, 0xFF, 0xFF));
    assertFalse(m.defined());
  }

  @Test
  void aDefinedValueIsReadAndATooLongOneRefused() throws Exception {
    FillValueMessage m = FillValueMessage.decode(body(2, 2, 2, 1, 4, 0, 0, 0, 1, 2, 3, 4));
    assertTrue(m.defined());
    assertArrayEquals(new byte[] {1, 2, 3, 4}, m.value());
    FillValueMessage old = FillValueMessage.decodeOld(body(2, 0, 0, 0, 7, 8));
    assertArrayEquals(new byte[] {7, 8}, old.value());
    assertThrows(H5FormatException.class,
        () -> FillValueMessage.decodeOld(body(0xFE, 0xFF, 0xFF, 0xFF, 1)));
  }
}
