package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Datasets whose partial edge chunks libhdf5 stores unfiltered (layout flag set by
 * H5Pset_chunk_opts with H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS, which h5py cannot set: the
 * file is made through ctypes): h5j reads them and writes into them (edge chunks raw, whole
 * chunks filtered). Resizes: {@link PartialEdgeChunkResizeTest}.
 */
@OracleTest
class PartialEdgeChunkTest {
  /** /d: 13 x 11 int32, chunks 4 x 3, gzip, fill -7, both dimensions unlimited. */
  private static final String CREATE = ChunkIndexUpdateTest.PRELUDE + String.join("\n",
      "f = h5py.File(sys.argv[1], 'w', libver='latest')",
      "dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
      "dcpl.set_chunk((4, 3))",
      "dcpl.set_deflate(4)",
      "dcpl.set_fill_value(np.array(-7, '<i4'))",
      "assert hdf5().H5Pset_chunk_opts(ctypes.c_int64(dcpl.id), ctypes.c_uint(2)) >= 0",
      "space = h5py.h5s.create_simple((13, 11), (h5py.h5s.UNLIMITED, h5py.h5s.UNLIMITED))",
      "h5py.h5d.create(f.id, b'd', h5py.h5t.STD_I32LE, space, dcpl=dcpl)",
      "f['d'][...] = np.arange(143).reshape(13, 11) + 1",
      "f.close()",
      "d = h5py.File(sys.argv[1], 'r')['d']",
      "edges = [d.id.get_chunk_info(i) for i in range(d.id.get_num_chunks())]",
      "print(sorted({s.size for s in edges if s.chunk_offset[0] == 12 or s.chunk_offset[1] == 9}))");

