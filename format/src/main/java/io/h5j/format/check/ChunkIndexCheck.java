package io.h5j.format.check;

import io.h5j.format.chunk.ChunkGeometry;
import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.LayoutMessage;
import io.h5j.type.Dataspace;
import java.io.IOException;

/**
 * Checks a chunked dataset's index without reading a chunk: every index structure decodes
 * (signatures, checksums, counts; cycles refused by the readers), lies inside the file and
 * overlaps no other of the index, and every entry names a chunk on the dataset's grid that
 * lies inside the file. Only the first few bad entries of one index are listed.
 */
final class ChunkIndexCheck {
  /** Bad entries listed per index before the rest are only counted. */
  private static final int LISTED_PER_INDEX = 8;
  private static final String ENTRY = "chunk index entry";

  private final FileAccess file;
  private final int v1K;
  private final FileBounds bounds;
  private final ProblemLog log;
  private long entries;

  /** @param v1K the superblock's indexed storage internal node K */
  ChunkIndexCheck(FileAccess file, int v1K, FileBounds bounds, ProblemLog log) {
    this.file = file;
    this.v1K = v1K;
    this.bounds = bounds;
    this.log = log;
  }

  void check(LayoutMessage.Chunked layout, Dataspace space, boolean filtered, String path)
      throws IOException {
    String structure = "chunk index";
    long at = layout.indexAddress();
    ChunkIndex[] index = {null};
    if (!log.attempt(path, structure, at, () -> index[0] = ChunkIndex.open(file, layout, space,
        filtered, v1K))) {
      return;
    }
    ChunkGeometry g = index[0].geometry();
    long[] chunkDims = g.chunkDims();
    long[] bad = {0};
    log.attempt(path, structure, at, () -> index[0].forEach(c -> {
      entries++;
      String why = null;
      long[] offset = c.offset();
      for (int d = 0; d < offset.length && why == null; d++) {
        if (offset[d] < 0 || offset[d] % chunkDims[d] != 0) {
          why = "offset " + java.util.Arrays.toString(offset) + " is not on the chunk grid "
              + java.util.Arrays.toString(chunkDims);
        }
      }
      if (why == null && filtered && c.storedSize() <= 0) {
        why = "chunk " + java.util.Arrays.toString(offset) + " is stored in "
            + c.storedSize() + " bytes";
      }
      if (why != null) {
        if (bad[0]++ < LISTED_PER_INDEX) {
          log.add(path, ENTRY, c.address(), why);
        }
      } else if (!bounds.fits(path, "chunk", c.address(), c.storedSize())) {
        if (bad[0]++ < LISTED_PER_INDEX) {
          bounds.check(path, "chunk " + java.util.Arrays.toString(offset), c.address(),
              c.storedSize());
        }
      }
    }));
    if (bad[0] > LISTED_PER_INDEX) {
      log.add(path, structure, at, (bad[0] - LISTED_PER_INDEX) + " more bad entries");
    }
    log.attempt(path, structure, at, () -> {
      for (Extent e : index[0].extents()) {
        bounds.check(path, structure, e.address(), e.size());
      }
    });
  }

  /** Index entries looked at so far. */
  long entries() {
    return entries;
  }
}
