package io.h5j.format.btree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BTreeV2Test {
  @TempDir Path dir;

  @Test
  void layoutOfLinkNameIndexMatchesLibhdf5Arithmetic() {
    BTreeV2Layout l = BTreeV2Layout.compute(512, 11, 3, FileParams.DEFAULT);
    assertEquals(45, l.maxRecords(0)); // (512 - 10) / 11
    assertEquals(1, l.childCountSize());
    assertEquals(0, l.childTotalSize(1));
    assertEquals(24, l.maxRecords(1)); // (512 - 10 - 9) / (11 + 9)
    assertEquals(25 * 45 + 24, l.maxTotalRecords(1));
    assertEquals(2, l.childTotalSize(2)); // 1149 needs two bytes
    assertEquals(22, l.maxRecords(2)); // (512 - 10 - 11) / (11 + 11)
    assertEquals(23L * 1149 + 22, l.maxTotalRecords(2));
    assertEquals(2, l.childTotalSize(3)); // 26449 still fits two bytes
    assertEquals(3, BTreeV2Layout.compute(512, 11, 4, FileParams.DEFAULT).childTotalSize(4));
  }

  @Test
  void encodedSizeIsFloorLog2Over8PlusOne() {
    assertEquals(1, BTreeV2Layout.encodedSize(0));
    assertEquals(1, BTreeV2Layout.encodedSize(255));
    assertEquals(2, BTreeV2Layout.encodedSize(256));
    assertEquals(2, BTreeV2Layout.encodedSize(4096));
    assertEquals(3, BTreeV2Layout.encodedSize(65536));
    assertEquals(8, BTreeV2Layout.encodedSize(Long.MAX_VALUE));
  }

  @Test
  void impossibleLayoutsAreNull() {
    assertNull(BTreeV2Layout.compute(10, 1, 0, FileParams.DEFAULT));
    assertNull(BTreeV2Layout.compute(512, 600, 0, FileParams.DEFAULT));
    assertNull(BTreeV2Layout.compute(512, 0, 0, FileParams.DEFAULT));
  }

  static byte[] record(int i) {
    byte[] r = new byte[11];
    for (int b = 0; b < 4; b++) {
      r[b] = (byte) ((i * 7L) >>> (8 * b)); // hash field: increasing
    }
    for (int b = 4; b < 11; b++) {
      r[b] = (byte) (i * 31 + b);
    }
    return r;
  }

  static long hash(ByteReader r) throws java.io.IOException {
    return LinkNameRecord.decode(r).hash();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 10, 45, 46, 1000, 1149, 1150, 20000, 30000})
  void writeThenIterateAndFind(int n) throws Exception {
    List<byte[]> records = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      records.add(record(i));
    }
    Path file = dir.resolve("bt" + n);
    long at;
    try (FileAccess fa = FileAccess.create(file)) {
      SpaceAllocator alloc = new SpaceAllocator(0);
      at = BTreeV2Writer.write(fa, alloc, BTreeV2Params.defaults(5, 11), records);
    }
    try (FileAccess fa = FileAccess.openRead(file)) {
      BTreeV2 t = BTreeV2.open(fa, at);
      assertEquals(5, t.type());
      assertEquals(11, t.recordSize());
      assertEquals(n, t.recordCount());
      assertEquals(512, t.nodeSize());
      assertEquals(100, t.splitPercent());
      assertEquals(40, t.mergePercent());
      int expectedDepth = n <= 45 ? 0 : n <= 1149 ? 1 : n <= 26449 ? 2 : 3;
      assertEquals(expectedDepth, t.depth());
      List<byte[]> back = new ArrayList<>();
      t.forEach(r -> back.add(r.bytes(11)));
      assertEquals(n, back.size());
      for (int i = 0; i < n; i++) {
        assertArrayEquals(records.get(i), back.get(i), "record " + i);
      }
      for (int i = 0; i < n; i += Math.max(1, n / 50)) {
        long key = i * 7L;
        Optional<byte[]> hit = t.find(r -> Long.compare(key, hash(r)));
        assertArrayEquals(records.get(i), hit.orElseThrow());
      }
      if (n > 1) {
        assertTrue(t.find(r -> Long.compare(3, hash(r))).isEmpty(), "3 is no multiple of 7");
      }
    }
  }
}
