package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.raw.ChunkInfo;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each slot of a raw_data dataset is stored in the file: the address of the raw chunk
 * whose offset is {@code [row, 0, ...]}, so that a report of a damaged chunk can say where to
 * look. Read from the chunk index once, without reading chunk data.
 */
final class RawChunkOffsets {
  private final Map<Long, Long> byRow = new HashMap<>();

  private RawChunkOffsets() {}

  static RawChunkOffsets of(Dataset raw) throws IOException {
    RawChunkOffsets o = new RawChunkOffsets();
    if (!raw.layoutName().equals("CHUNKED")) {
      return o;
    }
    for (ChunkInfo c : raw.chunks()) {
      long[] at = c.offset();
      boolean corner = true;
      for (int d = 1; d < at.length; d++) {
        corner &= at[d] == 0;
      }
      if (corner) {
        o.byRow.put(at[0], c.address());
      }
    }
    return o;
  }

  /** The file offset of the raw chunk starting at {@code row}, or -1 if none is stored there. */
  long at(long row) {
    return byRow.getOrDefault(row, -1L);
  }
}
