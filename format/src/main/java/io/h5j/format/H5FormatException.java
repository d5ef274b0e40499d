package io.h5j.format;

import java.io.IOException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Malformed, unsupported or too new HDF5 input. The message names the structure being read,
 * its file offset and, once the error has crossed the public API, the file, so that a user
 * can find the damage with a hex editor.
 *
 * <p>It lives in the format layer so that every structure can throw it; it is the one type
 * of {@code io.h5j.format} that is part of the public API.
 *
 * <pre>{@code
 * try (H5File f = H5File.open(path)) { ... }
 * catch (H5FormatException e) {
 *   if (e.kind() == H5FormatException.Kind.TOO_NEW) { ... }
 *   System.err.println(e.getMessage());
 * }
 * }</pre>
 */
public class H5FormatException extends IOException {
  private static final long serialVersionUID = 1L;

  /** Why the input cannot be read. */
  public enum Kind {
    /** The bytes contradict the format: damage, truncation or a writer's bug. */
    CORRUPT,
    /** A valid form of the format that h5j does not implement. */
    UNSUPPORTED,
    /** A structure version newer than any the format specification h5j follows defines. */
    TOO_NEW
  }

  /** Why the input cannot be read. */
  private final Kind kind;
  /** What was being decoded. */
  private final String structure;
  /** The file offset of the structure or faulty field, -1 if unknown. */
  private final long offset;
  /** What was expected and what was found. */
  private final String detail;
  /** The file read (not serialized: a path need not mean anything where it is read back). */
  private final transient @Nullable Path file;

  /**
   * A {@link Kind#CORRUPT} structure.
   *
   * @param structure what was being decoded, e.g. "object header" or "v1 B-tree node"
   * @param offset the file offset of the structure or of the faulty field, -1 if unknown
   * @param detail what was expected and what was found
   */
  public H5FormatException(String structure, long offset, String detail) {
    this(Kind.CORRUPT, structure, offset, detail, null, null);
  }

  /**
   * A {@link Kind#CORRUPT} structure, found through {@code cause}.
   *
   * @param structure what was being decoded
   * @param offset the file offset of the structure or of the faulty field, -1 if unknown
   * @param detail what was expected and what was found
   * @param cause the error that revealed the damage (e.g. a codec's)
   */
  public H5FormatException(String structure, long offset, String detail, Throwable cause) {
    this(Kind.CORRUPT, structure, offset, detail, null, cause);
  }

  /**
   * @param kind why the input cannot be read
   * @param structure what was being decoded
   * @param offset the file offset of the structure or of the faulty field, -1 if unknown
   * @param detail what was expected and what was found
   * @param file the file read, or null when not known where the error is raised
   * @param cause the underlying error, or null
   */
  public H5FormatException(Kind kind, String structure, long offset, String detail,
      @Nullable Path file, @Nullable Throwable cause) {
    super(describe(structure, offset, detail, file), cause);
    this.kind = kind;
    this.structure = structure;
    this.offset = offset;
    this.detail = detail;
    this.file = file;
  }

  /**
   * A form of the format that h5j does not implement.
   *
   * @param structure what was being decoded
   * @param offset the file offset of the structure or of the faulty field, -1 if unknown
   * @param detail what h5j found and does not implement
   * @return an exception of kind {@link Kind#UNSUPPORTED}
   */
  public static H5FormatException unsupported(String structure, long offset, String detail) {
    return new H5FormatException(Kind.UNSUPPORTED, structure, offset, detail, null, null);
  }

  /**
   * A structure version newer than h5j knows.
   *
   * @param structure what was being decoded
   * @param offset the file offset of the structure or of its version field, -1 if unknown
   * @param detail the version found and the newest h5j knows
   * @return an exception of kind {@link Kind#TOO_NEW}
   */
  public static H5FormatException tooNew(String structure, long offset, String detail) {
    return new H5FormatException(Kind.TOO_NEW, structure, offset, detail, null, null);
  }

  private static String describe(String structure, long offset, String detail,
      @Nullable Path file) {
    String where = offset >= 0 ? structure + " at offset " + offset : structure;
    return (file == null ? "" : file + ": ") + where + ": " + detail;
  }

  /**
   * This error as found in {@code file}; itself when it already names a file. The public API
   * calls it where an error leaves the engine, so that structures need not know their file.
   *
   * @param file the file being read; null leaves the error as it is
   * @return an exception like this one whose message and {@link #file()} name {@code file}
   */
  public H5FormatException inFile(@Nullable Path file) {
    if (this.file != null || file == null) {
      return this;
    }
    H5FormatException named = new H5FormatException(kind, structure, offset, detail, file,
        getCause());
    named.setStackTrace(getStackTrace());
    return named;
  }

  /**
   * Why the input cannot be read.
   *
   * @return the kind of problem
   */
  public Kind kind() {
    return kind;
  }

  /**
   * The structure being decoded when the problem was found.
   *
   * @return e.g. "object header" or "v1 B-tree node"
   */
  public String structure() {
    return structure;
  }

  /**
   * What was expected and what was found: the message without file, structure and offset.
   *
   * @return the detail given when the problem was found
   */
  public String detail() {
    return detail;
  }

  /**
   * The file offset of the faulty structure or field.
   *
   * @return a byte offset in the file, or -1 when the problem has none
   */
  public long offset() {
    return offset;
  }

  /**
   * The file read.
   *
   * @return the file, or null when the error has not yet crossed the public API
   */
  public @Nullable Path file() {
    return file;
  }
}
