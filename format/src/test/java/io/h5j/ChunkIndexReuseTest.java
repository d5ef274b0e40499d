package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rewriting one chunk of a chunked dataset and flushing, over and over, frees each replaced
 * chunk index (and chunk), so the file stops growing: for an extensible array, a fixed array,
 * a v2 B-tree, and a v1 B-tree in an old-format file. h5py then reads the final values.
 */
@OracleTest
class ChunkIndexReuseTest {
  static final int ROUNDS = 200;
  static final int EARLY = 10;
  static final long SLACK = 8192;

  @TempDir Path dir;

  @Test
  void extensibleArray() throws Exception {
    Path file = dir.resolve("ea.h5");
    try (H5File f = H5File.create(file)) {
      Dataset d = f.root().createDataset("d", DatasetSpec.empty(Datatypes.INT32, 1000)
          .maxShape(Dataspace.UNLIMITED).chunks(10));
      churn(file, f, d, "extensible array", ChunkIndex.EXTENSIBLE_ARRAY);
    }
  }

  @Test
  void fixedArray() throws Exception {
    Path file = dir.resolve("fa.h5");
    try (H5File f = H5File.create(file)) {
      Dataset d = f.root().createDataset("d", DatasetSpec.empty(Datatypes.INT32, 100, 60)
          .chunks(10, 6));
      churn(file, f, d, "fixed array", ChunkIndex.FIXED_ARRAY);
    }
  }

  @Test
  void v2BTree() throws Exception {
    Path file = dir.resolve("bt2.h5");
    try (H5File f = H5File.create(file)) {
      Dataset d = f.root().createDataset("d", DatasetSpec.empty(Datatypes.INT32, 40, 50)
          .maxShape(Dataspace.UNLIMITED, Dataspace.UNLIMITED).chunks(4, 5));
      churn(file, f, d, "v2 B-tree", ChunkIndex.V2_BTREE);
    }
  }

  @Test
  void v1BTreeInAnOldFormatFile() throws Exception {
    Path file = dir.resolve("old.h5");
    Files.copy(Fixtures.file("groups_earliest.h5"), file);
    try (H5File f = H5File.openReadWrite(file)) {
      Dataset d = f.root().createDataset("churn", DatasetSpec.empty(Datatypes.INT32, 1000)
          .maxShape(Dataspace.UNLIMITED).chunks(10));
      churn(file, f, d, "v1 B-tree", ChunkIndex.V1_BTREE);
    }
  }

  /**
   * Fills the dataset, then rewrites one chunk per round (cycling over 17 of them) and
   * flushes; checks the file size and, once closed, the values h5py reads.
   */
  private void churn(Path file, H5File f, Dataset d, String what, int indexType)
      throws Exception {
    long[] dims = d.dataspace().dims();
    long[] chunk = ((LayoutMessage.Chunked) d.layoutMessage()).chunkDims();
    int n = (int) (dims.length == 1 ? dims[0] : dims[0] * dims[1]);
    int[] expected = new int[n];
    for (int i = 0; i < n; i++) {
      expected[i] = -i;
    }
    d.write(expected.clone());
    f.flush();
    assertEquals(indexType, ((LayoutMessage.Chunked) d.layoutMessage()).indexType(), what);
    int chunkElements = (int) (dims.length == 1 ? chunk[0] : chunk[0] * chunk[1]);
    long[] grid = new long[dims.length];
    for (int i = 0; i < dims.length; i++) {
      grid[i] = dims[i] / chunk[i];
    }
    long cells = dims.length == 1 ? grid[0] : grid[0] * grid[1];
    long early = -1;
    for (int round = 1; round <= ROUNDS; round++) {
      long cell = (round * 7L) % 17 % cells;
      long[] start = dims.length == 1 ? new long[] {cell * chunk[0]}
          : new long[] {cell / grid[1] * chunk[0], cell % grid[1] * chunk[1]};
      int[] values = new int[chunkElements];
      for (int i = 0; i < chunkElements; i++) {
        values[i] = round * 100_000 + i;
        int at = dims.length == 1 ? (int) start[0] + i
            : (int) ((start[0] + i / chunk[1]) * dims[1] + start[1] + i % chunk[1]);
        expected[at] = values[i];
      }
      d.write(Selection.box(start, chunk), values);
      f.flush();
      if (round == EARLY) {
        early = Files.size(file);
      }
    }
    long late = Files.size(file);
    System.out.printf("%s: %d bytes after %d chunk rewrites, %d after %d%n", what, early, EARLY,
        late, ROUNDS);
    assertTrue(late <= early + SLACK, what + ": " + late + " bytes after " + ROUNDS
        + " rewrites, " + early + " after " + EARLY);
    f.close();

    ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
    for (int v : expected) {
      b.putInt(v);
    }
    String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
    String out = Oracles.python(String.join("\n",
        "import sys, hashlib, h5py, numpy",
        "a = h5py.File(sys.argv[1], 'r')[sys.argv[2]][()]",
        "print(a.shape)",
        "print(hashlib.sha256(numpy.ascontiguousarray(a, dtype='<i4').tobytes()).hexdigest())"),
        file.toString(), d.path());
    String[] lines = out.trim().split("\n");
    assertEquals(sha, lines[1].trim(), what + " values as h5py reads them (shape "
        + lines[0].trim() + ")");
  }
}
