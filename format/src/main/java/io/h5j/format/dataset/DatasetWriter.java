package io.h5j.format.dataset;

import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import io.h5j.type.Dataspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Creates dataset objects: raw data first, then the header that points to it. */
public final class DatasetWriter {
  private DatasetWriter() {}

  /** Creates the dataset {@code spec} describes, linked from nowhere yet: its header's address. */
  public static long create(EngineFile file, DatasetCreation spec) throws IOException {
    H5Context ctx = file.context();
    FileParams p = ctx.params();
    Dataspace space = spec.shape().length == 0 ? Dataspace.SCALAR
        : Dataspace.simple(spec.shape(), spec.maxShape());
    byte[] fill = spec.fillValue() == null ? null
        : file.values().encodeOne(spec.datatype(), spec.fillValue());
    if (spec.layout() == DatasetCreation.Layout.CHUNKED) {
      return ChunkedDatasetWriter.create(file, spec, space, fill);
    }
    LayoutMessage layout;
    long bytes = Math.multiplyExact(space.elementCount(), (long) spec.datatype().size());
    if (spec.layout() == DatasetCreation.Layout.COMPACT) {
      byte[] data = spec.data() != null ? file.values().encode(spec.datatype(), spec.data())
          : Values.repeat(fill, (int) space.elementCount(), spec.datatype().size());
      layout = new LayoutMessage.Compact(data);
    } else if (spec.data() != null && bytes > 0) {
      long address = ctx.allocator().allocate(bytes);
      SlabTransfer.write(file.values(), ctx.access(), spec.datatype(), address, spec.data());
      layout = new LayoutMessage.Contiguous(address, bytes);
    } else {
      layout = new LayoutMessage.Contiguous(FileParams.UNDEFINED, bytes);
    }
    List<StoredMessage> messages = new ArrayList<>();
    messages.add(StoredMessage.of(MessageType.DATASPACE, new DataspaceMessage(space).toBytes(p)));
    messages.add(new StoredMessage(MessageType.DATATYPE, StoredMessage.FLAG_CONSTANT, -1,
        DatatypeCodec.encode(spec.datatype())));
    int alloc = spec.layout() == DatasetCreation.Layout.COMPACT ? FillValueMessage.ALLOC_EARLY
        : FillValueMessage.ALLOC_LATE;
    messages.add(new StoredMessage(MessageType.FILL_VALUE, StoredMessage.FLAG_CONSTANT, -1,
        FillValueMessage.of(fill, alloc).toBytes(p)));
    messages.add(StoredMessage.of(MessageType.LAYOUT, layout.toBytes(p)));
    ObjectHeader h = ctx.createHeader(file.headerVersion(), 0, messages);
    return h.address();
  }
}
