package io.h5j.format.heap;

import java.io.IOException;

/** Reads variable-length data (global heap objects) referenced from raw element bytes. */
@FunctionalInterface
public interface VlenSource {
  /**
   * The bytes of object {@code objectIndex} of the collection at {@code collectionAddress}.
   *
   * @throws io.h5j.format.H5FormatException when the collection or object is missing or corrupt
   */
  byte[] read(long collectionAddress, int objectIndex) throws IOException;
}
