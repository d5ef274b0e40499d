package io.h5j;

import java.io.IOException;

/**
 * Malformed or unsupported HDF5 input. The message always names the structure being read
 * and its file offset, so that a user can find the damage with a hex editor.
 *
 * <pre>{@code
 * try (H5File f = H5File.open(path)) { ... }
 * catch (H5FormatException e) { System.err.println(e.getMessage()); }
 * }</pre>
 */
public class H5FormatException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String structure;
  private final long offset;
  private final String detail;

  /**
   * @param structure what was being decoded, e.g. "object header" or "v1 B-tree node"
   * @param offset the file offset of the structure or of the faulty field, -1 if unknown
   * @param detail what was expected and what was found
   */
  public H5FormatException(String structure, long offset, String detail) {
    super(describe(structure, offset, detail));
    this.structure = structure;
    this.offset = offset;
    this.detail = detail;
  }

  public H5FormatException(String structure, long offset, String detail, Throwable cause) {
    super(describe(structure, offset, detail), cause);
    this.structure = structure;
    this.offset = offset;
    this.detail = detail;
  }

  private static String describe(String structure, long offset, String detail) {
    return offset >= 0
        ? structure + " at offset " + offset + ": " + detail
        : structure + ": " + detail;
  }

  /** The structure being decoded when the problem was found. */
  public String structure() {
    return structure;
  }

  /** What was expected and what was found: the message without structure and offset. */
  public String detail() {
    return detail;
  }

  /** The file offset of the faulty structure or field, or -1 when it has none. */
  public long offset() {
    return offset;
  }
}
