package io.h5j.format;

/**
 * One problem a check found in a file: the object it belongs to, the structure that is
 * damaged, where that structure (or the faulty field) lies, and what is wrong.
 *
 * @param path the object's path from the root ("/a/b"), or a description where the object
 *     has none (the superblock, an object reached only by a reference)
 * @param structure what was being checked, e.g. "object header" or "fixed array data block"
 * @param offset the file offset of the structure or of the faulty field, -1 if unknown
 * @param detail what was expected and what was found
 */
public record Problem(String path, String structure, long offset, String detail) {
  @Override
  public String toString() {
    return path + ": " + structure + (offset >= 0 ? " at offset " + offset : "") + ": "
        + detail;
  }
}
