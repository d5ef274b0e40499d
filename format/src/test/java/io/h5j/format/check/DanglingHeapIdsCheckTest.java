package io.h5j.format.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.FileCheck;
import io.h5j.format.CheckReport;
import io.h5j.format.Problem;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;

/**
 * What a repack that copied heap IDs without rewriting them leaves (issue 14: fill values of
 * variable-length strings): values that name a global heap collection that is not there. h5py
 * writes a file with such values in an attribute, a fill value and compact data, then every
 * stored heap ID is moved 8 bytes into its collection; libhdf5 refuses the file, and the check
 * names each object whose values dangle, each once per value that names the missing collection.
 */
@OracleTest
class DanglingHeapIdsCheckTest {
  private static final String WRITE_AND_BREAK = String.join("\n",
      "import sys, struct, h5py, numpy as np",
      "s = h5py.string_dtype()",
      "with h5py.File(sys.argv[1], 'w', libver=sys.argv[2]) as f:",
      "    f.attrs['root'] = 'root attribute'",
      "    f.create_dataset('filled', shape=(4,), chunks=(2,), dtype=s, fillvalue='fill')",
      "    p = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
      "    p.set_layout(h5py.h5d.COMPACT)",
      "    d = h5py.h5d.create(f.id, b'compact', h5py.h5t.py_create(s, logical=True),",
      "                        h5py.h5s.create_simple((2,)), dcpl=p)",
      "    f['compact'][...] = np.array(['a', 'b'], dtype=object)",
      "    f.create_dataset('plain', data=np.arange(4))",
      "b = bytearray(open(sys.argv[1], 'rb').read())",
      "collections = [i for i in range(0, len(b) - 4, 8) if b[i:i + 4] == b'GCOL']",
      "assert collections, 'no global heap collection'",
      "moved = 0",
      "for c in collections:",
      "    old, new = struct.pack('<Q', c), struct.pack('<Q', c + 8)",
      "    at = b.find(old)",
      "    while at >= 0:",
      "        b[at:at + 8] = new",
      "        moved += 1",
      "        at = b.find(old, at + 8)",
      "open(sys.argv[1], 'wb').write(b)",
      "print(moved)");

  /** libver earliest: version 1 headers have no checksum, so the patched file still decodes. */
  @Test
  void everyObjectWhoseValuesDangleIsNamed(@TempDir Path dir) throws IOException {
    String libver = "earliest";
    Path file = dir.resolve("dangling.h5");
    int moved = Integer.parseInt(Oracles.python(WRITE_AND_BREAK, file.toString(), libver)
        .strip());
    assertTrue(moved >= 3, moved + " heap IDs moved");
    Oracles.requireH5dump();
    assertTrue(Oracles.run(List.of("h5dump", file.toString())).exitCode() != 0,
        "libhdf5 refuses the file");
    CheckReport r = FileCheck.check(file);
    Set<String> named = new TreeSet<>();
    for (Problem p : r.problems()) {
      assertEquals("global heap collection", p.structure(), r.toString());
      named.add(p.path() + " " + p.detail().substring(p.detail().indexOf("; named by ")));
    }
    assertEquals(Set.of("/ ; named by attribute 'root'",
        "/compact ; named by compact data",
        "/filled ; named by the fill value message"), Set.copyOf(named.stream()
            .map(s -> s.replace("; named by the old fill value message",
                "; named by the fill value message")).toList()), r.toString());
  }
}
