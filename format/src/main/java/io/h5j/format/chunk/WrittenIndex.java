package io.h5j.format.chunk;

import io.h5j.format.message.LayoutMessage;

/**
 * What a new chunk index contributes to the data layout message.
 *
 * @param indexType 0 (v1 B-tree, layout version 3) or 1..5 (layout version 4, or 5 when the
 *     geometry has fixed-width chunk size fields)
 * @param flags layout flags (bit 1: the single chunk is filtered)
 * @param indexInfo the index-specific information bytes of a version 4 layout message
 * @param indexAddress the index's address (for single chunk and implicit: the chunk data)
 */
public record WrittenIndex(int indexType, int flags, byte[] indexInfo, long indexAddress) {
  /** The layout message describing a dataset stored with this index. */
  public LayoutMessage.Chunked layout(ChunkGeometry g) {
    int version = indexType == ChunkIndex.V1_BTREE ? 3
        : g.fixedSizeWidth() ? LayoutMessage.VERSION_FIXED_SIZE_WIDTH : 4;
    return new LayoutMessage.Chunked(version, flags, g.chunkDims(), g.elementSize(), indexType,
        indexInfo.clone(), indexAddress);
  }
}
