package io.h5j.format.copy;

import io.h5j.format.message.LayoutMessage;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The input's datasets as element values, for the datasets a copy stores differently: read
 * through the dataset API, which the copy engine, a layer below it, cannot name.
 */
public interface ElementSource {
  /** The dataset at {@code path} of the input. */
  Elements dataset(String path) throws IOException;

  /** One dataset's elements. */
  interface Elements {
    /** Its path, for messages. */
    String path();

    /** Its object header's address in the input, for messages. */
    long address();

    /** Its layout message as stored in the input. */
    LayoutMessage layout() throws IOException;

    /** Its fill value in the file's datatype, null when it has none. */
    byte[] fillValueBytes() throws IOException;

    /** Reads the box at {@code start} of {@code count} elements into {@code into} (C order). */
    void read(long[] start, long[] count, ByteBuffer into) throws IOException;
  }
}
