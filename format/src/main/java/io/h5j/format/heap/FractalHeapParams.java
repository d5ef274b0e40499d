package io.h5j.format.heap;

/**
 * Creation parameters of a new fractal heap, with the presets libhdf5 1.10 uses for dense
 * storage (read back from files it wrote): both use table width 4, maximum direct block
 * size 64 KiB, maximum managed object size 4 KiB, one starting root row and checksummed
 * direct blocks; link heaps use 512-byte starting blocks, a 2^32-byte heap and 7-byte IDs,
 * attribute heaps 1024-byte starting blocks, a 2^40-byte heap and 8-byte IDs.
 *
 * @param idLength bytes per heap ID
 * @param maxManagedObjectSize larger objects are stored as huge objects
 * @param tableWidth doubling table width (power of two)
 * @param startBlockSize size of the first direct blocks (power of two)
 * @param maxDirectBlockSize largest direct block (power of two)
 * @param maxHeapBits log2 of the managed address space
 * @param startRootRows rows of a new root indirect block (0: as many as the heap can have)
 * @param checksumDirectBlocks whether direct blocks carry a checksum
 */
public record FractalHeapParams(int idLength, int maxManagedObjectSize, int tableWidth,
    int startBlockSize, int maxDirectBlockSize, int maxHeapBits, int startRootRows,
    boolean checksumDirectBlocks) {

  /** What libhdf5 1.10 writes for a group's dense links (the Link Info message's heap). */
  public static final FractalHeapParams DENSE_LINKS =
      new FractalHeapParams(7, 4096, 4, 512, 65536, 32, 1, true);

  /** What libhdf5 1.10 writes for an object's dense attributes (the Attribute Info message's heap). */
  public static final FractalHeapParams DENSE_ATTRIBUTES =
      new FractalHeapParams(8, 4096, 4, 1024, 65536, 40, 1, true);

  /** The doubling table these parameters describe. */
  public DoublingTable table() {
    return new DoublingTable(tableWidth, startBlockSize, maxDirectBlockSize, maxHeapBits);
  }
}
