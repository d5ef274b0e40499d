package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Datasets whose partial edge chunks libhdf5 stores unfiltered (layout flag set by
 * H5Pset_chunk_opts with H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS, which h5py cannot set: the
 * file is made through ctypes): h5j reads them, and refuses to write or resize them (it
 * would store edge chunks filtered and leave chunks a resize turns from edge to whole, or
 * back, in the wrong encoding), leaving the file as it was.
 */
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
  void readsEdgeChunksStoredUnfilteredAndRefusesToChangeThem() throws Exception {
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
      byte[] before = Files.readAllBytes(f);
      List<ChunkIndexUpdateTest.Edit> edits = List.of(
          h -> h.dataset("d").write(Selection.box(new long[] {12, 9}, new long[] {1, 2}),
              new int[] {1, 2}),
          h -> h.dataset("d").write(Selection.box(new long[] {0, 0}, new long[] {4, 3}),
              new int[12]),
          h -> h.dataset("d").resize(10, 10),
          h -> h.dataset("d").resize(16, 12));
      for (ChunkIndexUpdateTest.Edit edit : edits) {
        H5FormatException e = ChunkIndexUpdateTest.damagedWrite(f, edit);
        assertEquals("dataset /d", e.structure(), e.getMessage());
        assertTrue(e.getMessage().contains("unfiltered"), e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(f), "the file is as it was");
      }
      String out = Oracles.python(Oracles.PY_INT32_SHA
          + "d = h5py.File(sys.argv[1], 'r')['d']\nprint(d.shape, sha(d[()]))", f.toString());
      assertEquals("(13, 11) " + ChunkIndexUpdateTest.sha(want), out.trim(), "h5py reads it");
    } finally {
      Files.deleteIfExists(f);
    }
  }
}
