package io.h5j.format.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.VirtualSpec;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Datatypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The space accounting agrees with libhdf5's own figures (through h5py) for a small file of
 * the shapes a versioned file has: the object headers' bytes, the chunks of a dataset named
 * raw_data, the storage of the others; and what it finds reachable fits in the file.
 */
@OracleTest
class SpaceAccountingTest {
  @TempDir
  Path dir;

  /** Header bytes of every object, chunk bytes of g/raw_data, storage of the other datasets. */
  private static final String LIBHDF5 = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    headers, seen = {}, set()",
      "    def add(o):",
      "        i = h5py.h5o.get_info(o.id)",
      "        headers[i.addr] = i.hdr.space.total",
      "    add(f)",
      "    f.visititems(lambda n, o: add(o))",
      "    raw = f['g/raw_data'].id",
      "    chunks = sum(raw.get_chunk_info(i).size for i in range(raw.get_num_chunks()))",
      "    other = f['plain'].id.get_storage_size()",
      "    print(sum(headers.values()), chunks, other)");

  @Test
  void agreesWithLibhdf5() throws Exception {
    Path f = dir.resolve("space.h5");
    try (H5File file = H5File.create(f)) {
      int[] values = new int[40];
      for (int i = 0; i < values.length; i++) {
        values[i] = i * 3;
      }
      file.root().createDataset("g/raw_data", DatasetSpec.of(values).chunks(8));
      file.root().createDataset("plain", DatasetSpec.of(new long[] {1, 2, 3, 4, 5}));
      file.root().attributes().put("note", "a string attribute");
      VirtualSpec spec = VirtualSpec.of(Datatypes.INT32, 16);
      spec.map(".", "/g/raw_data", new long[] {0}, new long[] {0}, new long[] {8});
      spec.map(".", "/g/raw_data", new long[] {24}, new long[] {8}, new long[] {8});
      file.root().createVirtualDataset("v", spec);
    }
    String[] libhdf5 = Oracles.python(LIBHDF5, f.toString()).strip().split(" ");
    SpaceAccounting a = SpaceAccounting.of(f);
    Map<String, Long> bytes = a.bytes();
    assertEquals(Long.parseLong(libhdf5[0]), bytes.get("object headers"), "header bytes");
    assertEquals(Long.parseLong(libhdf5[1]), bytes.get("data of raw_data"), "raw_data chunks");
    assertEquals(Long.parseLong(libhdf5[2]), bytes.get("data of other datasets"),
        "the contiguous dataset's storage");
    assertTrue(a.nested().get("global heap objects: mapping blocks") > 0, "the VDS's block");
    long unreachable = bytes.get(SpaceAccounting.UNREACHABLE);
    assertTrue(unreachable >= 0 && unreachable < Files.size(f), "unreachable " + unreachable);
    assertEquals(Files.size(f), bytes.values().stream().mapToLong(Long::longValue).sum());
  }
}
