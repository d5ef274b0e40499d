package io.h5j.format.io;

/**
 * The superblock's sizing facts every structure decoder needs.
 *
 * @param offsetSize bytes in an address ("size of offsets"): 2, 4, 8 or 16
 * @param lengthSize bytes in a length ("size of lengths")
 * @param baseAddress absolute file position that relative addresses count from
 */
public record FileParams(int offsetSize, int lengthSize, long baseAddress) {
  /** The all-ones address meaning "undefined". */
  public static final long UNDEFINED = -1L;

  /** What h5j writes: 8-byte offsets and lengths, no user block. */
  public static final FileParams DEFAULT = new FileParams(8, 8, 0);

  public FileParams {
    if (!validSize(offsetSize) || !validSize(lengthSize)) {
      throw new IllegalArgumentException(
          "offset and length sizes must be 2, 4 or 8 bytes, got " + offsetSize + "/" + lengthSize);
    }
  }

  public static boolean validSize(int n) {
    return n == 2 || n == 4 || n == 8;
  }

  public static boolean isDefined(long address) {
    return address != UNDEFINED;
  }
}
