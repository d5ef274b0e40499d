package io.h5j.format.chunk;

import io.h5j.format.io.ByteWriter;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;

/**
 * The elements a fixed or extensible array writer puts in its blocks, by array index: a new
 * index's chunks ({@link #of(ChunkTable, long[], int[])}, primitive columns) or an update's
 * changed elements ({@link #of(NavigableMap)}, where a null value is an element cleared).
 */
interface ArrayElements {
  boolean isEmpty();

  /** The largest index set. */
  long lastIndex();

  /** The smallest index set at or after {@code from}; -1 if none. */
  long next(long from);

  /** Encodes the elements {@code first .. first + count - 1}, the fill entry where none is set. */
  void encodeRun(ByteWriter w, EntryCodec codec, long first, long count);

  /** Whether an index of {@code from .. from + count - 1} is set. */
  default boolean anyIn(long from, long count) {
    long k = next(from);
    return k >= 0 && k - from < count;
  }

  /** An update's elements: a null value is set (its block is written) and encodes as fill. */
  static ArrayElements of(NavigableMap<Long, ChunkRecord> elements) {
    return new ArrayElements() {
      @Override
      public boolean isEmpty() {
        return elements.isEmpty();
      }

      @Override
      public long lastIndex() {
        return elements.lastKey();
      }

      @Override
      public long next(long from) {
        Long k = elements.ceilingKey(from);
        return k == null ? -1 : k;
      }

      @Override
      public void encodeRun(ByteWriter w, EntryCodec codec, long first, long count) {
        Iterator<Map.Entry<Long, ChunkRecord>> set =
            elements.subMap(first, first + count).entrySet().iterator();
        Map.Entry<Long, ChunkRecord> next = set.hasNext() ? set.next() : null;
        for (long i = first; i < first + count; i++) {
          if (next != null && next.getKey() == i) {
            codec.encode(w, next.getValue());
            next = set.hasNext() ? set.next() : null;
          } else {
            codec.encode(w, null);
          }
        }
      }
    };
  }

  /**
   * The rows of {@code table} at array indexes {@code keys}, distinct, in any order: element
   * {@code keys[i]} is row {@code rows[i]}. Sorted by key, unless they are in
   * order already (a row-major grid numbered in the order of the chunks' offsets).
   */
  static ArrayElements ofUnordered(ChunkTable table, long[] keys, int[] rows) {
    boolean ascending = true;
    for (int i = 1; i < keys.length && ascending; i++) {
      ascending = keys[i - 1] < keys[i];
    }
    if (ascending) {
      return of(table, keys, rows);
    }
    int[] positions = new int[keys.length];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = i;
    }
    ChunkTable.sort(positions, (a, b) -> Long.compare(keys[a], keys[b]));
    long[] k = new long[keys.length];
    int[] r = new int[rows.length];
    for (int i = 0; i < positions.length; i++) {
      k[i] = keys[positions[i]];
      r[i] = rows[positions[i]];
    }
    return of(table, k, r);
  }

  /**
   * The rows of {@code table} at array indexes {@code keys}, ascending: element {@code keys[i]}
   * is row {@code rows[i]}.
   */
  private static ArrayElements of(ChunkTable table, long[] keys, int[] rows) {
    return new ArrayElements() {
      @Override
      public boolean isEmpty() {
        return keys.length == 0;
      }

      @Override
      public long lastIndex() {
        return keys[keys.length - 1];
      }

      @Override
      public long next(long from) {
        int at = atOrAfter(from);
        return at < keys.length ? keys[at] : -1;
      }

      @Override
      public void encodeRun(ByteWriter w, EntryCodec codec, long first, long count) {
        int at = atOrAfter(first);
        for (long i = first; i < first + count; i++) {
          if (at < keys.length && keys[at] == i) {
            int r = rows[at++];
            codec.encode(w, table.address(r), table.storedSize(r), table.filterMask(r));
          } else {
            codec.encodeFill(w);
          }
        }
      }

      /** The position of the first key at or after {@code from}. */
      private int atOrAfter(long from) {
        int lo = 0;
        int hi = keys.length;
        while (lo < hi) {
          int mid = (lo + hi) >>> 1;
          if (keys[mid] < from) {
            lo = mid + 1;
          } else {
            hi = mid;
          }
        }
        return lo;
      }
    };
  }
}
