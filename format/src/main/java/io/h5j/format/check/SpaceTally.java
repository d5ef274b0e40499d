package io.h5j.format.check;

/**
 * Told of every byte range a check finds a structure in, so that a caller can account for a
 * file's space by kind of structure (and find what nothing reachable uses). Ranges may nest
 * (a global heap object inside its collection) and repeat (a collection holding several
 * objects is named once per object looked up).
 */
@FunctionalInterface
interface SpaceTally {
  SpaceTally NONE = (path, structure, address, length) -> { };

  /**
   * @param path the object the structure belongs to
   * @param structure what lies there, as problems name it ("object header chunk", "chunk [0, 0]")
   */
  void claim(String path, String structure, long address, long length);
}
