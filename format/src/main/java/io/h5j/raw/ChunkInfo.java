package io.h5j.raw;

import org.jspecify.annotations.Nullable;

/**
 * One allocated chunk of a chunked dataset, as its chunk index records it: where it starts
 * in the dataset, where its bytes are in the file and how many there are. Listed by
 * {@code Dataset.chunks()} without reading chunk data.
 *
 * @param offset the chunk's first element in each dimension (a multiple of the chunk shape)
 * @param storedSize the number of bytes stored, after the filter pipeline
 * @param filterMask bit i set when filter i of the pipeline was not applied to this chunk
 * @param address the file address of the chunk's first stored byte
 */
public record ChunkInfo(long[] offset, long storedSize, int filterMask, long address) {
  /**
   * Copies the offset.
   *
   * @param offset the chunk's first element in each dimension (a multiple of the chunk shape)
   * @param storedSize the number of bytes stored, after the filter pipeline
   * @param filterMask bit i set when filter i of the pipeline was not applied to this chunk
   * @param address the file address of the chunk's first stored byte
   */
  public ChunkInfo {
    offset = offset.clone();
  }

  /**
   * A copy of the chunk's first element in each dimension.
   *
   * @return a new array each call
   */
  @Override
  public long[] offset() {
    return offset.clone();
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof ChunkInfo c && java.util.Arrays.equals(offset, c.offset)
        && storedSize == c.storedSize && filterMask == c.filterMask && address == c.address;
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(offset) * 31 + Long.hashCode(address);
  }

  /** E.g. {@code chunk [0, 64] at 4096, 1024 bytes}. */
  @Override
  public String toString() {
    return "chunk " + java.util.Arrays.toString(offset) + " at " + address + ", " + storedSize
        + " bytes" + (filterMask == 0 ? "" : ", filter mask " + Integer.toBinaryString(filterMask));
  }
}
