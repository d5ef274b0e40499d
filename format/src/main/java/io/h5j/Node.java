package io.h5j;

import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.ObjectRef;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * An object in an HDF5 file reached through a path: a {@link Group}, a {@link Dataset} or a
 * {@link NamedDatatype}. Every node has attributes.
 */
public abstract sealed class Node permits Group, Dataset, NamedDatatype {
  final H5File file;
  final String path;
  /** Where the object's header is: an atomic flush may move it (see {@link ObjectRef}). */
  private final ObjectRef ref;

  Node(H5File file, String path, long address) {
    this.file = file;
    this.path = path;
    assert EngineCalls.inCall(file) : "a node made outside EngineCalls: " + path;
    this.ref = file.context().ref(address);
  }

  /**
   * The file this node was reached from (for external links, the linked file).
   *
   * @return the open file this node reads from
   */
  public H5File file() {
    return file;
  }

  /**
   * Absolute path by which this node was reached, e.g. {@code "/a/b"}.
   *
   * @return a path starting with {@code /}
   */
  public String path() {
    return path;
  }

  /**
   * Last component of the path ({@code "/"} for the root group).
   *
   * @return the name, without any {@code /}, except for the root
   */
  public String name() {
    int i = path.lastIndexOf('/');
    return path.equals("/") ? "/" : path.substring(i + 1);
  }

  /**
   * The object header address: two paths to one object give the same address. In a file
   * whose flushes are atomic ({@link H5File#atomicFlushes}) a flush that changed the object
   * moves its header, and this address with it.
   *
   * @return the address in bytes from the start of the file's superblock
   */
  public long address() {
    return ref.address();
  }

  /**
   * The attributes of this object, as a map-like view that reads and writes the file.
   *
   * @return the attributes view; it reads the file on each call of its methods
   */
  public Attributes attributes() {
    return new Attributes(this);
  }

  ObjectHeader header() throws IOException {
    return EngineCalls.call(file, () -> file.context().header(address()));
  }

  /** The body of the first message of {@code type}, shared references resolved; or null. */
  io.h5j.format.io.@Nullable ByteReader message(int type) throws IOException {
    return EngineCalls.call(file, () -> io.h5j.format.dataset.HeaderMessages.first(
        file.context(), address(), type));
  }

  /** Where the header is now, shared by every handle of the object. */
  ObjectRef ref() {
    return ref;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(" + path + ")";
  }
}
