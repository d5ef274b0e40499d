package io.h5j.format.heap;

/**
 * The geometry of a fractal heap's doubling table: which heap offsets each row of an
 * indirect block covers, how big its blocks are, and which rows hold direct blocks. Rows 0
 * and 1 hold blocks of the starting size; each later row doubles it. A child indirect block
 * is itself a doubling table of the same width and starting size, covering its offsets
 * relative to its own start.
 */
public final class DoublingTable {
  private final int width;
  private final long startBlockSize;
  private final long maxDirectBlockSize;
  private final int maxHeapBits;
  private final int firstRowBits;
  private final int maxDirectRows;
  private final int maxRootRows;

  /**
   * @throws IllegalArgumentException if the parameters are not powers of two in range
   */
  public DoublingTable(int width, long startBlockSize, long maxDirectBlockSize, int maxHeapBits) {
    if (width < 1 || width > 0x8000 || Integer.bitCount(width) != 1) {
      throw new IllegalArgumentException("table width " + width + " is not a power of two <= 32768");
    }
    if (startBlockSize < 64 || Long.bitCount(startBlockSize) != 1) {
      throw new IllegalArgumentException("starting block size " + startBlockSize
          + " is not a power of two >= 64");
    }
    if (maxDirectBlockSize < startBlockSize || maxDirectBlockSize > (1L << 30)
        || Long.bitCount(maxDirectBlockSize) != 1) {
      throw new IllegalArgumentException("maximum direct block size " + maxDirectBlockSize
          + " is not a power of two between the starting block size and 1 GiB");
    }
    this.width = width;
    this.startBlockSize = startBlockSize;
    this.maxDirectBlockSize = maxDirectBlockSize;
    this.firstRowBits = log2(startBlockSize) + log2(width);
    if (maxHeapBits <= firstRowBits || maxHeapBits > 63) {
      throw new IllegalArgumentException("maximum heap size of 2^" + maxHeapBits
          + " bytes is not above one row (2^" + firstRowBits + ") and at most 2^63");
    }
    this.maxHeapBits = maxHeapBits;
    this.maxDirectRows = log2(maxDirectBlockSize) - log2(startBlockSize) + 2;
    this.maxRootRows = maxHeapBits - firstRowBits + 1;
  }

  static int log2(long v) {
    return 63 - Long.numberOfLeadingZeros(v);
  }

  public int width() {
    return width;
  }

  public long startBlockSize() {
    return startBlockSize;
  }

  public long maxDirectBlockSize() {
    return maxDirectBlockSize;
  }

  /** log2 of the heap's maximum managed size. */
  public int maxHeapBits() {
    return maxHeapBits;
  }

  /** Bytes of the "block offset" fields and of heap offsets in managed IDs. */
  public int heapOffsetSize() {
    return (maxHeapBits + 7) / 8;
  }

  /** Rows of direct blocks an indirect block can have; later rows hold indirect blocks. */
  public int maxDirectRows() {
    return maxDirectRows;
  }

  /** Rows the root indirect block may have. */
  public int maxRootRows() {
    return maxRootRows;
  }

  /** Size of each block in row {@code row}. */
  public long rowBlockSize(int row) {
    return row == 0 ? startBlockSize : startBlockSize << (row - 1);
  }

  /** Heap offset (relative to the indirect block) where row {@code row} begins. */
  public long rowOffset(int row) {
    return row == 0 ? 0 : (startBlockSize * width) << (row - 1);
  }

  /** Heap space covered by an indirect block of {@code rows} rows. */
  public long span(int rows) {
    return rowOffset(rows);
  }

  /** The row holding relative heap offset {@code offset}. */
  public int rowOf(long offset) {
    long firstRow = startBlockSize * width;
    return offset < firstRow ? 0 : log2(offset >>> firstRowBits) + 1;
  }

  /** Rows of a child indirect block standing for a block of {@code blockSize} bytes. */
  public int indirectRows(long blockSize) {
    return log2(blockSize) - firstRowBits + 1;
  }

  /** Whether entries of row {@code row} point to direct blocks. */
  public boolean isDirectRow(int row) {
    return row < maxDirectRows;
  }

  /**
   * Size of the direct block that starts at heap offset {@code offset}, or -1 if no block
   * of the table starts there.
   */
  public long directBlockSizeAt(long offset) {
    long rel = offset;
    for (int guard = 0; guard <= maxRootRows; guard++) {
      int row = rowOf(rel);
      long size = rowBlockSize(row);
      long inRow = rel - rowOffset(row);
      long within = inRow % size;
      if (isDirectRow(row)) {
        return within == 0 ? size : -1;
      }
      rel = within;
    }
    return -1;
  }
}
