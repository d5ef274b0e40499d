package io.h5j.format.heap;

import java.io.IOException;

/** Stores variable-length data (as global heap objects) while raw elements are encoded. */
@FunctionalInterface
public interface VlenSink {
  /** Stores {@code data} and returns the collection address and object index it got. */
  GlobalHeapId write(byte[] data) throws IOException;
}
