package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Addresses inside the data: references, region references, hard link counts (h5py). */
@OracleTest
class ReferencesTest {
  private static final String REFERENCES = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "print([f[r].name if r else None for r in f['obj_refs'][()]])",
      "print([f[r][r].tolist() for r in f['region_refs'][()]])",
      "print(sorted(f[r].name for r in f['obj_refs'][()] if r))");

  private static final String ATTRIBUTE_REFERENCES = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "a = f['ds'].attrs",
      "print([f[r].name for r in a['obj_refs']])",
      "r = a['region_ref']",
      "print(f[r][r].tolist())");

  private static final String LINK_COUNTS = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "print(h5py.h5o.get_info(f['g1/same'].id).rc, f['g1/same'] == f['g2/same'])");

  private static Path repacked(String fixture) throws Exception {
    Path out = Files.createTempDirectory("repack-refs").resolve(fixture);
    Repacker.builder().build().repack(Fixtures.file(fixture), out);
    return out;
  }

  @Test
  void referencesInDatasetsPointToTheCopies() throws Exception {
    for (String name : new String[] {"datatypes_latest.h5", "datatypes_earliest.h5"}) {
      assertEquals(Oracles.python(REFERENCES, Fixtures.file(name).toString()),
          Oracles.python(REFERENCES, repacked(name).toString()), name);
    }
  }

  @Test
  void referencesInAttributesPointToTheCopies() throws Exception {
    for (String name : new String[] {"attributes_latest.h5", "attributes_earliest.h5"}) {
      assertEquals(Oracles.python(ATTRIBUTE_REFERENCES, Fixtures.file(name).toString()),
          Oracles.python(ATTRIBUTE_REFERENCES, repacked(name).toString()), name);
    }
  }

  @Test
  void objectsLinkedMoreThanOnceKeepTheirLinkCount() throws Exception {
    for (String name : new String[] {"groups_latest.h5", "groups_earliest.h5"}) {
      assertEquals(Oracles.python(LINK_COUNTS, Fixtures.file(name).toString()),
          Oracles.python(LINK_COUNTS, repacked(name).toString()), name);
    }
  }
}
