package io.h5j.type;

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
   * {@link ReferenceType.Kind#OBJECT2}, {@link ReferenceType.Kind#DATASET_REGION2} or
   * {@link ReferenceType.Kind#ATTRIBUTE}.
   */
  ReferenceType.Kind kind();

  /** The object header address of the object referred to, in {@link #file()}. */
  long address();

  /** The name of the file the object is in, as libhdf5 stored it, or null for this file. */
  String file();

  /** The rank of a region reference's dataspace, or 0 for other kinds. */
  int rank();

  /** The name of the attribute of the object for an attribute reference, else null. */
  String attribute();

  /** Whether the object is in another file (libhdf5's external flag). */
  default boolean external() {
    return file() != null;
  }
}
