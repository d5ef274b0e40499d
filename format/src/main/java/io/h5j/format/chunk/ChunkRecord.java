package io.h5j.format.chunk;

import java.util.Arrays;

/**
 * One allocated chunk of a chunked dataset, as its index records it.
 *
 * @param offset element coordinates of the chunk's first element (one per dataset dimension)
 * @param address file address of the chunk's stored bytes
 * @param storedSize bytes stored in the file (after filters)
 * @param filterMask bit {@code i} set = filter {@code i} of the pipeline was skipped
 */
public record ChunkRecord(long[] offset, long address, long storedSize, int filterMask) {
  public ChunkRecord {
    offset = offset.clone();
  }

  @Override
  public long[] offset() {
    return offset.clone();
  }

  /** Chunks in C order of their offsets (index order), compared without copies. */
  public static final java.util.Comparator<ChunkRecord> BY_OFFSET =
      (a, b) -> Arrays.compare(a.offset, b.offset);

  /** The offset without a defensive copy, for callers in this package on hot paths. */
  long[] offsetRef() {
    return offset;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChunkRecord r && Arrays.equals(r.offset, offset) && r.address == address
        && r.storedSize == storedSize && r.filterMask == filterMask;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(offset) * 31 + Long.hashCode(address);
  }

  @Override
  public String toString() {
    return "chunk " + Arrays.toString(offset) + " at " + address + ", " + storedSize
        + " bytes, filter mask " + Integer.toHexString(filterMask);
  }
}
