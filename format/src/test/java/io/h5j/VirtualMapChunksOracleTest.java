package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A virtual dataset made with {@link VirtualSpec#mapChunks}, as versioned-hdf5 lays one out
 * (each chunk from a chunk-sized box of a raw dataset stacked along axis 0; the shape not a
 * multiple of the chunk, so edge chunks are cut; some chunks unmapped): libhdf5 (h5py) reads
 * every element as the model below says, and libhdf5 2.0 (h5wasm) the compact encoding. Beside
 * it, /w maps every chunk in C order, the call a commit usually makes.
 */
@OracleTest
class VirtualMapChunksOracleTest {
  private static final long[] SHAPE = {11, 7};
  private static final long[] CHUNK = {4, 3};
  private static final int GRID_ROWS = 3;
  private static final int GRID_COLS = 3;
  /** Raw chunks, stacked along axis 0. */
  private static final int RAW_CHUNKS = 12;

  /**
   * The raw chunk that virtual chunk (r, c) maps, or -1 for none (reads as the fill): /v
   * leaves one unmapped, /w ({@code every}) none.
   */
  private static int rawChunk(int r, int c, boolean every) {
    int k = r * GRID_COLS + c;
    return k == 4 && !every ? -1 : (k * 5 + 3) % RAW_CHUNKS;
  }

  @Test
  void h5pyReadsChunkMappingsAsTheModel() throws Exception {
    Oracles.requireH5py();
    Path file = Files.createTempFile("h5j-vds-chunks", ".h5");
    try {
      write(file, false);
      String script = "import h5py, sys, json\n"
          + "f = h5py.File(sys.argv[1], 'r')\n"
          + "print(json.dumps([f[n][()].tolist() for n in ('v', 'w')]))\n";
      JsonNode both = new ObjectMapper().readTree(Oracles.python(script, file.toString()));
      for (int w = 0; w < 2; w++) {
        JsonNode rows = both.get(w);
        assertEquals(SHAPE[0], rows.size());
        for (int i = 0; i < SHAPE[0]; i++) {
          for (int j = 0; j < SHAPE[1]; j++) {
            assertEquals(expected(i, j, w == 1), rows.get(i).get(j).asLong(),
                "vw".charAt(w) + "[" + i + "][" + j + "]");
          }
        }
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** The same in the compact encoding (HDF5 2.0's block v1): libhdf5 2.0 (h5wasm) reads it. */
  @Test
  void h5wasmReadsCompactChunkMappingsAsTheModel() throws Exception {
    Oracles.requireH5wasm();
    Path file = Files.createTempFile("h5j-vds-chunks-compact", ".h5");
    try {
      write(file, true);
      for (String name : new String[] {"/v", "/w"}) {
        JsonNode values = Oracles.h5wasm(file, name).get("datasets").get(name).get("values");
        assertEquals(SHAPE[0] * SHAPE[1], values.size());
        for (int i = 0; i < SHAPE[0]; i++) {
          for (int j = 0; j < SHAPE[1]; j++) {
            assertEquals(expected(i, j, name.equals("/w")),
                values.get((int) (i * SHAPE[1] + j)).asLong(), name + "[" + i + "][" + j + "]");
          }
        }
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Writes /raw and the virtual datasets /v and /w of the model. */
  private static void write(Path file, boolean compact) throws Exception {
    long rawRows = RAW_CHUNKS * CHUNK[0];
    long[] raw = new long[(int) (rawRows * CHUNK[1])];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = i;
    }
    int n = 0;
    long[] coords = new long[2 * GRID_ROWS * GRID_COLS];
    long[] starts = new long[coords.length];
    for (int c = GRID_COLS - 1; c >= 0; c--) { // not in C order: order is the caller's
      for (int r = 0; r < GRID_ROWS; r++) {
        if (rawChunk(r, c, false) >= 0) {
          coords[2 * n] = r;
          coords[2 * n + 1] = c;
          starts[2 * n] = rawChunk(r, c, false) * CHUNK[0];
          n++;
        }
      }
    }
    VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, SHAPE).fillValue(-1L).mapChunks(".",
        "/raw", CHUNK, java.util.Arrays.copyOf(coords, 2 * n),
        java.util.Arrays.copyOf(starts, 2 * n));
    n = 0;
    for (int r = 0; r < GRID_ROWS; r++) { // every chunk, in C order
      for (int c = 0; c < GRID_COLS; c++, n++) {
        coords[2 * n] = r;
        coords[2 * n + 1] = c;
        starts[2 * n] = rawChunk(r, c, true) * CHUNK[0];
      }
    }
    VirtualSpec ordered = VirtualSpec.of(Datatypes.INT64, SHAPE).fillValue(-1L)
        .mapChunks(".", "/raw", CHUNK, coords, starts);
    try (H5File f = H5File.create(file)) {
      f.root().createDataset("raw", DatasetSpec.of(raw).shape(rawRows, CHUNK[1]));
      f.root().createVirtualDataset("v", compact ? spec.compactEncoding() : spec);
      f.root().createVirtualDataset("w", compact ? ordered.compactEncoding() : ordered);
    }
  }

  /** Element (i, j): the same place in its chunk of the raw chunk mapped there. */
  private static long expected(int i, int j, boolean every) {
    int k = rawChunk((int) (i / CHUNK[0]), (int) (j / CHUNK[1]), every);
    if (k < 0) {
      return -1;
    }
    long rawRow = k * CHUNK[0] + i % CHUNK[0];
    return rawRow * CHUNK[1] + j % CHUNK[1];
  }
}
