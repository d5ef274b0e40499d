package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ChunkTable}'s row orders against the JDK's stable sort of the same chunks as records,
 * for tables small (insertion sort only), mid-sized and large (merges), shuffled or in order.
 */
class ChunkTableTest {
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 7, 16, 17, 100, 5000})
  void rowOrdersAreTheStableSortsOfTheRecords(int n) {
    Random random = new Random(n);
    List<ChunkRecord> records = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // few distinct addresses, so that equal ones test stability
      records.add(new ChunkRecord(new long[] {random.nextInt(50) * 4L, random.nextInt(3) * 2L},
          random.nextInt(Math.max(1, n / 3)) * 100L, 1 + random.nextInt(90), i));
    }
    ChunkTable t = ChunkTable.of(2, records);
    assertEquals(n, t.size());

    List<ChunkRecord> byAddress = new ArrayList<>(records);
    byAddress.sort(Comparator.comparingLong(ChunkRecord::address));
    assertEquals(byAddress, rows(t, t.order(t::compareAddresses)));

    List<ChunkRecord> byOffset = new ArrayList<>(records);
    byOffset.sort(ChunkRecord.BY_OFFSET);
    assertEquals(byOffset, rows(t, t.order(t::compareOffsets)));

    long total = records.stream().mapToLong(ChunkRecord::storedSize).sum();
    assertEquals(total, t.storedBytes());
  }

  @ParameterizedTest
  @ValueSource(ints = {40, 3000})
  void ordersRowsAlreadyInOrderAsTheyAre(int n) {
    ChunkTable t = new ChunkTable(1);
    for (int i = 0; i < n; i++) {
      t.add(new long[] {i * 8L}, 1000 + i * 10L, 10, 0);
    }
    int[] identity = new int[n];
    for (int i = 0; i < n; i++) {
      identity[i] = i;
    }
    assertArrayEquals(identity, t.order(t::compareAddresses));
    t.setAddress(0, 1_000_000);
    int[] moved = t.order(t::compareAddresses);
    assertEquals(0, moved[n - 1]);
    assertEquals(1, moved[0]);
  }

  @org.junit.jupiter.api.Test
  void refusesAnOffsetOfAnotherRank() {
    ChunkTable t = new ChunkTable(2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> t.add(new long[] {4}, 100, 10, 0));
    assertEquals("chunk offset [4] has 1 coordinates, the dataset 2", e.getMessage());
  }

  private static List<ChunkRecord> rows(ChunkTable t, int[] order) {
    List<ChunkRecord> list = new ArrayList<>();
    for (int r : order) {
      list.add(t.record(r));
    }
    return list;
  }
}
