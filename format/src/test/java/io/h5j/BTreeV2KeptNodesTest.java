package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A v2 B-tree chunk index of several levels (6,400 chunks of 2 x 2) read through a read-only
 * file, which keeps the nodes its lookups verified: every chunk read one at a time, in a
 * scattered order and again, and the whole dataset, give the values h5py reads.
 */
@OracleTest
class BTreeV2KeptNodesTest {
  private static final int N = 160;

  @TempDir
  Path dir;

  @Test
  void lookupsThroughKeptNodesReadH5pysValues() throws Exception {
    Path file = dir.resolve("bt2.h5");
    int[] values = new int[N * N];
    for (int i = 0; i < values.length; i++) {
      values[i] = 7 * i - 3;
    }
    try (H5File f = H5File.create(file)) {
      f.root().createDataset("d", DatasetSpec.of(values).shape(N, N)
          .maxShape(Dataspace.UNLIMITED, Dataspace.UNLIMITED).chunks(2, 2));
    }
    String sha = Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "  print(sha(f['d'][()]))"), file.toString()).trim();
    try (H5File f = H5File.open(file)) {
      Dataset d = f.dataset("d");
      assertEquals(ChunkIndex.V2_BTREE,
          ((LayoutMessage.Chunked) d.layoutMessage()).indexType());
      int[] got = new int[N * N];
      int cells = (N / 2) * (N / 2);
      for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < cells; k++) {
          int cell = (int) ((k * 7919L + pass * 13) % cells); // scattered: 7919 is prime
          int r = 2 * (cell / (N / 2));
          int c = 2 * (cell % (N / 2));
          int[] box = (int[]) d.read(Selection.box(new long[] {r, c}, new long[] {2, 2}));
          for (int i = 0; i < 4; i++) {
            got[(r + i / 2) * N + c + i % 2] = box[i];
          }
        }
        assertEquals(sha, ChunkIndexUpdateTest.sha(got), "pass " + pass);
      }
      assertArrayEquals(got, d.readInts());
    }
  }
}
