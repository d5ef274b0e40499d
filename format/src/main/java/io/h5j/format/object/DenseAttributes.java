package io.h5j.format.object;

import io.h5j.H5FormatException;
import io.h5j.format.btree.AttributeCreationOrderRecord;
import io.h5j.format.btree.AttributeNameRecord;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.heap.DenseStorageSpace;
import io.h5j.format.heap.FractalHeap;
import io.h5j.format.heap.FractalHeapParams;
import io.h5j.format.heap.FractalHeapWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.AttributeInfoMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Attributes stored densely: attribute messages in a fractal heap, indexed by name. */
public final class DenseAttributes {
  private DenseAttributes() {}

  /** The attribute message bodies, in name-index order. */
  public static List<byte[]> read(H5Context ctx, AttributeInfoMessage info, long owner)
      throws IOException {
    FractalHeap heap = FractalHeap.open(ctx.access(), info.heapAddress());
    BTreeV2 names = BTreeV2.open(ctx.access(), info.nameIndexAddress());
    if (names.type() != AttributeNameRecord.TYPE) {
      throw new H5FormatException("dense attribute name index", info.nameIndexAddress(),
          "B-tree type " + names.type() + " is not " + AttributeNameRecord.TYPE
          + " (object header at " + owner + ")");
    }
    List<byte[]> ids = new ArrayList<>();
    names.forEach(record -> ids.add(AttributeNameRecord.decode(record).heapId()));
    return heap.readAll(ids);
  }

  /** One attribute to store: its name and encoded message, in creation order. */
  public record Entry(String name, byte[] message) {}

  /** Writes new dense storage for {@code entries} (creation order = list order). */
  public static AttributeInfoMessage write(H5Context ctx, AttributeInfoMessage info,
      List<Entry> entries) throws IOException {
    List<byte[]> bodies = new ArrayList<>();
    for (Entry e : entries) {
      bodies.add(e.message());
    }
    FractalHeapWriter.Result heap = FractalHeapWriter.write(ctx.access(), ctx.allocator(),
        FractalHeapParams.DENSE_ATTRIBUTES, bodies);
    List<Integer> byName = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      byName.add(i);
    }
    byName.sort(Comparator.<Integer>comparingLong(i -> NameHash.of(entries.get(i).name()))
        .thenComparing(i -> entries.get(i).name()));
    List<byte[]> nameRecords = new ArrayList<>();
    for (int i : byName) {
      nameRecords.add(new AttributeNameRecord(heap.heapIds().get(i), 0, i,
          NameHash.of(entries.get(i).name())).toBytes());
    }
    long nameIndex = BTreeV2Writer.write(ctx.access(), ctx.allocator(),
        BTreeV2Params.defaults(AttributeNameRecord.TYPE, AttributeNameRecord.SIZE), nameRecords);
    long orderIndex = FileParams.UNDEFINED;
    if (info.indexOrder()) {
      List<byte[]> orderRecords = new ArrayList<>();
      for (int i = 0; i < entries.size(); i++) {
        orderRecords.add(new AttributeCreationOrderRecord(heap.heapIds().get(i), 0, i)
            .toBytes());
      }
      orderIndex = BTreeV2Writer.write(ctx.access(), ctx.allocator(),
          BTreeV2Params.defaults(AttributeCreationOrderRecord.TYPE,
              AttributeCreationOrderRecord.SIZE), orderRecords);
    }
    return new AttributeInfoMessage(info.trackOrder(), info.indexOrder(),
        info.trackOrder() ? entries.size() : -1, heap.headerAddress(), nameIndex, orderIndex);
  }

  /**
   * Frees the heap and indexes of the dense storage {@code info} describes (nothing if it is
   * compact). Call only after the owner's header has been rewritten to no longer point at
   * them; storage that does not decode is left allocated.
   */
  public static void free(H5Context ctx, AttributeInfoMessage info) throws IOException {
    if (!info.isDense()) {
      return;
    }
    DenseStorageSpace.free(ctx.access(), ctx.allocator(), info.heapAddress(),
        info.nameIndexAddress(), info.indexOrder() ? info.orderIndexAddress() : FileParams.UNDEFINED);
  }
}
