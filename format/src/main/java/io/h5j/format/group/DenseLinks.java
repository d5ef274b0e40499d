package io.h5j.format.group;

import io.h5j.H5FormatException;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.LinkNameRecord;
import io.h5j.format.heap.FractalHeap;
import io.h5j.format.io.ByteReader;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.object.H5Context;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Links stored densely: link messages in a fractal heap, indexed by a v2 B-tree of names. */
final class DenseLinks {
  private DenseLinks() {}

  /** All links, in name order. */
  static List<LinkMessage> read(H5Context ctx, LinkInfoMessage info, long owner)
      throws IOException {
    FractalHeap heap = FractalHeap.open(ctx.access(), info.heapAddress());
    BTreeV2 names = BTreeV2.open(ctx.access(), info.nameIndexAddress());
    if (names.type() != LinkNameRecord.TYPE) {
      throw new H5FormatException("dense link name index", info.nameIndexAddress(),
          "B-tree type " + names.type() + " is not " + LinkNameRecord.TYPE);
    }
    List<LinkMessage> out = new ArrayList<>();
    names.forEach(record -> {
      LinkNameRecord rec = LinkNameRecord.decode(record);
      byte[] body = heap.read(rec.heapId());
      out.add(LinkMessage.decode(new ByteReader(body, info.heapAddress(),
          "link message in the dense storage of the group at " + owner, ctx.params())));
    });
    out.sort((a, b) -> SymbolTableWriter.NAME_ORDER.compare(a.name(), b.name()));
    return out;
  }
}
