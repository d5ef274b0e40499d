package io.h5j.raw;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The stored mapping block of a virtual dataset (the global heap object its layout message
 * points to), as {@code Dataset.virtualMappings()} gives it: its bytes, to copy byte for byte
 * into another dataset, and its mappings, decoded one at a time when asked (a block may hold
 * millions), without opening a source or reading data.
 */
public interface VirtualMappings {

  /**
   * The file address of the block (of its global heap object).
   *
   * @return the address in bytes from the start of the superblock
   */
  long address();

  /**
   * The block's encoding version: 0 (libhdf5 1.10+) or 1 (HDF5 2.0's compact encoding).
   *
   * @return 0 or 1
   */
  int version();

  /**
   * The stored bytes of the block, checksum included (a copy).
   *
   * @return a new array each call
   */
  byte[] bytes();

  /**
   * The stored size of the block in bytes.
   *
   * @return the size in bytes, checksum included
   */
  int size();

  /**
   * The number of mappings.
   *
   * @return the count, 0 or more
   */
  int count();

  /**
   * Whether every mapping maps one box to one box of the same shape and rank, so that every
   * {@link #mapping(int)} has both boxes.
   *
   * @return true when every mapping is box to box
   */
  boolean allBoxes();

  /**
   * Mapping {@code i}, {@code 0 <= i < count()}.
   *
   * @param i the mapping's index in stored order
   * @return the mapping, decoded
   * @throws IOException if the mapping's stored bytes are damaged (an
   *     {@code io.h5j.format.H5FormatException} naming the block)
   * @throws IndexOutOfBoundsException if {@code i} is out of range
   */
  VirtualMapping mapping(int i) throws IOException;

  /**
   * The region of the virtual dataset that mapping {@code i} fills, as stored.
   *
   * @param i the mapping's index in stored order, {@code 0 <= i < count()}
   * @return the selection, decoded
   * @throws IOException if the mapping's stored bytes are damaged (an
   *     {@code io.h5j.format.H5FormatException} naming the block)
   * @throws IndexOutOfBoundsException if {@code i} is out of range
   */
  StoredSelection virtualSelection(int i) throws IOException;

  /**
   * The region of the source dataset that mapping {@code i} reads, as stored.
   *
   * @param i the mapping's index in stored order, {@code 0 <= i < count()}
   * @return the selection, decoded
   * @throws IOException if the mapping's stored bytes are damaged (an
   *     {@code io.h5j.format.H5FormatException} naming the block)
   * @throws IndexOutOfBoundsException if {@code i} is out of range
   */
  StoredSelection sourceSelection(int i) throws IOException;

  /**
   * Every mapping, in stored order (decodes them all; large blocks: see {@link #mapping}).
   *
   * @return a new list of {@link #count()} mappings
   * @throws IOException if a mapping's stored bytes are damaged (an
   *     {@code io.h5j.format.H5FormatException} naming the block)
   */
  default List<VirtualMapping> mappings() throws IOException {
    List<VirtualMapping> all = new ArrayList<>(count());
    for (int i = 0; i < count(); i++) {
      all.add(mapping(i));
    }
    return all;
  }
}
