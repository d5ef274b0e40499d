package io.h5j.format.dataset;

import io.h5j.format.chunk.ChunkGeometry;
import io.h5j.format.chunk.ChunkIndexType;
import io.h5j.format.chunk.IndexOptions;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import io.h5j.format.select.Hyperslab;
import io.h5j.type.Dataspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates chunked datasets: the header first, naming the index type libhdf5 1.10 would
 * choose but, as libhdf5 leaves it until the first chunk is written (incremental
 * allocation), no index address; then any data, chunk by chunk, whose index is written at
 * flush.
 */
final class ChunkedDatasetWriter {
  private ChunkedDatasetWriter() {}

  /**
   * The pipeline with what each filter learns from the dataset, as libhdf5's "set local"
   * step does: the shuffle's element size, LZF's chunk size, szip's bits per pixel and
   * scanline (nothing for variable-length elements, as libhdf5).
   */
  private static FilterPipelineMessage withLocalParameters(DatasetCreation spec, long[] chunks) {
    List<FilterDescription> filters = new ArrayList<>();
    for (FilterDescription f : spec.filters()) {
      filters.add(f.withLocalParameters(spec.datatype(), chunks));
    }
    return FilterPipelineMessage.of(filters);
  }

  static long create(EngineFile file, DatasetCreation spec, Dataspace space, byte[] fill)
      throws IOException {
    H5Context ctx = file.context();
    FileParams p = ctx.params();
    long[] chunks = spec.chunks();
    int elementSize = spec.datatype().size();
    boolean filtered = !spec.filters().isEmpty();
    if (spec.layoutV5() && file.oldStyle()) {
      throw new IllegalArgumentException("layout version 5 needs a file of the latest format,"
          + " not the earliest (v1 B-tree indexes)");
    }
    int version = file.oldStyle() ? 3
        : spec.layoutV5() && filtered ? LayoutMessage.VERSION_FIXED_SIZE_WIDTH : 4;
    LayoutMessage.Chunked draft = new LayoutMessage.Chunked(version, 0, chunks, elementSize,
        0, new byte[0], FileParams.UNDEFINED);
    ChunkGeometry g = ChunkGeometry.of(draft, space, p);
    LayoutMessage.Chunked layout = ChunkIndexType.of(
        ChunkIndexCommit.indexType(draft, space, filtered)).unallocated(p, g, filtered,
        IndexOptions.DEFAULTS.withV1K(ctx.superblock().chunkInternalK())).layout(g);
    List<StoredMessage> messages = new ArrayList<>();
    messages.add(StoredMessage.of(MessageType.DATASPACE, new DataspaceMessage(space).toBytes(p)));
    messages.add(new StoredMessage(MessageType.DATATYPE, StoredMessage.FLAG_CONSTANT, -1,
        DatatypeCodec.encode(spec.datatype())));
    messages.add(new StoredMessage(MessageType.FILL_VALUE, StoredMessage.FLAG_CONSTANT, -1,
        FillValueMessage.of(fill, FillValueMessage.ALLOC_INCREMENTAL).toBytes(p)));
    messages.add(StoredMessage.of(MessageType.LAYOUT, layout.toBytes(p)));
    FilterPipelineMessage pipeline = filtered ? withLocalParameters(spec, chunks) : null;
    if (filtered) {
      messages.add(new StoredMessage(MessageType.FILTER_PIPELINE, StoredMessage.FLAG_CONSTANT,
          -1, (file.oldStyle() ? pipeline.forEarliestFormat() : pipeline).toBytes(p)));
    }
    ObjectHeader h = ctx.createHeader(file.headerVersion(), 0, messages);
    if (spec.data() != null && space.elementCount() > 0) {
      ChunkedData data = new ChunkedData(file, h.address(), "(new dataset)", layout, space,
          pipeline, fill);
      if (SlabTransfer.isPrimitiveImage(spec.datatype())
          && spec.data().getClass() == DataConverter.javaArrayClass(spec.datatype())) {
        data.writeArray(Hyperslab.all(space.dims()), spec.data(), spec.datatype());
      } else {
        data.write(Hyperslab.all(space.dims()), java.nio.ByteBuffer.wrap(file.values().encode(
            spec.datatype(), spec.data())));
      }
    }
    return h.address();
  }
}
