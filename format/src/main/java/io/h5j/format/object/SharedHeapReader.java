package io.h5j.format.object;

import io.h5j.H5FormatException;
import java.io.IOException;

/** Reads one object of a shared message index's fractal heap. */
final class SharedHeapReader {
  private SharedHeapReader() {}

  static byte[] read(H5Context ctx, long heapAddress, byte[] heapId) throws IOException {
    throw new H5FormatException("shared message heap", heapAddress,
        "messages in the shared message heap are not readable yet");
  }
}
