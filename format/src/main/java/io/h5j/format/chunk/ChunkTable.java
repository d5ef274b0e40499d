package io.h5j.format.chunk;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The allocated chunks of one dataset in primitive columns (offsets, addresses, stored sizes,
 * filter masks; one row per chunk): what a copy reads from one index and writes into another,
 * without an object per chunk for the tens of thousands of chunks a file holds.
 */
public final class ChunkTable {
  /** Orders two rows of a table. */
  @FunctionalInterface
  public interface RowOrder {
    /** Negative, zero or positive as row {@code a} goes before, with or after row {@code b}. */
    int compare(int a, int b);
  }

  private final int rank;
  private long[] offsets;
  private long[] addresses;
  private long[] sizes;
  private int[] masks;
  private int size;

  /** An empty table of chunks of a dataset of {@code rank} dimensions. */
  public ChunkTable(int rank) {
    this.rank = rank;
    this.offsets = new long[rank * 16];
    this.addresses = new long[16];
    this.sizes = new long[16];
    this.masks = new int[16];
  }

  /** A table of {@code records}, in their order. */
  public static ChunkTable of(int rank, List<ChunkRecord> records) {
    ChunkTable t = new ChunkTable(rank);
    for (ChunkRecord c : records) {
      t.add(c);
    }
    return t;
  }

  /** Appends a chunk. */
  public void add(ChunkRecord c) {
    add(c.offsetRef(), c.address(), c.storedSize(), c.filterMask());
  }

  /** Appends a chunk at element coordinates {@code offset} (copied; one per dimension). */
  public void add(long[] offset, long address, long storedSize, int filterMask) {
    if (offset.length != rank) {
      throw new IllegalArgumentException("chunk offset " + Arrays.toString(offset) + " has "
          + offset.length + " coordinates, the dataset " + rank);
    }
    if (size == addresses.length) {
      int grown = Math.max(16, size * 2);
      offsets = Arrays.copyOf(offsets, grown * rank);
      addresses = Arrays.copyOf(addresses, grown);
      sizes = Arrays.copyOf(sizes, grown);
      masks = Arrays.copyOf(masks, grown);
    }
    System.arraycopy(offset, 0, offsets, size * rank, rank);
    addresses[size] = address;
    sizes[size] = storedSize;
    masks[size] = filterMask;
    size++;
  }

  /** Dimensions of the dataset. */
  public int rank() {
    return rank;
  }

  /** Chunks held. */
  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** Coordinate {@code dim} of row {@code row}'s first element. */
  public long offset(int row, int dim) {
    return offsets[row * rank + dim];
  }

  /** Row {@code row}'s element coordinates, a new array. */
  public long[] offset(int row) {
    return Arrays.copyOfRange(offsets, row * rank, row * rank + rank);
  }

  /** Row {@code row}'s grid coordinates in chunks of {@code chunkDims}, into {@code into}. */
  long[] scaled(int row, long[] chunkDims, long[] into) {
    for (int d = 0; d < rank; d++) {
      into[d] = offsets[row * rank + d] / chunkDims[d];
    }
    return into;
  }

  public long address(int row) {
    return addresses[row];
  }

  /** Moves row {@code row}'s chunk to {@code address}. */
  public void setAddress(int row, long address) {
    addresses[row] = address;
  }

  public long storedSize(int row) {
    return sizes[row];
  }

  public int filterMask(int row) {
    return masks[row];
  }

  /** The stored bytes of all chunks. */
  public long storedBytes() {
    long total = 0;
    for (int i = 0; i < size; i++) {
      total = Math.addExact(total, sizes[i]);
    }
    return total;
  }

  /** Row {@code row} as a record (for the rare index types written from records). */
  public ChunkRecord record(int row) {
    return new ChunkRecord(offset(row), addresses[row], sizes[row], masks[row]);
  }

  /** The rows as records, in {@code rows}' order. */
  List<ChunkRecord> records(int[] rows) {
    List<ChunkRecord> list = new ArrayList<>(rows.length);
    for (int r : rows) {
      list.add(record(r));
    }
    return list;
  }

  /** Rows {@code a} and {@code b} in C order of their offsets (index order). */
  public int compareOffsets(int a, int b) {
    return Arrays.compare(offsets, a * rank, a * rank + rank, offsets, b * rank, b * rank + rank);
  }

  /** Rows {@code a} and {@code b} by address. */
  public int compareAddresses(int a, int b) {
    return Long.compare(addresses[a], addresses[b]);
  }

  /** The rows sorted by {@code order} (stably: equal rows keep their order). */
  public int[] order(RowOrder order) {
    int[] rows = new int[size];
    for (int i = 0; i < size; i++) {
      rows[i] = i;
    }
    sort(rows, order);
    return rows;
  }

  /** Sorts {@code a} (row numbers, or any ints {@code order} compares) stably, in place. */
  public static void sort(int[] a, RowOrder order) {
    mergeSort(a, new int[a.length], 0, a.length, order);
  }

  private static void mergeSort(int[] a, int[] scratch, int from, int to, RowOrder order) {
    if (to - from < 2) {
      return;
    }
    if (to - from <= 16) {
      for (int i = from + 1; i < to; i++) {
        int v = a[i];
        int j = i - 1;
        while (j >= from && order.compare(a[j], v) > 0) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = v;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(a, scratch, from, mid, order);
    mergeSort(a, scratch, mid, to, order);
    if (order.compare(a[mid - 1], a[mid]) <= 0) {
      return; // already in order: the common case of chunks read in index order
    }
    System.arraycopy(a, from, scratch, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || i < mid && order.compare(scratch[i], scratch[j]) <= 0) {
        a[k] = scratch[i++];
      } else {
        a[k] = scratch[j++];
      }
    }
  }
}