  @Test
  void readsEdgeChunksStoredUnfiltered() throws Exception {
    Path f = Files.createTempFile("h5j-partial-edge", ".h5");
    try {
      String sizes = Oracles.python(CREATE, f.toString());
      assertEquals("[48]", sizes.trim(), "libhdf5 stored every edge chunk raw (4 x 3 x 4 bytes)");
      int[] want = new int[143];
      for (int i = 0; i < want.length; i++) {
        want[i] = i + 1;
      }
      try (H5File h = H5File.open(f)) {
        assertArrayEquals(want, (int[]) h.dataset("d").read(), "h5j reads raw edge chunks");
        assertArrayEquals(new int[] {141, 142, 143},
            (int[]) h.dataset("d").read(Selection.box(new long[] {12, 8}, new long[] {1, 3})));
      }
      String out = Oracles.python(Oracles.PY_INT32_SHA
          + "d = h5py.File(sys.argv[1], 'r')['d']\nprint(d.shape, sha(d[()]))", f.toString());
      assertEquals("(13, 11) " + ChunkIndexUpdateTest.sha(want), out.trim(), "h5py reads it");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * h5py's check of every stored chunk of /d: edge chunks (row 12 or column 9 on) raw, the
   * whole chunk's bytes with filter mask 0, their part inside the extent equal to what
   * libhdf5 reads; whole chunks deflated to what libhdf5 reads. Prints the digest of /d and
   * the count of chunks of each kind that passed.
   */
  private static final String CHECK_CHUNKS = Oracles.PY_INT32_SHA + String.join("\n",
      "import zlib",
      "d = h5py.File(sys.argv[1], 'r')['d']",
      "a = d[()]",
      "n = {'edge': 0, 'whole': 0}",
      "for i in range(d.id.get_num_chunks()):",
      "    r, c = d.id.get_chunk_info(i).chunk_offset",
      "    mask, raw = d.id.read_direct_chunk((r, c))",
      "    inside = a[r:r + 4, c:c + 3]",
      "    if r == 12 or c == 9:",
      "        assert mask == 0 and len(raw) == 48, (r, c, mask, len(raw))",
      "        got = np.frombuffer(raw, '<i4').reshape(4, 3)[:inside.shape[0], :inside.shape[1]]",
      "        assert (got == inside).all(), (r, c, got, inside)",
      "        n['edge'] += 1",
      "    else:",
      "        assert mask == 0 and zlib.decompress(raw) == inside.astype('<i4').tobytes(), (r, c)",
      "        n['whole'] += 1",
      "print(sha(a), n['edge'], n['whole'])");

  /**
   * h5j writes into edge chunks (whole and in part, new in this session and rewritten) and
   * whole chunks (whole and in part): each edge chunk is stored raw at its raw size with
   * filter mask 0, each whole chunk deflated, as libhdf5 stores them; h5py and h5dump read
   * every value, and libhdf5 writes on into the file, which h5j then reads.
   */
  @Test
  void writesEdgeChunksUnfilteredAndWholeChunksFiltered() throws Exception {
    Path f = Files.createTempFile("h5j-partial-edge-write", ".h5");
    try {
      Oracles.python(CREATE, f.toString());
      int[] want = new int[143];
      for (int i = 0; i < want.length; i++) {
        want[i] = i + 1;
      }
      int[][] boxes = { // row, column, rows, columns
          {12, 9, 1, 2}, // the corner edge chunk, all of it that lies inside
          {12, 0, 1, 2}, // part of an edge chunk
          {0, 0, 4, 3}, // a whole chunk
          {5, 4, 2, 2}, // part of a whole chunk
      };
      int next = 1000;
      try (H5File h = H5File.openReadWrite(f)) {
        for (int[] b : boxes) {
          next = write(h.dataset("d"), want, b, next);
        }
      }
      try (H5File h = H5File.openReadWrite(f)) { // again: rewritten edge chunks, a column of them
        next = write(h.dataset("d"), want, new int[] {0, 10, 13, 1}, next);
        h.flush();
        write(h.dataset("d"), want, new int[] {12, 8, 1, 3}, next);
      }
      try (H5File h = H5File.open(f)) {
        assertArrayEquals(want, (int[]) h.dataset("d").read(), "h5j reads what it wrote");
      }
      String sha = ChunkIndexUpdateTest.sha(want);
      assertEquals(sha + " 7 9", Oracles.python(CHECK_CHUNKS, f.toString()).trim());
      assertArrayEquals(want, PartialEdgeChunkResizeTest.h5dumpInts(f),
          "h5dump reads every value");

      Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r+')",
          "f['d'][12, 9:11] = [-1, -2]",
          "f['d'][0:4, 0:3] = -np.arange(3, 15).reshape(4, 3)",
          "f['d'][6, 10] = -15",
          "f.close()"), f.toString());
      want[12 * 11 + 9] = -1;
      want[12 * 11 + 10] = -2;
      for (int i = 0; i < 12; i++) {
        want[i / 3 * 11 + i % 3] = -3 - i;
      }
      want[6 * 11 + 10] = -15;
      assertEquals(ChunkIndexUpdateTest.sha(want) + " 7 9",
          Oracles.python(CHECK_CHUNKS, f.toString()).trim(), "libhdf5 writes on");
      try (H5File h = H5File.open(f)) {
        assertArrayEquals(want, (int[]) h.dataset("d").read(), "h5j reads libhdf5's writes");
      }
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * Writes the box {row, column, rows, columns} of /d with values from {@code next} on, in
   * C order, and the same into {@code model} (13 x 11); the next unused value.
   */
  private static int write(Dataset d, int[] model, int[] box, int next) throws Exception {
    int[] values = new int[box[2] * box[3]];
    for (int i = 0; i < values.length; i++) {
      values[i] = next++;
      model[(box[0] + i / box[3]) * 11 + box[1] + i % box[3]] = values[i];
    }
    d.write(Selection.box(new long[] {box[0], box[1]}, new long[] {box[2], box[3]}), values);
    return next;
  }
}
