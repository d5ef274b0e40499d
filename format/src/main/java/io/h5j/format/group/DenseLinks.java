package io.h5j.format.group;

import io.h5j.format.H5FormatException;
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

  /** Sorts by name bytes as libhdf5 does, encoding each name once rather than per compare. */
  private static void sortByName(List<LinkMessage> links) {
    byte[][] keys = new byte[links.size()][];
    Integer[] order = new Integer[links.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = links.get(i).name().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> java.util.Arrays.compareUnsigned(keys[a], keys[b]));
    List<LinkMessage> sorted = new ArrayList<>(links.size());
    for (int i : order) {
      sorted.add(links.get(i));
    }
    links.clear();
    links.addAll(sorted);
  }

  /** All links, in name order. */
  static List<LinkMessage> read(H5Context ctx, LinkInfoMessage info, long owner)
      throws IOException {
    FractalHeap heap = FractalHeap.open(ctx.access(), info.heapAddress());
    BTreeV2 names = BTreeV2.open(ctx.access(), info.nameIndexAddress());
    if (names.type() != LinkNameRecord.TYPE) {
      throw new H5FormatException("dense link name index", info.nameIndexAddress(),
          "B-tree type " + names.type() + " is not " + LinkNameRecord.TYPE);
    }
    List<byte[]> ids = new ArrayList<>();
    names.forEach(record -> ids.add(LinkNameRecord.decode(record).heapId()));
    String where = "link message in the dense storage of the group at " + owner;
    List<LinkMessage> out = new ArrayList<>(ids.size());
    for (byte[] body : heap.readAll(ids)) {
      out.add(LinkMessage.decode(new ByteReader(body, info.heapAddress(), where, ctx.params())));
    }
    sortByName(out);
    return out;
  }
}
