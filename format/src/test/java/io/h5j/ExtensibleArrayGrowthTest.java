package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Extensible array indexes updated in place by flushes that each add several chunks to a
 * super block that already exists: the data blocks (and pages) such a flush creates hold all
 * of its chunks that fall in them, whatever else the flush writes or frees. h5py checks every
 * value.
 */
@OracleTest
class ExtensibleArrayGrowthTest {
  private static final String SHA = Oracles.PY_INT32_SHA;

  /**
   * Dataset {@code a} (one element per chunk) grows by up to 40 chunks per flush, from the
   * index block's elements through super blocks 4 to 6, some of its chunks rewritten; dataset
   * {@code b} (deflated, so rewritten chunks move and their old space is reused) is appended
   * to and rewritten in the same flushes.
   */
  @Test
  void flushesAddingSeveralChunksToExistingSuperBlocks() throws Exception {
    Path f = Files.createTempFile("h5j-ea-growth", ".h5");
    try {
      Random rnd = new Random(42);
      int[] a = new int[0];
      int[] b = new int[0];
      try (H5File h = H5File.create(f)) {
        Dataset da = h.root().createDataset("a", DatasetSpec.empty(Datatypes.INT32, 0)
            .maxShape(Dataspace.UNLIMITED).chunks(1));
        Dataset db = h.root().createDataset("b", DatasetSpec.empty(Datatypes.INT32, 0)
            .maxShape(Dataspace.UNLIMITED).chunks(4).deflate(6));
        for (int flush = 0; flush < 70; flush++) {
          a = append(da, a, 1 + rnd.nextInt(40), rnd);
          b = append(db, b, rnd.nextInt(6), rnd);
          rewrite(da, a, 1 + rnd.nextInt(3), 1, rnd);
          rewrite(db, b, rnd.nextInt(4), 4, rnd);
          h.flush();
          assertArrayEquals(a, (int[]) da.read(), "a after flush " + flush);
          assertArrayEquals(b, (int[]) db.read(), "b after flush " + flush);
        }
        assertEquals(ChunkIndex.EXTENSIBLE_ARRAY,
            ((LayoutMessage.Chunked) da.layoutMessage()).indexType());
        assertEquals(ChunkIndex.EXTENSIBLE_ARRAY,
            ((LayoutMessage.Chunked) db.layoutMessage()).indexType());
      }
      assertEquals(true, a.length > 1012, a.length + " elements reach super block 6");
      String out = Oracles.python(SHA + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r')",
          "print(f['a'].shape[0], sha(f['a'][()]), f['b'].shape[0], sha(f['b'][()]))"),
          f.toString());
      assertEquals(a.length + " " + ChunkIndexUpdateTest.sha(a) + " " + b.length + " "
          + ChunkIndexUpdateTest.sha(b), out.trim(), "h5py reads both datasets");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * Paged data blocks (super block 13, from element 131,060, pages of 1,024): one flush
   * creates the super block with one chunk; the next puts two chunks into its uninitialised
   * second page and one into its first; the last two into its second data block, not yet
   * allocated, and one into the second page. h5j reads back after each flush.
   */
  @Test
  void flushAddingSeveralChunksToPagesOfAnExistingSuperBlock() throws Exception {
    Path f = Files.createTempFile("h5j-ea-pages", ".h5");
    try {
      int first = 131_060;
      int n = first + 4096;
      int[] model = new int[n];
      try (H5File h = H5File.create(f)) {
        Dataset d = h.root().createDataset("d", DatasetSpec.empty(Datatypes.INT32, n)
            .maxShape(Dataspace.UNLIMITED).chunks(1));
        int[][] flushes = {{0, 1, first}, {first + 1030, first + 1031, first + 5},
            {first + 2050, first + 2051, first + 1032}};
        for (int[] at : flushes) {
          put(d, model, at);
          h.flush();
          assertArrayEquals(Arrays.copyOfRange(model, first, n),
              (int[]) d.read(Selection.box(new long[] {first}, new long[] {n - first})),
              "h5j reads back after the flush writing " + Arrays.toString(at));
        }
      }
      String out = Oracles.python(SHA + String.join("\n",
          "d = h5py.File(sys.argv[1], 'r')['d']",
          "print(d.id.get_num_chunks(), sha(d[int(sys.argv[2]):]))"),
          f.toString(), String.valueOf(first - 100));
      assertEquals("9 " + ChunkIndexUpdateTest.sha(Arrays.copyOfRange(model, first - 100, n)),
          out.trim(), "h5py reads every chunk");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** Writes one chunk of one element at each index, its value the index + 1. */
  private static void put(Dataset d, int[] model, int... at) throws Exception {
    for (int i : at) {
      model[i] = i + 1;
      d.write(Selection.box(new long[] {i}, new long[] {1}), new int[] {i + 1});
    }
  }

  /** Grows {@code d} by {@code count} random values; returns the model grown likewise. */
  private static int[] append(Dataset d, int[] model, int count, Random rnd) throws Exception {
    if (count == 0) {
      return model;
    }
    int[] grown = Arrays.copyOf(model, model.length + count);
    int[] v = new int[count];
    for (int i = 0; i < count; i++) {
      v[i] = grown[model.length + i] = rnd.nextInt(1 + rnd.nextInt(100_000));
    }
    d.resize(grown.length);
    d.write(Selection.box(new long[] {model.length}, new long[] {count}), v);
    return grown;
  }

  /** Rewrites {@code times} random whole chunks of {@code chunk} elements with new values. */
  private static void rewrite(Dataset d, int[] model, int times, int chunk, Random rnd)
      throws Exception {
    for (int t = 0; t < times && model.length >= chunk; t++) {
      int at = chunk * rnd.nextInt(model.length / chunk);
      int[] v = new int[chunk];
      for (int i = 0; i < chunk; i++) {
        v[i] = model[at + i] = rnd.nextInt(1 + rnd.nextInt(100_000));
      }
      d.write(Selection.box(new long[] {at}, new long[] {chunk}), v);
    }
  }
}
