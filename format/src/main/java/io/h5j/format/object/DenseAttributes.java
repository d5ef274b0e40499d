package io.h5j.format.object;

import io.h5j.format.H5FormatException;
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

  /** One densely stored attribute message and the creation index its name record holds. */
  public record Stored(byte[] message, int creationOrder) {}

  /** The attribute messages, in name-index order. */
  public static List<Stored> read(H5Context ctx, AttributeInfoMessage info, long owner)
      throws IOException {
    FractalHeap heap = FractalHeap.open(ctx.access(), info.heapAddress());
    BTreeV2 names = BTreeV2.open(ctx.access(), info.nameIndexAddress());
    if (names.type() != AttributeNameRecord.TYPE) {
      throw new H5FormatException("dense attribute name index", info.nameIndexAddress(),
          "B-tree type " + names.type() + " is not " + AttributeNameRecord.TYPE
          + " (object header at " + owner + ")");
    }
    List<byte[]> ids = new ArrayList<>();
    List<Integer> orders = new ArrayList<>();
    names.forEach(record -> {
      AttributeNameRecord r = AttributeNameRecord.decode(record);
      ids.add(r.heapId());
      // a u32 in the record, but the attribute info message counts them in 16 bits
      orders.add((int) Math.min(r.creationOrder(), 0xFFFF));
    });
    List<byte[]> bodies = heap.readAll(ids);
    List<Stored> out = new ArrayList<>(bodies.size());
    for (int i = 0; i < bodies.size(); i++) {
      out.add(new Stored(bodies.get(i), orders.get(i)));
    }
    return out;
  }

  /** One attribute to store: its name, encoded message and creation index. */
  public record Entry(String name, byte[] message, int creationOrder) {}

  /**
   * Writes new dense storage for {@code entries}: a name index, and a creation-order index
   * when {@code info} asks for one, each record with its entry's creation index.
   *
   * @param maxCreationIndex the creation index the next new attribute gets (kept only when
   *     {@code info} tracks creation order)
   */
  public static AttributeInfoMessage write(H5Context ctx, AttributeInfoMessage info,
      List<Entry> entries, int maxCreationIndex) throws IOException {
    List<byte[]> bodies = new ArrayList<>();
    for (Entry e : entries) {
      bodies.add(e.message());
    }
    FractalHeapWriter.Result heap = FractalHeapWriter.write(ctx.access(), ctx.allocator(),
        FractalHeapParams.DENSE_ATTRIBUTES, bodies);
    List<Integer> byName = positions(entries.size());
    byName.sort(Comparator.<Integer>comparingLong(i -> NameHash.of(entries.get(i).name()))
        .thenComparing(i -> entries.get(i).name()));
    List<byte[]> nameRecords = new ArrayList<>();
    for (int i : byName) {
      Entry e = entries.get(i);
      nameRecords.add(new AttributeNameRecord(heap.heapIds().get(i), 0, e.creationOrder(),
          NameHash.of(e.name())).toBytes());
    }
    long nameIndex = BTreeV2Writer.write(ctx.access(), ctx.allocator(),
        BTreeV2Params.defaults(AttributeNameRecord.TYPE, AttributeNameRecord.SIZE), nameRecords);
    long orderIndex = FileParams.UNDEFINED;
    if (info.indexOrder()) {
      List<Integer> byOrder = positions(entries.size());
      byOrder.sort(Comparator.comparingInt(i -> entries.get(i).creationOrder()));
      List<byte[]> orderRecords = new ArrayList<>();
      for (int i : byOrder) {
        orderRecords.add(new AttributeCreationOrderRecord(heap.heapIds().get(i), 0,
            entries.get(i).creationOrder()).toBytes());
      }
      orderIndex = BTreeV2Writer.write(ctx.access(), ctx.allocator(),
          BTreeV2Params.defaults(AttributeCreationOrderRecord.TYPE,
              AttributeCreationOrderRecord.SIZE), orderRecords);
    }
    return new AttributeInfoMessage(info.trackOrder(), info.indexOrder(),
        info.trackOrder() ? maxCreationIndex : -1, heap.headerAddress(), nameIndex, orderIndex);
  }

  private static List<Integer> positions(int n) {
    List<Integer> all = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      all.add(i);
    }
    return all;
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
