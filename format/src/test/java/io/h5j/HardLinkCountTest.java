package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A second hard link h5j adds is counted in the object's header, as libhdf5 counts it:
 * libhdf5 then reports the count, and removing the first link (which frees an object whose
 * count drops to 0) leaves the object readable through the second. For h5j's own headers
 * (version 2: a reference count message), for a durable header that an atomic flush moves,
 * and for a header libhdf5 wrote (version 1: the count in the prefix). Removing and repointing
 * links lowers the counts as libhdf5 would.
 */
@OracleTest
class HardLinkCountTest {
  @TempDir
  Path dir;

  /** Prints the link count of /a/d, deletes /a, and prints the sum of /b/d afterwards. */
  private static final String DROP_FIRST = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    rc = h5py.h5o.get_info(f['a/d'].id).rc",
      "    del f['a']",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    print(rc, int(f['b/d'][()].sum()), len(f['b']))");

  @Test
  void libhdf5KeepsAnObjectH5jLinkedTwice() throws Exception {
    Path f = dir.resolve("plain.h5");
    try (H5File file = H5File.create(f)) {
      file.root().createDataset("a/d", DatasetSpec.of(new int[] {1, 2, 3, 4}));
      file.root().createGroup("b").createHardLink("d", file.dataset("/a/d"));
    }
    assertEquals("2 10 1", Oracles.python(DROP_FIRST, f.toString()).strip());
  }

  @Test
  void atomicFlushMovesTheCountedHeaderAndItsLinks() throws Exception {
    Path f = dir.resolve("atomic.h5");
    try (H5File file = H5File.create(f)) {
      file.root().createDataset("a/d", DatasetSpec.of(new int[] {5, 6, 7}));
      file.root().createGroup("b");
    }
    try (H5File file = H5File.openReadWrite(f).atomicFlushes()) {
      long before = file.dataset("/a/d").address();
      file.group("/b").createHardLink("d", file.dataset("/a/d"));
      file.group("/b").createHardLink("e", file.dataset("/a/d"));
      file.flush();
      assertEquals(file.dataset("/a/d").address(), file.dataset("/b/e").address(),
          "both links lead to the header's copy");
      assertNotEquals(before, file.dataset("/b/d").address(),
          "the durable header was written anew, not overwritten");
    }
    assertEquals("3 18 2", Oracles.python(DROP_FIRST, f.toString()).strip());
  }

  @ParameterizedTest(name = "atomic flushes: {0}")
  @ValueSource(booleans = {false, true})
  void removingAndRepointingLinksLowersTheCounts(boolean atomic) throws Exception {
    Path f = dir.resolve("removed.h5");
    try (H5File file = H5File.create(f)) {
      file.root().createDataset("a/d", DatasetSpec.of(new int[] {1, 2, 3, 4}));
      file.root().createDataset("e", DatasetSpec.of(new int[] {9}));
      file.root().createGroup("b").createHardLink("d", file.dataset("/a/d"));
      file.root().createGroup("c/inner").createHardLink("d", file.dataset("/a/d"));
    }
    try (H5File file = atomic ? H5File.openReadWrite(f).atomicFlushes()
        : H5File.openReadWrite(f)) {
      file.root().delete("c");
      file.group("/b").relink("d", file.dataset("/e"));
    }
    assertEquals("1 2", Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(*(h5py.h5o.get_info(f[p].id).rc for p in ['a/d', 'e']))"), f.toString())
        .strip(), "libhdf5's counts of a/d (linked from a only) and e (from / and b)");
  }

  @Test
  void countsInTheVersion1HeaderLibhdf5Wrote() throws Exception {
    Path f = dir.resolve("v1.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f['a/d'] = [1, 1, 1]",
        "    f.create_group('b')"), f.toString());
    try (H5File file = H5File.openReadWrite(f)) {
      file.group("/b").createHardLink("d", file.dataset("/a/d"));
    }
    assertEquals("2 3 1", Oracles.python(DROP_FIRST, f.toString()).strip());
  }
}
