package io.h5j.format.superblock;

import io.h5j.format.io.FileParams;

/**
 * A decoded superblock, any version. For versions 0 and 1 the root group is given by its
 * symbol table entry, whose scratch pad may cache the root's B-tree and local heap addresses.
 *
 * @param location absolute file position of the signature (0, 512, 1024, ... with a user block)
 * @param endOfFileAddress the end-of-allocated-space address (relative to the base address)
 * @param extensionAddress superblock extension object header, or undefined (v2+ only)
 * @param rootCachedBtree root symbol table entry's cached B-tree address, undefined if none
 * @param rootCachedHeap root symbol table entry's cached local heap address, undefined if none
 */
public record Superblock(long location, int version, FileParams params, int groupLeafK,
    int groupInternalK, int chunkInternalK, int consistencyFlags, long freeSpaceAddress,
    long endOfFileAddress, long driverInfoAddress, long extensionAddress, long rootAddress,
    long rootCachedBtree, long rootCachedHeap) {

  public static final int DEFAULT_GROUP_LEAF_K = 4;
  public static final int DEFAULT_GROUP_INTERNAL_K = 16;
  public static final int DEFAULT_CHUNK_INTERNAL_K = 32;

  /** A copy with a new end-of-file address. */
  public Superblock withEndOfFile(long eof) {
    return new Superblock(location, version, params, groupLeafK, groupInternalK, chunkInternalK,
        consistencyFlags, freeSpaceAddress, eof, driverInfoAddress, extensionAddress, rootAddress,
        rootCachedBtree, rootCachedHeap);
  }

  /** A copy whose root group's object header is at {@code address} (v2/v3 files). */
  public Superblock withRootAddress(long address) {
    return new Superblock(location, version, params, groupLeafK, groupInternalK, chunkInternalK,
        consistencyFlags, freeSpaceAddress, endOfFileAddress, driverInfoAddress, extensionAddress,
        address, rootCachedBtree, rootCachedHeap);
  }

  /** A copy whose root entry caches new symbol table addresses (v0/v1 only). */
  public Superblock withRootCache(long btree, long heap) {
    return new Superblock(location, version, params, groupLeafK, groupInternalK, chunkInternalK,
        consistencyFlags, freeSpaceAddress, endOfFileAddress, driverInfoAddress, extensionAddress,
        rootAddress, btree, heap);
  }
}
