package io.h5j;

import io.h5j.format.H5FormatException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.dataset.EngineFile;
import io.h5j.format.dataset.ExternalSegments;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.ExternalFileList;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Contiguous datasets whose bytes live in external files (the external data files message),
 * written by h5py: h5j reads what libhdf5 reads, finds the files where libhdf5 finds them, and
 * its writes land where libhdf5 reads them back.
 */
@OracleTest
class ExternalStorageTest {
  /**
   * h5py stores int32 0..59 as a (6, 10) dataset in three segments of 80 bytes: two files,
   * one at a nonzero offset and one file holding two segments; names as the caller gives.
   */
  private static final String MAKE = String.join("\n",
      "import sys, os, h5py, numpy as np",
      "d = sys.argv[1]; rel = sys.argv[2] == 'relative'",
      "name = lambda n: n if rel else os.path.join(d, n)",
      "os.chdir(d)  # libhdf5 creates relative names in the working directory",
      "with h5py.File(os.path.join(d, 'ext.h5'), 'w') as f:",
      "    f.create_dataset('e', data=np.arange(60, dtype='<i4').reshape(6, 10),",
      "        external=[(name('a.bin'), 16, 80), (name('b.bin'), 0, 80), (name('a.bin'), 200, 80)])");

  private static final int[] VALUES = IntStream.range(0, 60).toArray();

  private static Path make(boolean relative) throws IOException {
    Path dir = Files.createTempDirectory("h5j-efl");
    Oracles.python(MAKE, dir.toString(), relative ? "relative" : "absolute");
    return dir;
  }

  @Test
  void readsWhatH5pyStoredInExternalFiles() throws IOException {
    Path dir = make(false);
    try (H5File f = H5File.open(dir.resolve("ext.h5"))) {
      Dataset d = f.dataset("e");
      assertArrayEquals(VALUES, (int[]) d.read());
      assertArrayEquals(new int[] {13, 14, 15, 23, 24, 25, 33, 34, 35, 43, 44, 45},
          (int[]) d.read(Selection.box(new long[] {1, 3}, new long[] {4, 3})));
      ByteBuffer buf = ByteBuffer.allocateDirect(10 * 4).order(ByteOrder.LITTLE_ENDIAN);
      d.read(Selection.box(new long[] {5, 0}, new long[] {1, 10}), buf);
      for (int i = 0; i < 10; i++) {
        assertEquals(50 + i, buf.getInt(4 * i), "element (5, " + i + ")");
      }
    }
  }

  @Test
  void relativeNamesResolveAsLibhdf5ResolvesThem() throws IOException {
    Path dir = make(true);
    try (H5File f = H5File.open(dir.resolve("ext.h5"))) {
      if (System.getenv("HDF5_EXTFILE_PREFIX") == null) {
        // libhdf5's default: relative to the working directory, where the files are not
        NoSuchFileException e = assertThrows(NoSuchFileException.class,
            () -> f.dataset("e").read());
        assertTrue(e.getMessage().contains("a.bin") && e.getMessage().contains("/e"),
            e.getMessage());
      }
      f.externalFilePrefix("${ORIGIN}");
      assertArrayEquals(VALUES, (int[]) f.dataset("e").read());
    }
  }

  @Test
  void bytesPastAnExternalFilesEndReadAsZerosAsInLibhdf5() throws IOException {
    Path dir = make(false);
    Path b = dir.resolve("b.bin");
    Files.write(b, java.util.Arrays.copyOf(Files.readAllBytes(b), 30)); // 7.5 ints of 20
    String py = Oracles.python(String.join("\n",
        "import sys, h5py",
        "print(' '.join(map(str, h5py.File(sys.argv[1], 'r')['e'][()].ravel())))"),
        dir.resolve("ext.h5").toString());
    try (H5File f = H5File.open(dir.resolve("ext.h5"))) {
      int[] ours = (int[]) f.dataset("e").read();
      assertEquals(py.trim(), String.join(" ", IntStream.of(ours).mapToObj(Integer::toString)
          .toArray(String[]::new)));
      assertEquals(0, ours[30], "past b.bin's end");
      assertEquals(40, ours[40], "third segment, back in a.bin");
    }
  }

