package io.h5j.format.check;

/**
 * Where structures may lie: below the end of allocation the superblock records and the end
 * of the file. libhdf5 refuses to read past the end of allocation ("address of object past
 * end of allocation") even where the file goes on.
 */
final class FileBounds {
  private final long endOfAllocation;
  private final long fileSize;
  private final ProblemLog log;
  private final SpaceTally tally;

  /** Addresses and sizes relative to the base address, as the structures hold them. */
  FileBounds(long endOfAllocation, long fileSize, ProblemLog log) {
    this(endOfAllocation, fileSize, log, SpaceTally.NONE);
  }

  /** As above, telling {@code tally} of every range that lies inside both bounds. */
  FileBounds(long endOfAllocation, long fileSize, ProblemLog log, SpaceTally tally) {
    this.endOfAllocation = endOfAllocation;
    this.fileSize = fileSize;
    this.log = log;
    this.tally = tally;
  }

  /**
   * Whether {@code length} bytes from {@code address} lie inside both bounds; if not, logs a
   * problem of {@code structure} and returns false.
   */
  boolean check(String path, String structure, long address, long length) {
    if (address < 0 || length < 0) {
      log.add(path, structure, address, "impossible range of " + length + " bytes from "
          + address);
      return false;
    }
    long end = address + length;
    if (end < address || end > endOfAllocation) {
      log.add(path, structure, address, length + " bytes from " + address
          + " pass the end of allocation (" + endOfAllocation + ")");
      return false;
    }
    if (end > fileSize) {
      log.add(path, structure, address, length + " bytes from " + address
          + " pass the end of the file (" + fileSize + " bytes)");
      return false;
    }
    tally.claim(path, structure, address, length);
    return true;
  }

  /**
   * Whether {@code length} bytes from {@code address} lie inside both bounds (logs nothing;
   * a range that fits is told to the tally as {@code structure} of {@code path}).
   */
  boolean fits(String path, String structure, long address, long length) {
    long end = address + length;
    boolean fits = address >= 0 && length >= 0 && end >= address && end <= endOfAllocation
        && end <= fileSize;
    if (fits) {
      tally.claim(path, structure, address, length);
    }
    return fits;
  }

  /**
   * Tells the tally of {@code length} bytes of {@code structure} inside a range already
   * claimed (address -1): a header message inside its header chunk.
   */
  void note(String path, String structure, long length) {
    tally.claim(path, structure, -1, length);
  }

  /** Whether {@code address} could start a structure at all (inside both bounds). */
  boolean contains(long address) {
    return address >= 0 && address < Math.min(endOfAllocation, fileSize);
  }
}
