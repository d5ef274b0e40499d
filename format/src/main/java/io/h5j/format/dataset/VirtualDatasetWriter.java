package io.h5j.format.dataset;

import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.StoredMessage;
import io.h5j.format.vds.MappingBlockWriter;
import io.h5j.type.Dataspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Creates virtual datasets: the mapping block into the global heap, then the header. */
public final class VirtualDatasetWriter {
  private VirtualDatasetWriter() {}

  /** Creates the virtual dataset {@code spec} describes, linked from nowhere yet: its address. */
  public static long create(EngineFile file, VirtualCreation spec) throws IOException {
    H5Context ctx = file.context();
    FileParams p = ctx.params();
    byte[] fill = spec.fillValue() == null ? null // before any write: it may be refused
        : file.values().encodeOne(spec.datatype(), spec.fillValue());
    // libhdf5 stores no block for a dataset without mappings (and fails on an empty one)
    GlobalHeapId id = null;
    byte[] reused = spec.encodedBlock(); // another dataset's block, copied as bytes
    if (reused != null) {
      id = file.values().heapWrite(reused);
    } else if (!spec.mappings().isEmpty()) {
      // encoded straight into the buffer its heap collection is written from; the checksum
      // runs while the entries are written, both beside what the caller does next
      ByteWriter buffer = file.values().heapObjectBuffer(256);
      MappingBlockWriter block = new MappingBlockWriter(buffer, spec.format())
          .addAll(spec.mappings()).endEntries();
      id = file.values().heapWrite(buffer, MappingBlockWriter.CHECKSUM_SIZE,
          b -> block.finish());
    }
    List<StoredMessage> messages = new ArrayList<>();
    messages.add(StoredMessage.of(MessageType.DATASPACE,
        new DataspaceMessage(Dataspace.simple(spec.shape(), spec.maxShape())).toBytes(p)));
    messages.add(new StoredMessage(MessageType.DATATYPE, StoredMessage.FLAG_CONSTANT, -1,
        DatatypeCodec.encode(spec.datatype())));
    messages.add(new StoredMessage(MessageType.FILL_VALUE, StoredMessage.FLAG_CONSTANT, -1,
        FillValueMessage.of(fill, FillValueMessage.ALLOC_INCREMENTAL).toBytes(p)));
    messages.add(StoredMessage.of(MessageType.LAYOUT, new LayoutMessage.Virtual(
        id == null ? FileParams.UNDEFINED : id.collectionAddress(), id == null ? 0 : id.index()).toBytes(p)));
    return ctx.createHeader(file.headerVersion(), 0, messages).address();
  }
}
