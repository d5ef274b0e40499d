package io.h5j;

/**
 * How a virtual dataset's mappings are stored: the encoding of its mapping block.
 *
 * @see FileCopy.Builder#vdsEncoding(VdsEncoding)
 */
public enum VdsEncoding {
  /** Block version 0, with version 1 or 2 selections: what libhdf5 1.10 and later read. */
  V0,
  /**
   * Block version 1 (HDF5 2.0): repeated source file and dataset names stored once and
   * referred to by index. Only libhdf5 2.0 and later read it.
   */
  V1_COMPACT
}
