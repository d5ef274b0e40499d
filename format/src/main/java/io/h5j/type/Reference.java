package io.h5j.type;

import org.jspecify.annotations.Nullable;

/**
 * One element of an HDF5 1.12+ ("revised") reference type, decoded: reads of a
 * {@link ReferenceType} of a revised kind give an array of these ({@code Reference[]}, null
 * for a null reference), and {@code H5File.dereference} gives the node one points to.
 *
 * <p>Unlike the old kinds, one dataset of the revised reference type may mix objects, regions
 * and attributes: the kind is stored in each element, not in the datatype.
 */
public interface Reference {
  /**
   * The kind of reference this element is.
   *
   * @return {@link ReferenceType.Kind#OBJECT2}, {@link ReferenceType.Kind#DATASET_REGION2} or
   *     {@link ReferenceType.Kind#ATTRIBUTE}
   */
  ReferenceType.Kind kind();

  /**
   * Where the object referred to is.
   *
   * @return the object header address of the object, in {@link #file()}
   */
  long address();

  /**
   * The file the object is in.
   *
   * @return the file's name as libhdf5 stored it, or null for the file holding the reference
   */
  @Nullable String file();

  /**
   * The rank of a region reference's dataspace.
   *
   * @return the rank, or 0 for the other kinds
   */
  int rank();

  /**
   * The attribute an attribute reference names.
   *
   * @return the attribute's name on the object, or null for the other kinds
   */
  @Nullable String attribute();

  /**
   * The same reference to an object at another address of the same file, as a copy of the
   * file that moves objects must write it (the region and attribute name are kept).
   *
   * @param newAddress the object header address of the object in its new place
   * @return a reference equal to this one but for its address
   */
  Reference relocated(long newAddress);

  /**
   * Whether the object is in another file (libhdf5's external flag).
   *
   * @return true when {@link #file()} names a file
   */
  default boolean external() {
    return file() != null;
  }
}
