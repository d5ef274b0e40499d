package io.h5j.format.datatype;

import io.h5j.format.select.EncodedSelection;
import io.h5j.type.Reference;
import io.h5j.type.ReferenceType;

/**
 * One HDF5 1.12+ ("revised") reference element, decoded: what {@link DataConverter} returns for
 * elements of a {@link ReferenceType} of a revised kind, and users see as {@link Reference}
 * (this record adds the region's selection). A null reference is Java's null.
 *
 * <p>Unlike the old kinds, one dataset of the revised reference type may mix objects, regions
 * and attributes: the kind is stored in each element, not in the datatype.
 *
 * @param kind {@link ReferenceType.Kind#OBJECT2}, {@link ReferenceType.Kind#DATASET_REGION2}
 *     or {@link ReferenceType.Kind#ATTRIBUTE}
 * @param address the object header address of the object referred to (in {@code file})
 * @param file the name of the file the object is in, as libhdf5 stored it, or null for this file
 * @param rank the rank of the region's dataspace, or 0 for other kinds
 * @param region the selected region of a dataset, or null for other kinds
 * @param attribute the name of the attribute of the object, or null for other kinds
 */
public record RevisedReference(ReferenceType.Kind kind, long address, String file, int rank,
    EncodedSelection region, String attribute) implements Reference {

  /** Validates that the parts fit the kind. */
  public RevisedReference {
    require(kind != null, "kind must not be null");
    require(kind.revised(), kind + " is not a revised reference kind");
    require((region != null) == (kind == ReferenceType.Kind.DATASET_REGION2),
        "a region goes with, and only with, " + ReferenceType.Kind.DATASET_REGION2);
    require((attribute != null) == (kind == ReferenceType.Kind.ATTRIBUTE),
        "an attribute name goes with, and only with, " + ReferenceType.Kind.ATTRIBUTE);
  }

  private static void require(boolean ok, String what) {
    if (!ok) {
      throw new IllegalArgumentException(what);
    }
  }

  /** A reference to the object at {@code address} of this file. */
  public static RevisedReference object(long address) {
    return new RevisedReference(ReferenceType.Kind.OBJECT2, address, null, 0, null, null);
  }

  /** A reference to {@code region} (of a dataspace of {@code rank}) of the dataset at {@code address}. */
  public static RevisedReference region(long address, int rank, EncodedSelection region) {
    return new RevisedReference(ReferenceType.Kind.DATASET_REGION2, address, null, rank, region,
        null);
  }

  /** A reference to the attribute {@code name} of the object at {@code address}. */
  public static RevisedReference attribute(long address, String name) {
    return new RevisedReference(ReferenceType.Kind.ATTRIBUTE, address, null, 0, null, name);
  }

  @Override
  public RevisedReference relocated(long newAddress) {
    return new RevisedReference(kind, newAddress, file, rank, region, attribute);
  }
}
