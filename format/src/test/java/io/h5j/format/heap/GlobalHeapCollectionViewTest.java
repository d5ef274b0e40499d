package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A collection's size and its only object, read from bytes where they lie (a mapped view). */
class GlobalHeapCollectionViewTest {
  private static final FileParams P = FileParams.DEFAULT;
  private static final long AT = 4096;

  private static byte[] collection(long size, Map<Integer, byte[]> objects) {
    return GlobalHeapCollection.encode(P, size, new TreeMap<>(objects));
  }

  @Test
  void theSizeComesFromTheHeader() throws H5FormatException {
    byte[] c = collection(4096, Map.of(1, new byte[10]));
    assertEquals(4096, GlobalHeapCollection.size(new ByteReader(c, AT, "test", P), 4096));
    assertThrows(H5FormatException.class,
        () -> GlobalHeapCollection.size(new ByteReader(c, AT, "test", P), 4095));
    byte[] bad = c.clone();
    bad[0] = 'X';
    assertThrows(H5FormatException.class,
        () -> GlobalHeapCollection.size(new ByteReader(bad, AT, "test", P), 4096));
  }

  @Test
  void theOnlyObjectIsFoundWithoutReadingItsData() throws H5FormatException {
    byte[] data = new byte[4100];
    Arrays.fill(data, (byte) 7);
    byte[] c = collection(16 + 16 + 4104, Map.of(3, data));
    GlobalHeapCollection.SoleObject o = GlobalHeapCollection.soleObject(ByteBuffer.wrap(c), AT,
        P, 3);
    assertEquals(new GlobalHeapCollection.SoleObject(32, 4100, 32 + 4104), o);
    assertArrayEquals(data, Arrays.copyOfRange(c, o.dataOffset(), o.dataOffset() + o.length()));
    assertNull(GlobalHeapCollection.soleObject(ByteBuffer.wrap(c), AT, P, 2));
  }

  @Test
  void aCollectionOfMoreObjectsHasNoSoleObject() throws H5FormatException {
    byte[] c = collection(4096, Map.of(1, new byte[10], 2, new byte[20]));
    assertNull(GlobalHeapCollection.soleObject(ByteBuffer.wrap(c), AT, P, 1));
    byte[] free = collection(4096, Map.of(1, new byte[10]));
    assertEquals(48, GlobalHeapCollection.soleObject(ByteBuffer.wrap(free), AT, P, 1).end());
  }

  @Test
  void anObjectLongerThanItsCollectionIsAnError() {
    byte[] c = collection(64, Map.of(1, new byte[10]));
    c[24] = 100; // the object's length
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> GlobalHeapCollection.soleObject(ByteBuffer.wrap(c), AT, P, 1));
    assertEquals(AT + 16, e.offset());
  }
}
