package io.h5j.format.heap;

/**
 * Where a global heap object lives: the address of its collection and its index there.
 *
 * @param collectionAddress HDF5 address of the "GCOL" collection
 * @param index object index inside the collection, 1..65535 (0 is the free space)
 */
public record GlobalHeapId(long collectionAddress, int index) {
  /** The ID of an absent object (variable-length elements of length 0 carry it). */
  public static final GlobalHeapId NONE = new GlobalHeapId(0, 0);
}
