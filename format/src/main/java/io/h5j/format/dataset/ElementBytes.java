package io.h5j.format.dataset;

import io.h5j.format.H5FormatException;
/**
 * Byte counts of a dataset's elements, checked. The elements counted always lie inside the
 * dataspace (a whole dataspace or a selection of it), so a count past 2^63 bytes means the
 * file declares a dataset larger than any storage: a format error naming the dataset, never
 * an ArithmeticException nor a product wrapped around. One Java array holds far less: a
 * selection beyond it is too large a request, not a damaged file.
 */
final class ElementBytes {
  private ElementBytes() {}

  /**
   * The bytes of {@code elements} elements of {@code size} bytes of the {@code kind} (e.g.
   * "dataset", "virtual dataset") at {@code path}, whose header is at {@code address}. Kind
   * and path are joined only for an error: reads call this every time.
   *
   * @throws H5FormatException if they exceed 2^63 bytes
   */
  static long of(long elements, int size, String kind, String path, long address)
      throws H5FormatException {
    if (size > 0 && elements > Long.MAX_VALUE / size) {
      throw new H5FormatException(kind + " " + path, address, elements + " elements of " + size
          + " bytes exceed 2^63 bytes: the dataspace is larger than any file");
    }
    return elements * size;
  }

  /**
   * {@link #of} as the length of one Java array.
   *
   * @throws UnsupportedOperationException if one Java array cannot hold them
   */
  static int ofArray(long elements, int size, String kind, String path, long address)
      throws H5FormatException {
    long bytes = of(elements, size, kind, path, address);
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new UnsupportedOperationException("the selection of " + kind + " " + path
          + " holds " + bytes + " bytes, more than one Java array; select less");
    }
    return (int) bytes;
  }
}
