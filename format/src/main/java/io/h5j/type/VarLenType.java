package io.h5j.type;

/**
 * Variable-length class 9: each element is stored as a length and a global heap ID; the
 * data itself lives in the file's global heap.
 *
 * @param size element size in bytes: 4 + size of offsets + 4 (16 in most files)
 * @param base element type of a sequence; for strings, the character type libhdf5 records
 *     (a 1-byte integer)
 * @param string true for a variable-length string, false for a sequence
 * @param padding padding of a string (NULLTERM for sequences)
 * @param charset character set of a string (ASCII for sequences)
 */
public record VarLenType(int size, Datatype base, boolean string, StringPadding padding,
    CharacterSet charset) implements Datatype {

  /**
   * Validates the fields.
   *
   * @param size element size in bytes: 4 + size of offsets + 4 (16 in most files)
   * @param base element type of a sequence; for strings, the character type libhdf5 records (a
   *     1-byte integer)
   * @param string true for a variable-length string, false for a sequence
   * @param padding padding of a string (NULLTERM for sequences)
   * @param charset character set of a string (ASCII for sequences)
   */
  public VarLenType {
    Check.that(size >= 1, () -> "variable-length size must be at least 1, got " + size);
    Check.notNull(base, "base");
    Check.notNull(padding, "padding");
    Check.notNull(charset, "charset");
    Check.that(string || (padding == StringPadding.NULLTERM && charset == CharacterSet.ASCII),
        "sequences have no padding or character set");
  }

  @Override
  public int classId() {
    return 9;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
