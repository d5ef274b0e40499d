package io.h5j.type;

/**
 * Opaque class 5: uninterpreted bytes with a descriptive tag.
 *
 * @param size element size in bytes, at least 1
 * @param tag printable ASCII description, at most 248 characters (may be empty)
 */
public record OpaqueType(int size, String tag) implements Datatype {
  /** Longest tag that fits the 8-bit, 8-byte-padded tag length field. */
  public static final int MAX_TAG = 248;

  /**
   * Validates the fields.
   *
   * @param size element size in bytes, at least 1
   * @param tag printable ASCII description, at most 248 characters (may be empty)
   */
  public OpaqueType {
    Check.that(size >= 1, () -> "opaque size must be at least 1, got " + size);
    Check.that(Check.notNull(tag, "tag").length() <= MAX_TAG,
        "opaque tag longer than " + MAX_TAG + " characters");
    for (int i = 0; i < tag.length(); i++) {
      char c = tag.charAt(i);
      Check.that(c >= 1 && c < 0x80, "opaque tag must be ASCII without NUL");
    }
  }

  @Override
  public int classId() {
    return 5;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
