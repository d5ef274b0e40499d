package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** The test vectors of issue 5, computed with numpy and hashlib as versioned-hdf5 does. */
class ChunkHashTest {
  @Test
  void int64Arange() {
    ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
    for (long i = 0; i < 4; i++) {
      b.putLong(i);
    }
    assertEquals("e36896a9e5798eed502c64146f3679675cf847eee9bfbdba8e44ede6c683754f",
        ChunkHash.hex(ChunkHash.of(b.array(), new long[] {4})));
  }

  @Test
  void int32TwoByThree() {
    ByteBuffer b = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < 6; i++) {
      b.putInt(i);
    }
    assertEquals("e30b3a9c180017602a1920cfb6bec9ca889796ff64fcd43f9908dc1e8a9d6abd",
        ChunkHash.hex(ChunkHash.of(b.array(), new long[] {2, 3})));
  }

  @Test
  void float64Zeros() {
    assertEquals("fdd6d69744012c21bdec8fae989bae1f103e47b17da21f99799da07b796f70c5",
        ChunkHash.hex(ChunkHash.of(new byte[4 * 4 * 8], new long[] {4, 4})));
  }

  @Test
  void emptyChunk() {
    assertEquals("1f1868f06925b61765ed3f845bb2c9d04e2dc1ae4356b7495dcae6bc18ed7150",
        ChunkHash.hex(ChunkHash.of(new byte[0], new long[] {0, 3})));
  }

  @Test
  void pythonTupleRepr() {
    assertEquals("(4,)", ChunkHash.shapeRepr(new long[] {4}));
    assertEquals("(4, 3)", ChunkHash.shapeRepr(new long[] {4, 3}));
    assertEquals("()", ChunkHash.shapeRepr(new long[0]));
  }
}
