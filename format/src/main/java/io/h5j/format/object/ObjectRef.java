package io.h5j.format.object;

/**
 * Where an object's header is now. An atomic flush writes a changed header to new space (and
 * its parents' links with it), so a handle of the object keeps one of these, shared by every
 * handle of the object in the file, instead of a fixed address.
 */
public final class ObjectRef {
  private volatile long address;

  ObjectRef(long address) {
    this.address = address;
  }

  /** A reference that never moves: for files nothing rewrites. */
  public static ObjectRef fixed(long address) {
    return new ObjectRef(address);
  }

  public long address() {
    return address;
  }

  void moveTo(long newAddress) {
    this.address = newAddress;
  }

  @Override
  public String toString() {
    return "object at " + address;
  }
}
