package io.h5j.format.group;

import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.object.H5Context;
import java.io.IOException;
import java.util.List;

/** Writes dense link storage: a fractal heap of link messages and its v2 B-tree indexes. */
final class DenseLinkStorage {
  private DenseLinkStorage() {}

  static LinkInfoMessage write(H5Context ctx, LinkInfoMessage info, List<LinkMessage> links,
      long maxOrder) throws IOException {
    throw new UnsupportedOperationException("dense link storage (more than "
        + "the group's compact limit of links) is not writable yet");
  }

  static void free(H5Context ctx, LinkInfoMessage info) {
    // the old heap and B-trees become garbage; reclaimed when dense writing lands
  }
}
