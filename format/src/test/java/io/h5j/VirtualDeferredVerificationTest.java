package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.format.H5FormatException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.format.dataset.VirtualData;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A versioned-style virtual dataset whose mapping block (16,384 mappings, 1.4 MB) loads in the
 * background: reads made meanwhile with {@link H5File#deferVirtualBlockVerification()} equal
 * h5py's values; a wrong checksum fails the first read by default and the reads after the
 * check with the option; a block the probe misreads (an overlapping mapping after the grid)
 * is caught when the check completes. By default the dataset's open loads and verifies a block
 * of 1 MiB or more, as libhdf5's does, and the reads after it use that block; a smaller block is
 * loaded by the first read.
 */
@OracleTest
class VirtualDeferredVerificationTest {
  private static final int CELLS = 128; // per dimension: 16,384 mappings of 2 x 2
  private static final int N = 2 * CELLS;

  /** Writes /raw and /v (cell k maps raw rows 2 p(k), 2 p(k) + 1); plus {@code extra}. */
  private static void write(Path file, boolean overlap) throws IOException {
    write(file, overlap, "/raw");
  }

  /** As {@link #write(Path, boolean)}, the mappings naming {@code source} as their source. */
  private static void write(Path file, boolean overlap, String source) throws IOException {
    int rows = 2 * CELLS * CELLS + 2;
    int[] raw = new int[rows * 2];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = 3 * i + 1;
    }
    Random rnd = new Random(11);
    int[] perm = new int[CELLS * CELLS];
    for (int i = 0; i < perm.length; i++) {
      int j = rnd.nextInt(i + 1);
      perm[i] = perm[j];
      perm[j] = i;
    }
    try (H5File f = H5File.create(file)) {
      f.root().createDataset("raw", DatasetSpec.of(raw).shape(rows, 2).chunks(2, 2));
      VirtualSpec v = VirtualSpec.of(Datatypes.INT32, N, N).fillValue(-1);
      long[] box = {2, 2};
      for (int k = 0; k < perm.length; k++) {
        v.map(".", source, new long[] {2L * perm[k], 0}, new long[] {2L * (k / CELLS),
            2L * (k % CELLS)}, box);
      }
      if (overlap) { // after the grid: covers column 1 of cell (0, 0) and column 2 of (0, 1)
        v.map(".", "/raw", new long[] {rows - 2, 0}, new long[] {0, 1}, box);
      }
      f.root().createVirtualDataset("v", v);
    }
  }

  /** h5py's values of /v, flat. */
  private static int[] h5py(Path file) throws IOException {
    JsonNode a = new ObjectMapper().readTree(Oracles.python(String.join("\n",
        "import h5py, json, sys",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "  print(json.dumps(f['v'][()].ravel().tolist()))"), file.toString()));
    int[] out = new int[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).asInt();
    }
    return out;
  }

  private static int[] read(Dataset d, long r, long c, long h, long w) throws IOException {
    return (int[]) d.read(Selection.box(new long[] {r, c}, new long[] {h, w}));
  }

  private static int[] expected(int[] all, long r, long c, long h, long w) {
    int[] out = new int[(int) (h * w)];
    for (int i = 0; i < h; i++) {
      for (int j = 0; j < w; j++) {
        out[(int) (i * w + j)] = all[(int) ((r + i) * N + c + j)];
      }
    }
    return out;
  }

  @Test
  void readsBeforeTheCheckEqualH5py() throws Exception {
    Path file = Files.createTempFile("vds-deferred", ".h5");
    try {
      write(file, false);
      int[] truth = h5py(file);
      Random rnd = new Random(5);
      for (int round = 0; round < 6; round++) {
        try (H5File f = H5File.open(file).deferVirtualBlockVerification()) {
          Dataset d = f.dataset("v");
          for (int k = 0; k < 20; k++) { // single elements, then boxes over up to 3 x 3 cells
            long h = k < 10 ? 1 : 1 + rnd.nextInt(5);
            long w = k < 10 ? 1 : 1 + rnd.nextInt(5);
            long r = rnd.nextInt((int) (N - h + 1));
            long c = rnd.nextInt((int) (N - w + 1));
            assertArrayEquals(expected(truth, r, c, h, w), read(d, r, c, h, w),
                "round " + round + " at " + r + ", " + c);
          }
          assertEquals(CELLS * CELLS, d.virtualMappings().count()); // waits for the check
          assertArrayEquals(truth, (int[]) d.read());
        }
      }
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void aWrongChecksumFailsTheFirstReadOrEveryReadAfterTheDeferredCheck() throws Exception {
    Path file = Files.createTempFile("vds-deferred-bad", ".h5");
    try {
      write(file, false);
      int[] truth = h5py(file);
      byte[] block = storedBlock(file);
      byte[] all = Files.readAllBytes(file);
      int at = indexOf(all, block);
      all[at + block.length - 1] ^= 0x40; // the checksum's last byte
      Files.write(file, all);
      try (H5File f = H5File.open(file)) {
        H5FormatException e = assertThrows(H5FormatException.class,
            () -> read(f.dataset("v"), 5, 7, 1, 1));
        assertTrue(e.getMessage().contains("checksum") && e.getMessage().contains("/v"),
            e.getMessage());
      }
      try (H5File f = H5File.open(file).deferVirtualBlockVerification()) {
        Dataset d = f.dataset("v");
        assertArrayEquals(expected(truth, 5, 7, 1, 1), read(d, 5, 7, 1, 1));
        assertThrows(H5FormatException.class, d::virtualMappings);
        H5FormatException e = assertThrows(H5FormatException.class,
            () -> read(d, 5, 7, 1, 1));
        assertTrue(e.getMessage().contains("checksum")
            && e.getMessage().contains("may be wrong"), e.getMessage());
      }
      String out = Oracles.python(String.join("\n",
          "import h5py, sys",
          "try:",
          "  with h5py.File(sys.argv[1], 'r') as f:",
          "    f['v'][5, 7]",
          "  print('read')",
          "except Exception as e:",
          "  print('refused')"), file.toString());
      assertEquals("refused", out.trim(), "libhdf5 refuses the damaged block too");
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void byDefaultTheOpenLoadsAndVerifiesTheBlockSoReadsDoNotNeedIt() throws Exception {
    Path file = Files.createTempFile("vds-open-verifies", ".h5");
    try {
      write(file, false);
      int[] truth = h5py(file);
      byte[] block = storedBlock(file);
      try (H5File f = H5File.open(file)) {
        Dataset d = f.dataset("v");
        zeroStoredBlock(file, block); // after the open: reads use the block the open verified
        assertArrayEquals(expected(truth, 77, 201, 3, 5), read(d, 77, 201, 3, 5));
        assertArrayEquals(truth, (int[]) d.read());
      }
      try (H5File f = H5File.open(file)) {
        Dataset d = f.dataset("v"); // the open of a bad block succeeds: metadata stay readable
        assertArrayEquals(new long[] {N, N}, d.shape());
        H5FormatException e = assertThrows(H5FormatException.class,
            () -> read(d, 5, 7, 1, 1));
        assertTrue(e.getMessage().contains("/v"), e.getMessage());
      }
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void aSmallBlockIsLeftForTheFirstRead() throws Exception {
    Path file = Files.createTempFile("vds-open-small", ".h5");
    try {
      int[] raw = new int[64];
      try (H5File f = H5File.create(file)) {
        f.root().createDataset("raw", DatasetSpec.of(raw).shape(32, 2).chunks(2, 2));
        VirtualSpec v = VirtualSpec.of(Datatypes.INT32, 32, 2).fillValue(-1);
        for (int k = 0; k < 16; k++) {
          v.map(".", "/raw", new long[] {2L * k, 0}, new long[] {2L * k, 0}, new long[] {2, 2});
        }
        f.root().createVirtualDataset("v", v);
      }
      byte[] block = storedBlock(file);
      assertTrue(block.length < VirtualData.VERIFIED_AT_OPEN_BYTES);
      try (H5File f = H5File.open(file)) {
        Dataset d = f.dataset("v");
        zeroStoredBlock(file, block);
        // the open did not read the block: the first read loads the zeroed one and refuses it
        H5FormatException e = assertThrows(H5FormatException.class, () -> read(d, 3, 1, 1, 1));
        assertTrue(e.getMessage().contains("/v"), e.getMessage());
      }
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void aMappingThatTheProbeMissesIsCaughtWhenTheCheckCompletes() throws Exception {
    Path file = Files.createTempFile("vds-deferred-overlap", ".h5");
    try {
      write(file, true);
      int[] truth = h5py(file);
      try (H5File f = H5File.open(file)) {
        assertArrayEquals(expected(truth, 0, 0, 2, 4), read(f.dataset("v"), 0, 0, 2, 4));
      }
      try (H5File f = H5File.open(file).deferVirtualBlockVerification()) {
        Dataset d = f.dataset("v");
        read(d, 1, 1, 1, 1); // found through the probe: the grid's mapping, not the later one
        d.virtualMappings();
        H5FormatException e = assertThrows(H5FormatException.class,
            () -> read(d, 100, 100, 1, 1));
        assertTrue(e.getMessage().contains("may be wrong"), e.getMessage());
      }
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void openingTheDatasetOpensTheSourceOfItsFirstMappingUnlessDeferred() throws Exception {
    Path file = Files.createTempFile("vds-deferred-open", ".h5");
    try {
      write(file, false);
      int[] truth = h5py(file);
      for (boolean deferred : new boolean[] {true, false}) {
        try (H5File f = H5File.open(file)) {
          if (deferred) {
            f.deferVirtualBlockVerification();
          }
          long raw = f.dataset("raw").address();
          assertTrue(f.context().derived(raw, "chunked", () -> null) == null,
              "/raw's chunk index opened by the open of /raw");
          Dataset d = f.dataset("v");
          // verified before reads, /raw's chunk access was derived by the open of /v, not by
          // the read below; deferred, the open reads nothing of the block nor of the sources
          assertEquals(!deferred, f.context().derived(raw, "chunked", () -> null) != null,
              deferred ? "the deferred open of /v opened /raw's chunk index"
                  : "opening /v did not open /raw's chunk index");
          assertArrayEquals(expected(truth, 9, 200, 1, 1), read(d, 9, 200, 1, 1));
        }
      }
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void aSourceThatCannotBeOpenedFailsTheReadNotTheOpen() throws Exception {
    Path file = Files.createTempFile("vds-deferred-missing", ".h5");
    try {
      write(file, false, "/gone");
      int[] truth = h5py(file); // libhdf5 reads a missing source as the fill value
      assertEquals(-1, truth[N + 3]);
      for (boolean deferred : new boolean[] {true, false}) {
        try (H5File f = H5File.open(file)) {
          if (deferred) {
            f.deferVirtualBlockVerification();
          }
          Dataset d = f.dataset("v");
          java.io.FileNotFoundException e = assertThrows(java.io.FileNotFoundException.class,
              () -> read(d, 1, 3, 1, 1));
          assertTrue(e.getMessage().contains("/v, mapping ")
              && e.getMessage().contains("/gone"), e.getMessage());
        }
      }
      try (H5File f = H5File.open(file).deferVirtualBlockVerification()
          .fillMissingVirtualSources(true)) {
        assertArrayEquals(expected(truth, 1, 3, 2, 2), read(f.dataset("v"), 1, 3, 2, 2));
      }
    } finally {
      Files.delete(file);
    }
  }

  /** The stored bytes of /v's mapping block. */
  private static byte[] storedBlock(Path file) throws IOException {
    try (H5File f = H5File.open(file)) {
      return f.dataset("v").virtualMappings().bytes();
    }
  }

  /** Overwrites {@code block}, /v's mapping block as stored, with zeros in the file. */
  private static void zeroStoredBlock(Path file, byte[] block) throws IOException {
    int at = indexOf(Files.readAllBytes(file), block);
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
        java.nio.file.StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(new byte[block.length]), at);
    }
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("block not found in the file");
  }
}
