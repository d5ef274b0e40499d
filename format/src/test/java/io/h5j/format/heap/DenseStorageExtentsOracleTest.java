package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.testing.OracleTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extents of dense storage libhdf5 (via h5py) wrote lie inside the file and do not
 * overlap: a group with 2000 links (name and creation-order index), attributes with a huge
 * one, and a group whose links were partly deleted so its heap has a free-space manager.
 */
@OracleTest
class DenseStorageExtentsOracleTest {
  static final String DELETIONS = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'w', libver='latest')",
      "g = f.create_group('g', track_order=True)",
      "for i in range(300):",
      "    g['l%04d' % i] = h5py.SoftLink('/some/target/path/%d' % i)",
      "f.close()",
      "f = h5py.File(sys.argv[1], 'r+')",
      "for i in range(0, 300, 3):",
      "    del f['g']['l%04d' % i]",
      "print('group', h5py.h5o.get_info(f['g'].id).addr)",
      "f.close()");

  @TempDir Path dir;

  static Map<String, Long> run(String script, Path file) throws Exception {
    Map<String, Long> addr = new HashMap<>();
    for (String line : OracleFiles.runPython(script, file)) {
      String[] kv = line.split(" ");
      addr.put(kv[0], Long.parseLong(kv[1]));
    }
    return addr;
  }

  static List<Extent> check(Path file, long ohdr, int type) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    long[] dense = OracleFiles.denseAddresses(OracleFiles.findMessage(bytes, ohdr, type),
        type == 0x15);
    try (FileAccess fa = FileAccess.openRead(file)) {
      List<Extent> extents = DenseStorageSpace.extents(fa, dense[0], dense[1], dense[2]);
      long at = 0;
      for (Extent e : extents) {
        assertTrue(e.address() >= at, "sorted and disjoint: " + e);
        at = e.end();
      }
      assertTrue(at <= fa.size(), "inside the file");
      assertTrue(extents.size() >= 4, "header, blocks and two trees at least");
      System.out.printf("%s object %d: %d extents, %d bytes of %d%n", file.getFileName(), ohdr,
          extents.size(), Extent.total(extents), fa.size());
      return extents;
    }
  }

  @Test
  void denseGroupAndAttributesMadeByLibhdf5() throws Exception {
    Path file = dir.resolve("dense.h5");
    Map<String, Long> addr = run(FractalHeapOracleTest.SCRIPT, file);
    check(file, addr.get("group"), 2);
    check(file, addr.get("dset"), 0x15);
    List<Extent> huge = check(dir.resolve("dense.h5.huge.h5"), addr.get("huge"), 0x15);
    assertTrue(huge.stream().anyMatch(e -> e.size() >= 20000 * 8), "the huge attribute");
  }

  @Test
  void heapWithFreeSpaceManagerMadeByLibhdf5() throws Exception {
    Path file = dir.resolve("deleted.h5");
    Map<String, Long> addr = run(DELETIONS, file);
    List<Extent> extents = check(file, addr.get("group"), 2);
    byte[] bytes = Files.readAllBytes(file);
    long[] dense = OracleFiles.denseAddresses(OracleFiles.findMessage(bytes, addr.get("group"), 2),
        false);
    try (FileAccess fa = FileAccess.openRead(file)) {
      long fsm = FractalHeap.open(fa, dense[0]).header().freeSpaceManagerAddress();
      System.out.println("free-space manager at " + fsm);
      if (FileParams.isDefined(fsm)) {
        assertTrue(extents.stream().anyMatch(e -> e.address() == fsm), "manager header listed");
      }
    }
  }
}
