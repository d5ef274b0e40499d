package io.h5j.format.heap;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import java.io.IOException;

/**
 * The fractal heap header ("FRHP", version 0), field for field. Decoding checks only the
 * signature, version and checksum; {@link FractalHeap} checks the values.
 *
 * @param idLength bytes in this heap's object IDs
 * @param filterInfoLength bytes of the encoded I/O filter pipeline, 0 if unfiltered
 * @param flags bit 0: huge IDs wrapped; bit 1: direct blocks are checksummed
 * @param filteredRootSize size on disk of a filtered root direct block (filtered heaps only)
 * @param rootFilterMask filter mask of a filtered root direct block (filtered heaps only)
 * @param filterInfo the encoded filter pipeline message, empty if unfiltered
 */
public record FractalHeapHeader(int idLength, int filterInfoLength, int flags,
    long maxManagedObjectSize, long nextHugeId, long hugeBTreeAddress, long freeSpace,
    long freeSpaceManagerAddress, long managedSpace, long allocatedManagedSpace,
    long directBlockIterator, long managedObjects, long hugeSize, long hugeObjects,
    long tinySize, long tinyObjects, int tableWidth, long startBlockSize,
    long maxDirectBlockSize, int maxHeapBits, int startRootRows, long rootAddress,
    int currentRootRows, long filteredRootSize, long rootFilterMask, byte[] filterInfo) {
  /** Structure name used in error messages. */
  public static final String STRUCTURE = "fractal heap header";
  /** Flag bit: the huge object ID counter has wrapped around. */
  public static final int FLAG_HUGE_IDS_WRAPPED = 1;
  /** Flag bit: direct blocks carry a checksum. */
  public static final int FLAG_CHECKSUM_DIRECT_BLOCKS = 2;

  /** Bytes of a header whose filter information is {@code filterInfoLength} bytes. */
  public static int encodedSize(FileParams p, int filterInfoLength) {
    int o = p.offsetSize();
    int l = p.lengthSize();
    int size = 4 + 1 + 2 + 2 + 1 + 4 + l + o + l + o + 3 * l + l + 4 * l + 2 + l + l + 2 + 2 + o + 2 + 4;
    return filterInfoLength > 0 ? size + l + 4 + filterInfoLength : size;
  }

  /** Offset of the "I/O Filters' Encoded Length" field from the start of the header. */
  static final int FILTER_LENGTH_FIELD = 4 + 1 + 2;

  public boolean checksummedDirectBlocks() {
    return (flags & FLAG_CHECKSUM_DIRECT_BLOCKS) != 0;
  }

  public boolean filtered() {
    return filterInfoLength > 0;
  }

  /** Decodes a whole header, checksum included. */
  public static FractalHeapHeader decode(ByteReader r) throws IOException {
    r.signature("FRHP");
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    int idLength = r.u16();
    int filterLength = r.u16();
    int flags = r.u8();
    long maxManaged = r.u32();
    long nextHugeId = r.length();
    long hugeBt = r.offset();
    long free = r.length();
    long fsm = r.offset();
    long managed = r.length();
    long allocated = r.length();
    long iterator = r.length();
    long managedObjects = r.length();
    long hugeSize = r.length();
    long hugeObjects = r.length();
    long tinySize = r.length();
    long tinyObjects = r.length();
    int width = r.u16();
    long start = r.length();
    long maxDirect = r.length();
    int maxHeapBits = r.u16();
    int startRootRows = r.u16();
    long root = r.offset();
    int rootRows = r.u16();
    long filteredRootSize = 0;
    long rootMask = 0;
    byte[] filterInfo = new byte[0];
    if (filterLength > 0) {
      filteredRootSize = r.length();
      rootMask = r.u32();
      filterInfo = r.bytes(filterLength);
    }
    r.checksum(0);
    return new FractalHeapHeader(idLength, filterLength, flags, maxManaged, nextHugeId, hugeBt,
        free, fsm, managed, allocated, iterator, managedObjects, hugeSize, hugeObjects, tinySize,
        tinyObjects, width, start, maxDirect, maxHeapBits, startRootRows, root, rootRows,
        filteredRootSize, rootMask, filterInfo);
  }

  /** Encodes the header, checksum included. */
  public void encode(ByteWriter w) {
    int from = w.position();
    w.ascii("FRHP").u8(0).u16(idLength).u16(filterInfoLength).u8(flags).u32(maxManagedObjectSize)
        .length(nextHugeId).offset(hugeBTreeAddress).length(freeSpace)
        .offset(freeSpaceManagerAddress).length(managedSpace).length(allocatedManagedSpace)
        .length(directBlockIterator).length(managedObjects).length(hugeSize).length(hugeObjects)
        .length(tinySize).length(tinyObjects).u16(tableWidth).length(startBlockSize)
        .length(maxDirectBlockSize).u16(maxHeapBits).u16(startRootRows).offset(rootAddress)
        .u16(currentRootRows);
    if (filterInfoLength > 0) {
      w.length(filteredRootSize).u32(rootFilterMask).bytes(filterInfo);
    }
    w.checksum(from);
  }
}
