package io.h5j;

import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.Dataspace;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.StoredMessage;
import io.h5j.format.vds.MappingBlockWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Creates virtual datasets: the mapping block into the global heap, then the header. */
final class VirtualDatasetWriter {
  private VirtualDatasetWriter() {}

  static long create(H5File file, VirtualSpec spec) throws IOException {
    H5Context ctx = file.context();
    FileParams p = ctx.params();
    byte[] encoded = spec.encodedBlock(); // another dataset's block, reused as bytes
    if (encoded == null) {
      MappingBlockWriter block = new MappingBlockWriter(p, spec.format());
      var mappings = spec.mappings();
      int header = block.size();
      for (int i = 0; i < mappings.size(); i++) {
        mappings.get(i).accept(block);
        if (i == 0 && mappings.size() > 1) { // room for the rest at once, not by doubling
          block.expect(mappings.size() - 1, block.size() - header + 8);
        }
      }
      encoded = block.count() == 0 ? null : block.toByteArray();
    }
    // libhdf5 stores no block for a dataset without mappings (and fails on an empty one)
    GlobalHeapId id = encoded == null ? null : file.values().heapWrite(encoded);
    byte[] fill = spec.fillValue() == null ? null
        : file.values().encodeOne(spec.datatype(), spec.fillValue());
    List<StoredMessage> messages = new ArrayList<>();
    messages.add(StoredMessage.of(MessageType.DATASPACE,
        Dataspace.simple(spec.shape(), spec.maxShape()).toBytes(p)));
    messages.add(new StoredMessage(MessageType.DATATYPE, StoredMessage.FLAG_CONSTANT, -1,
        DatatypeCodec.encode(spec.datatype())));
    messages.add(new StoredMessage(MessageType.FILL_VALUE, StoredMessage.FLAG_CONSTANT, -1,
        FillValueMessage.of(fill, FillValueMessage.ALLOC_INCREMENTAL).toBytes(p)));
    messages.add(StoredMessage.of(MessageType.LAYOUT, new LayoutMessage.Virtual(
        id == null ? FileParams.UNDEFINED : id.collectionAddress(), id == null ? 0 : id.index()).toBytes(p)));
    return ctx.createHeader(file.headerVersion(), 0, messages).address();
  }
}
