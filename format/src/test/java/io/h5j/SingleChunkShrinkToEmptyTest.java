package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A single-chunk dataset (chunk, shape and maximum shape equal) resized to no elements keeps
 * its single chunk index, as libhdf5 1.10.8 keeps it: h5debug (libhdf5's) names the index of
 * h5j's file and of libhdf5's after the same resize. libhdf5 frees the chunk but leaves its
 * address in the layout message (a later session that grows the dataset back reads the old
 * values there, or fails past the end of the file); h5j stores no address, as for a chunk
 * never written, so libhdf5 and h5j grow h5j's file back to fill values and write into it.
 */
@OracleTest
class SingleChunkShrinkToEmptyTest {
  /** How h5debug prints the undefined address. */
  private static final String UNDEFINED = Long.toUnsignedString(-1L);

  /** libhdf5 makes /d, 4 x 3 int32 in one chunk (fill -7, values 1..12), then /after. */
  private static final String MAKE = String.join("\n",
      "import sys, h5py, numpy as np",
      "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
      "    f.create_dataset('d', data=np.arange(1, 13, dtype='<i4').reshape(4, 3), chunks=(4, 3),",
      "                     maxshape=(4, 3), fillvalue=-7,",
      "                     compression='gzip' if sys.argv[2] == '1' else None)",
      "    f.create_dataset('after', data=np.arange(100))",
      "    print(h5py.h5o.get_info(f['d'].id).addr)");

  /** libhdf5 resizes /d to argv[2] (e.g. "0,3"). */
  private static final String RESIZE = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    f['d'].resize(tuple(map(int, sys.argv[2].split(','))))");

  /**
   * libhdf5 grows /d back to 4 x 3, prints it, writes 50, 51 into row 1 (columns 1, 2) and
   * prints /d again and its stored chunks (offset, filter mask).
   */
  private static final String GROW_AND_WRITE = String.join("\n",
      "import sys, h5py, numpy as np",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    d = f['d']",
      "    d.resize((4, 3))",
      "    print(d[()].tolist())",
      "    d[1, 1:3] = [50, 51]",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    d = f['d']",
      "    print(d[()].tolist(), [(d.id.get_chunk_info(i).chunk_offset,",
      "                            d.id.get_chunk_info(i).filter_mask)",
      "                           for i in range(d.id.get_num_chunks())])");

  @ParameterizedTest(name = "gzip {0}, resized to {1}")
  @CsvSource({"0, '0,3'", "0, '0,0'", "1, '4,0'", "1, '0,0'"})
  void shrunkToNoElementsItStaysASingleChunkIndex(int gzip, String empty) throws Exception {
    Path lib = Files.createTempFile("single-empty-lib", ".h5");
    Path ours = Files.createTempFile("single-empty", ".h5");
    long header = Long.parseLong(Oracles.python(MAKE, lib.toString(), "" + gzip).strip());
    Files.copy(lib, ours, StandardCopyOption.REPLACE_EXISTING);
    Oracles.python(RESIZE, lib.toString(), empty);
    long[] dims = java.util.Arrays.stream(empty.split(",")).mapToLong(Long::parseLong)
        .toArray();
    try (H5File f = H5File.openReadWrite(ours)) {
      f.dataset("d").resize(dims);
    }

    String libIndex = index(lib, header);
    String ourIndex = index(ours, header);
    assertTrue(libIndex.startsWith("Single Chunk at "), libIndex);
    assertTrue(!libIndex.endsWith(UNDEFINED), "libhdf5 leaves the freed chunk's address: "
        + libIndex);
    assertEquals("Single Chunk at " + UNDEFINED, ourIndex);
    try (H5File f = H5File.open(ours)) {
      Dataset d = f.dataset("d");
      assertEquals(ChunkIndex.SINGLE_CHUNK,
          ((LayoutMessage.Chunked) d.layoutMessage()).indexType());
      assertArrayEquals(dims, d.shape());
      assertEquals(0, ((int[]) d.read()).length);
    }
    assertTrue(Oracles.h5dump(ours, "-d", "/d").contains("SIMPLE { ( " + empty.replace(",",
        ", ") + " ) / ( 4, 3 ) }"));

    // libhdf5 grows h5j's file back: fill values, then writes a new chunk into it
    Path libGrows = Files.copy(ours, ours.resolveSibling(ours.getFileName() + ".lib.h5"),
        StandardCopyOption.REPLACE_EXISTING);
    String grown = Oracles.python(GROW_AND_WRITE, libGrows.toString());
    int[] written = {-7, -7, -7, -7, 50, 51, -7, -7, -7, -7, -7, -7};
    assertEquals(String.join("\n", "[[-7, -7, -7], [-7, -7, -7], [-7, -7, -7], [-7, -7, -7]]",
        "[[-7, -7, -7], [-7, 50, 51], [-7, -7, -7], [-7, -7, -7]] [((0, 0), 0)]"),
        grown.strip());
    try (H5File f = H5File.open(libGrows)) {
      assertArrayEquals(written, (int[]) f.dataset("d").read());
    }

    // h5j grows it back and writes the same: libhdf5 reads what it wrote itself
    try (H5File f = H5File.openReadWrite(ours)) {
      Dataset d = f.dataset("d");
      d.resize(4, 3);
      assertArrayEquals(new int[] {-7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7},
          (int[]) d.read());
      d.write(Selection.box(new long[] {1, 1}, new long[] {1, 2}), new int[] {50, 51});
    }
    String[] read = Oracles.python(GROW_AND_WRITE, ours.toString()).strip().split("\n");
    assertEquals(grown.strip().split("\n")[1], read[1]);
    assertEquals("Single Chunk at", index(ours, header).substring(0, 15));
    Files.deleteIfExists(lib);
    Files.deleteIfExists(ours);
    Files.deleteIfExists(libGrows);
  }

  /** The chunk index type and address h5debug reads in the layout message of {@code header}. */
  private static String index(Path file, long header) throws Exception {
    Oracles.requireH5dump(); // h5debug comes with h5dump (hdf5-tools)
    Oracles.Run r = Oracles.run(List.of("h5debug", file.toString(), "" + header));
    assertEquals(0, r.exitCode(), r.stderr());
    Matcher m = Pattern.compile("Index Type:\\s+(.+?)\\s*\\n\\s*Index address:\\s+(\\S+)")
        .matcher(r.stdout());
    assertTrue(m.find(), r.stdout());
    return m.group(1) + " at " + m.group(2);
  }
}
