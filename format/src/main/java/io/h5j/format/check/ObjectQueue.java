package io.h5j.format.check;

/** Where a check hands the objects it finds (by link or reference) to be checked in turn. */
interface ObjectQueue {
  /** Queues the object header at {@code address}, reached as {@code path}, unless seen. */
  void reach(long address, String path);
}
