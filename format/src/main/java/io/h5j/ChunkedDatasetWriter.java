package io.h5j;

import io.h5j.format.message.Dataspace;
import java.io.IOException;

/** Creates chunked datasets: chunks first, then their index, then the header. */
final class ChunkedDatasetWriter {
  private ChunkedDatasetWriter() {}

  static long create(H5File file, DatasetSpec spec, Dataspace space, byte[] fill)
      throws IOException {
    throw new UnsupportedOperationException("writing chunked datasets arrives with the chunk"
        + " index writers (issue 3); use Layout.CONTIGUOUS for now");
  }
}
