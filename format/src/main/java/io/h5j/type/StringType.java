package io.h5j.type;

/**
 * Fixed-length string class 3.
 *
 * @param size bytes per string, at least 1
 * @param padding how shorter strings are filled
 * @param charset character set
 */
public record StringType(int size, StringPadding padding, CharacterSet charset)
    implements Datatype {
  /**
   * Validates the fields.
   *
   * @param size bytes per string, at least 1
   * @param padding how shorter strings are filled
   * @param charset character set
   */
  public StringType {
    Check.that(size >= 1, () -> "string size must be at least 1, got " + size);
    Check.notNull(padding, "padding");
    Check.notNull(charset, "charset");
  }

  @Override
  public int classId() {
    return 3;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
