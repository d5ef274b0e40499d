package io.h5j.format.group;

import io.h5j.H5FormatException;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.object.H5Context;
import java.io.IOException;
import java.util.List;

/** Links stored densely: link messages in a fractal heap, indexed by a v2 B-tree of names. */
final class DenseLinks {
  private DenseLinks() {}

  static List<LinkMessage> read(H5Context ctx, LinkInfoMessage info, long owner)
      throws IOException {
    throw new H5FormatException("dense link storage", info.heapAddress(),
        "dense groups are not readable yet");
  }
}
