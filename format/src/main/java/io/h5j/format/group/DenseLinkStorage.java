package io.h5j.format.group;

import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.btree.LinkCreationOrderRecord;
import io.h5j.format.btree.LinkNameRecord;
import io.h5j.format.heap.DenseStorageSpace;
import io.h5j.format.heap.FractalHeapParams;
import io.h5j.format.heap.FractalHeapWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.NameHash;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Writes dense link storage: a fractal heap of link messages and its v2 B-tree indexes. */
final class DenseLinkStorage {
  private DenseLinkStorage() {}

  static LinkInfoMessage write(H5Context ctx, LinkInfoMessage info, List<LinkMessage> links,
      long maxOrder) throws IOException {
    List<byte[]> bodies = new ArrayList<>();
    for (LinkMessage l : links) {
      bodies.add(l.toBytes(ctx.params()));
    }
    FractalHeapWriter.Result heap = FractalHeapWriter.write(ctx.access(), ctx.allocator(),
        FractalHeapParams.DENSE_LINKS, bodies);

    List<Integer> byName = new ArrayList<>();
    for (int i = 0; i < links.size(); i++) {
      byName.add(i);
    }
    byName.sort(Comparator.<Integer>comparingLong(i -> NameHash.of(links.get(i).name()))
        .thenComparing(i -> links.get(i).name(), SymbolTableWriter.NAME_ORDER));
    List<byte[]> nameRecords = new ArrayList<>();
    for (int i : byName) {
      nameRecords.add(new LinkNameRecord(NameHash.of(links.get(i).name()),
          heap.heapIds().get(i)).toBytes());
    }
    long nameIndex = BTreeV2Writer.write(ctx.access(), ctx.allocator(),
        BTreeV2Params.defaults(LinkNameRecord.TYPE, LinkNameRecord.SIZE), nameRecords);

    long orderIndex = FileParams.UNDEFINED;
    if (info.indexOrder()) {
      List<Integer> byOrder = new ArrayList<>(byName);
      byOrder.sort(Comparator.comparingLong(i -> links.get(i).creationOrder()));
      List<byte[]> orderRecords = new ArrayList<>();
      for (int i : byOrder) {
        orderRecords.add(new LinkCreationOrderRecord(links.get(i).creationOrder(),
            heap.heapIds().get(i)).toBytes());
      }
      orderIndex = BTreeV2Writer.write(ctx.access(), ctx.allocator(),
          BTreeV2Params.defaults(LinkCreationOrderRecord.TYPE, LinkCreationOrderRecord.SIZE),
          orderRecords);
    }
    return new LinkInfoMessage(info.trackOrder(), info.indexOrder(), maxOrder,
        heap.headerAddress(), nameIndex, orderIndex);
  }

  /**
   * Frees the heap and indexes of dense storage {@code info} describes. Call only after the
   * group's header has been rewritten to no longer point at them.
   */
  static void free(H5Context ctx, LinkInfoMessage info) throws IOException {
    if (info.isCompact()) {
      return;
    }
    DenseStorageSpace.free(ctx.access(), ctx.allocator(), info.heapAddress(),
        info.nameIndexAddress(), info.indexOrder() ? info.orderIndexAddress() : FileParams.UNDEFINED);
  }
}
