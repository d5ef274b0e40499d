package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.raw.RawChunk;
import io.h5j.format.chunk.ChunkRecord;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.raw.ChunkInfo;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Raw chunk access agrees with libhdf5's chunk queries and direct chunk reads. */
@OracleTest
class RawChunkTest {
  @TempDir
  Path dir;

  @Test
  void chunkListAndStoredBytesMatchLibhdf5AndCopiesReadBack() throws Exception {
    Path f = dir.resolve("raw.h5");
    Oracles.python(String.join("\n",
        "import h5py, sys, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
        "  d = f.create_dataset('src', shape=(40, 30), chunks=(8, 7), dtype='<i4',",
        "                       compression='gzip', shuffle=True, maxshape=(None, 30))",
        "  d[:31, :] = np.arange(31 * 30, dtype='<i4').reshape(31, 30)"), f.toString());
    String info = Oracles.python(String.join("\n",
        "import h5py, sys",
        "d = h5py.File(sys.argv[1], 'r')['src']",
        "for i in range(d.id.get_num_chunks()):",
        "  c = d.id.get_chunk_info(i)",
        "  mask, data = d.id.read_direct_chunk(c.chunk_offset)",
        "  print(' '.join(map(str, c.chunk_offset)), c.byte_offset, c.size, mask, data.hex())"),
        f.toString());
    List<String> expected = new ArrayList<>(info.lines().toList());
    try (H5File h = H5File.openReadWrite(f)) {
      Dataset src = h.dataset("src");
      List<String> actual = new ArrayList<>();
      for (ChunkInfo c : src.chunks()) {
        RawChunk raw = src.readChunk(c.offset());
        actual.add(c.offset()[0] + " " + c.offset()[1] + " " + c.address() + " "
            + c.storedSize() + " " + raw.filterMask() + " " + HexFormat.of().formatHex(
                raw.bytes()));
      }
      expected.sort(null);
      actual.sort(null);
      assertEquals(expected, actual);
      assertNull(src.readChunk(32, 28), "chunk (32, 28) was never written");
      Dataset copy = h.root().createDataset("copy", DatasetSpec.empty(Datatypes.INT32, 40, 30)
          .chunks(8, 7).shuffle().deflate(6));
      for (ChunkInfo c : src.chunks()) {
        copy.writeChunk(c.offset(), src.readChunk(c.offset()));
      }
      assertArrayEquals((int[]) src.read(), (int[]) copy.read());
    }
    assertEquals("True\n", Oracles.python(String.join("\n",
        "import h5py, sys, numpy as np",
        "f = h5py.File(sys.argv[1], 'r')",
        "print(np.array_equal(f['src'][()], f['copy'][()]))"), f.toString()));
  }
}
