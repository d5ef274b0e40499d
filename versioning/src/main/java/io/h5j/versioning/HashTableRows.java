package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.format.H5FormatException;
import io.h5j.Selection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The committed rows of one dataset's hash table as stored (rows {@code [0, largest_index)}),
 * looked up by the raw_data row where a slot starts: what a chunk read from raw_data must hash
 * to. Unlike {@link HashTable}, which keeps one row per hash for de-duplicating new chunks,
 * this keeps every row, in table order, so that a check can name each one.
 */
final class HashTableRows {
  private final String table;
  private final long tableRows;
  private final byte[] hashes;
  private final long[] starts;
  private final long[] stops;
  /** Row numbers ordered by start row, for {@link #startingAt}. */
  private final int[] byStart;

  private HashTableRows(String table, long tableRows, byte[] hashes, long[] starts,
      long[] stops) {
    this.table = table;
    this.tableRows = tableRows;
    this.hashes = hashes;
    this.starts = starts;
    this.stops = stops;
    this.byStart = IntStream.range(0, starts.length).boxed()
        .sorted((a, b) -> Long.compare(starts[a], starts[b])).mapToInt(Integer::intValue)
        .toArray();
  }

  /**
   * Reads the committed rows of {@code table}; a table that has the wrong type or rank, no
   * usable {@code largest_index}, or more rows than h5j holds in memory is a format error.
   */
  static HashTableRows read(Dataset table) throws IOException {
    HashTable.checkType(table);
    long[] shape = table.shape();
    if (shape.length != 1) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "has rank " + shape.length + ", not 1");
    }
    long n = largestIndex(table, shape[0]);
    byte[] hashes = new byte[(int) n * HashTable.HASH_BYTES];
    long[] starts = new long[(int) n];
    long[] stops = new long[(int) n];
    ByteBuffer all = ByteBuffer.allocate((int) n * HashTable.ROW_BYTES);
    table.read(Selection.box(new long[] {0}, new long[] {n}), all);
    all.flip().order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < n; i++) {
      all.get(hashes, i * HashTable.HASH_BYTES, HashTable.HASH_BYTES);
      starts[i] = all.getLong();
      stops[i] = all.getLong();
    }
    return new HashTableRows(table.path(), shape[0], hashes, starts, stops);
  }

  private static long largestIndex(Dataset table, long rows) throws IOException {
    Object li = table.attributes().contains(VersionLayout.ATTR_LARGEST_INDEX)
        ? table.attributes().get(VersionLayout.ATTR_LARGEST_INDEX) : null;
    if (!(li instanceof Number n) || li instanceof Double || li instanceof Float) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          li == null ? "has no largest_index attribute"
              : "has a largest_index that is not an integer: " + li);
    }
    long largest = n.longValue();
    if (largest < 0 || largest > rows) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "claims " + largest + " used rows (largest_index) but holds " + rows);
    }
    if (largest > Integer.MAX_VALUE / HashTable.ROW_BYTES) {
      throw new H5FormatException("hash table " + table.path(), table.address(),
          "claims " + largest + " rows, more than h5j holds in memory");
    }
    return largest;
  }

  /** The table's path in the file. */
  String table() {
    return table;
  }

  /** Committed rows (largest_index). */
  int size() {
    return starts.length;
  }

  /** Rows the table dataset holds, committed or not. */
  long tableRows() {
    return tableRows;
  }

  long start(int row) {
    return starts[row];
  }

  long stop(int row) {
    return stops[row];
  }

  byte[] hash(int row) {
    return Arrays.copyOfRange(hashes, row * HashTable.HASH_BYTES,
        (row + 1) * HashTable.HASH_BYTES);
  }

  boolean hashEquals(int row, byte[] hash) {
    return Arrays.equals(hashes, row * HashTable.HASH_BYTES, (row + 1) * HashTable.HASH_BYTES,
        hash, 0, hash.length);
  }

  /** The rows whose slice starts at raw_data row {@code start}, in table order. */
  int[] startingAt(long start) {
    int lo = 0;
    int hi = byStart.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (starts[byStart[mid]] < start) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    int end = lo;
    while (end < byStart.length && starts[byStart[end]] == start) {
      end++;
    }
    int[] out = Arrays.copyOfRange(byStart, lo, end);
    Arrays.sort(out);
    return out;
  }
}
