package io.h5j.type;

import org.jspecify.annotations.Nullable;

/**
 * Reference class 7.
 *
 * @param kind what is referenced; the revised kinds need datatype message version 4
 * @param size element size in bytes: size of offsets for {@link Kind#OBJECT}, size of
 *     offsets + 4 for {@link Kind#DATASET_REGION}
 */
public record ReferenceType(Kind kind, int size) implements Datatype {

  /** Reference kinds, numbered as in the bit field. */
  public enum Kind {
    /** H5R_OBJECT1: the address of an object header. */
    OBJECT(0),
    /** H5R_DATASET_REGION1: a global heap ID of a serialized selection. */
    DATASET_REGION(1),
    /** H5R_OBJECT2 (revised, possibly to another file). */
    OBJECT2(2),
    /** H5R_DATASET_REGION2 (revised). */
    DATASET_REGION2(3),
    /** H5R_ATTR (revised). */
    ATTRIBUTE(4);

    /** The value of bits 0-3 of the bit field. */
    public final int code;

    Kind(int code) {
      this.code = code;
    }

    /**
     * True for the kinds introduced with datatype message version 4.
     *
     * @return whether this kind needs datatype message version 4
     */
    public boolean revised() {
      return code >= 2;
    }

    /**
     * The kind for a bit-field code, or null.
     *
     * @param code the value of bits 0-3 of the bit field
     * @return the kind, or null when no kind has that code
     */
    public static @Nullable Kind ofCode(int code) {
      for (Kind k : values()) {
        if (k.code == code) {
          return k;
        }
      }
      return null;
    }
  }

  /**
   * Validates the fields.
   *
   * @param kind what is referenced; the revised kinds need datatype message version 4
   * @param size element size in bytes: size of offsets for {@link Kind#OBJECT}, size of offsets + 4
   *     for {@link Kind#DATASET_REGION}
   */
  public ReferenceType {
    Check.notNull(kind, "kind");
    Check.that(size >= 1, () -> "reference size must be at least 1, got " + size);
  }

  @Override
  public int classId() {
    return 7;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
