package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A repack's progress moves on through virtual datasets, as libhdf5 writes them, and through
 * the chunks of a dataset whose filters change.
 */
@OracleTest
class RepackProgressTest {
  /**
   * libhdf5 puts small mapping blocks several to a heap collection, which the copy writes
   * anew instead of moving: each virtual dataset copied still advances the byte count, up to
   * most of the input's size.
   */
  @Test
  void bytesGrowThroughVirtualDatasetsWithSharedBlockCollections() throws IOException {
    Path dir = Files.createTempDirectory("repack-progress");
    Path in = dir.resolve("in.h5");
    Oracles.python(String.join("\n", "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
        "    raw = f.create_dataset('raw', data=np.arange(64 * 1000.0).reshape(1000, 64),"
            + " chunks=(10, 64))",
        "    for v in range(300):",
        "        lay = h5py.VirtualLayout(shape=(200, 64), dtype='<f8')",
        "        for i in range(20):",
        "            lay[i * 10:(i + 1) * 10] = h5py.VirtualSource(raw)[((v + i) % 100) * 10:"
            + "((v + i) % 100 + 1) * 10]",
        "        f.create_virtual_dataset('v/%03d' % v, lay)"), in.toString());
    Path out = dir.resolve("out.h5");
    List<long[]> seen = new ArrayList<>();
    Repacker.builder().progress((objects, bytes, of) -> seen.add(new long[] {objects, bytes, of}))
        .build().repack(in, out);
    List<long[]> virtual = seen.stream().filter(u -> u[0] > 3).toList();
    assertTrue(virtual.size() >= 290, "one report per virtual dataset: " + virtual.size());
    long flat = 0;
    for (int i = 1; i < virtual.size(); i++) {
      if (virtual.get(i)[1] <= virtual.get(i - 1)[1]) {
        flat++;
      }
    }
    assertEquals(0, flat, "reports through the virtual datasets without progress in bytes");
    long[] last = seen.get(seen.size() - 1);
    assertTrue(last[1] <= last[2] && last[1] > last[2] * 0.8, "end at " + last[1] + " of "
        + last[2]);
    // libhdf5 reads the copy's virtual datasets as the input's
    assertEquals("same", Oracles.python(String.join("\n", "import sys, h5py, numpy as np",
        "a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')",
        "ok = all(np.array_equal(a['v'][k][()], b['v'][k][()]) for k in a['v'])",
        "print('same' if ok and np.array_equal(a['raw'][()], b['raw'][()]) else 'differ')"),
        in.toString(), out.toString()).strip());
  }

  /**
   * The chunks of one dataset re-encoded with other filters count as they are written: many
   * reports while the object count stands still, bytes never going back, and the input's
   * size at the end.
   */
  @Test
  void bytesGrowChunkByChunkThroughOneDatasetWhoseFiltersChange() throws IOException {
    Path dir = Files.createTempDirectory("repack-progress");
    Path in = dir.resolve("in.h5");
    Oracles.python(String.join("\n", "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('x', data=np.arange(200 * 8000.0).reshape(200, 8000),"
            + " chunks=(1, 8000))"), in.toString());
    Path out = dir.resolve("out.h5");
    List<long[]> seen = new ArrayList<>();
    Repacker.builder().filter(FilterOption.parse("GZIP=1"))
        .progress((objects, bytes, of) -> seen.add(new long[] {objects, bytes, of}))
        .build().repack(in, out);
    long objects = seen.get(seen.size() - 1)[0];
    List<long[]> last = seen.stream().filter(u -> u[0] == objects).toList();
    assertTrue(last.size() >= 100, "reports while the dataset's 200 chunks are written: "
        + last.size());
    for (int i = 1; i < seen.size(); i++) {
      assertTrue(seen.get(i)[1] >= seen.get(i - 1)[1] && seen.get(i)[0] >= seen.get(i - 1)[0],
          "report " + i + " goes back");
    }
    long[] end = seen.get(seen.size() - 1);
    assertEquals(end[2], end[1], "the last report counts the whole input");
    assertEquals(Files.size(in), end[2]);
    assertEquals("gzip 1 True", Oracles.python(String.join("\n", "import sys, h5py, numpy as np",
        "a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')",
        "print(b['x'].compression, b['x'].compression_opts,"
            + " bool(np.array_equal(a['x'][()], b['x'][()])))"),
        in.toString(), out.toString()).strip());
  }
}