  @Test
  void writesGoToTheExternalFilesAndLibhdf5ReadsThem() throws IOException {
    Path dir = make(false);
    int[] model = VALUES.clone();
    try (H5File f = H5File.openReadWrite(dir.resolve("ext.h5"))) {
      Dataset d = f.dataset("e");
      int[] box = {-1, -2, -3, -4, -5, -6};
      d.write(Selection.box(new long[] {1, 8}, new long[] {3, 2}), box);
      for (int i = 0; i < 3; i++) {
        model[(1 + i) * 10 + 8] = box[2 * i];
        model[(1 + i) * 10 + 9] = box[2 * i + 1];
      }
      assertArrayEquals(model, (int[]) d.read());
    }
    long h5Size = Files.size(dir.resolve("ext.h5"));
    String py = Oracles.python(String.join("\n",
        "import sys, h5py",
        "print(' '.join(map(str, h5py.File(sys.argv[1], 'r')['e'][()].ravel())))"),
        dir.resolve("ext.h5").toString());
    assertEquals(String.join(" ", IntStream.of(model).mapToObj(Integer::toString)
        .toArray(String[]::new)), py.trim());
    assertTrue(Oracles.h5dump(dir.resolve("ext.h5"), "-d", "/e").contains("-6"));

    int[] whole = IntStream.range(0, 60).map(i -> 1000 - i).toArray();
    try (H5File f = H5File.openReadWrite(dir.resolve("ext.h5"))) {
      f.dataset("e").write(whole);
    }
    assertEquals(h5Size, Files.size(dir.resolve("ext.h5")), "no data went into the HDF5 file");
    py = Oracles.python(String.join("\n",
        "import sys, h5py",
        "print(' '.join(map(str, h5py.File(sys.argv[1], 'r')['e'][()].ravel())))"),
        dir.resolve("ext.h5").toString());
    assertEquals(String.join(" ", IntStream.of(whole).mapToObj(Integer::toString)
        .toArray(String[]::new)), py.trim());
  }

  @Test
  void namesResolveByLibhdf5sRule() throws IOException {
    Path dir = make(false);
    Path folder = dir.toAbsolutePath();
    try (H5File h5 = H5File.open(dir.resolve("ext.h5"))) {
      EngineFile f = h5.engine();
      assertEquals(Path.of("/x/a.bin"), ExternalSegments.resolve("/x/a.bin", "${ORIGIN}", f));
      assertEquals(Path.of("a.bin"), ExternalSegments.resolve("a.bin", "", f));
      assertEquals(folder.resolve("a.bin"), ExternalSegments.resolve("a.bin", "${ORIGIN}", f));
      assertEquals(folder.resolve("sub/a.bin"),
          ExternalSegments.resolve("a.bin", "${ORIGIN}/sub", f));
      assertEquals(Path.of("/p/a.bin"), ExternalSegments.resolve("a.bin", "/p", f));
      assertEquals(Path.of("/p/${ORIGIN}/a.bin"),
          ExternalSegments.resolve("a.bin", "/p/${ORIGIN}", f), "only a leading ${ORIGIN}");
    }
  }

  @Test
  void malformedListsAreFormatErrors() {
    FileParams p = FileParams.DEFAULT;
    // used slots beyond the allocated ones
    byte[] tooMany = {1, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    assertThrows(io.h5j.format.H5FormatException.class, () -> ExternalFileList.decode(
        new ByteReader(tooMany, 100, "external file list", p)));
    // an unlimited segment that is not the last
    byte[] unlimitedFirst = new byte[8 + 8 + 2 * 24];
    unlimitedFirst[0] = 1;
    unlimitedFirst[4] = 2;
    unlimitedFirst[6] = 2;
    java.util.Arrays.fill(unlimitedFirst, 16 + 16, 16 + 24, (byte) 0xff);
    H5FormatException e = assertThrows(H5FormatException.class, () -> ExternalFileList.decode(
        new ByteReader(unlimitedFirst, 100, "external file list", p)));
    assertTrue(e.getMessage().contains("slot 0"), e.getMessage());
    // a truncated list
    assertThrows(H5FormatException.class, () -> ExternalFileList.decode(
        new ByteReader(new byte[] {1, 0, 0, 0, 1, 0, 1, 0, 0}, 100, "external file list", p)));
  }
}
