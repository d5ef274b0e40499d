package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input fails the query, soon, with a message naming the file and the dataset: a dataset
 * the file lacks (or the current version of a versioned file read without a version), a file
 * that is no HDF5 file, and a deflate chunk h5py wrote whose bytes are then overwritten with
 * garbage (found with h5py's {@code get_chunk_info}), whose message names the chunk too.
 */
@OracleTest
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SparkBadInputTest {
  private static final String WRITE = String.join("\n",
      "import h5py, numpy as np, json, sys",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    f.create_dataset('x', data=np.arange(40 * 6, dtype='i4').reshape(40, 6),"
          + " chunks=(10, 6), compression='gzip')",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    c = f['x'].id.get_chunk_info(2)",
      "    print(json.dumps({'offset': list(c.chunk_offset), 'address': c.byte_offset,"
          + " 'size': c.size}))");

  private static Dataset<Row> read(Path file, String dataset) {
    return TestSpark.session().read().format("hdf5").option("dataset", dataset)
        .load(file.toString());
  }

  @Test
  void aMissingDatasetNamesTheFileAndTheDataset(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("good.h5");
    Oracles.python(WRITE, file.toString());
    Exception e = assertThrows(Exception.class, () -> read(file, "/nope").collectAsList());
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("/nope"),
        e.getMessage());
  }

  @Test
  void aDatasetTheCurrentVersionLacksNamesTheFileTheDatasetAndTheVersion() {
    Path file = io.h5j.testing.Fixtures.dir().resolve(
        "versioned-hdf5/smoke-2.4.1.dev-5389a78.h5");
    Exception e = assertThrows(Exception.class, () -> read(file, "/nope").collectAsList());
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("/nope")
        && e.getMessage().contains("version v3"), e.getMessage());
  }

  @Test
  void aFileThatIsNoHdf5NamesTheFileAndTheDataset(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("junk.h5");
    byte[] junk = new byte[8192];
    Arrays.fill(junk, (byte) 0x5a);
    Files.write(file, junk);
    Exception e = assertThrows(Exception.class, () -> read(file, "/x").collectAsList());
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("/x")
        && e.getMessage().contains("not an HDF5 file"), e.getMessage());
  }

  @Test
  void aCorruptDeflateChunkFailsTheJobNamingFileDatasetAndChunk(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("corrupt.h5");
    JsonNode chunk = new ObjectMapper().readTree(Oracles.python(WRITE, file.toString()));
    byte[] garbage = new byte[chunk.get("size").asInt()];
    Arrays.fill(garbage, (byte) 0xff);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(chunk.get("address").asLong());
      f.write(garbage);
    }
    long row = chunk.get("offset").get(0).asLong();
    // the rows of the other chunks still read
    assertEquals(row * 6, read(file, "/x").where("i0 < " + row).count());
    Exception e = assertThrows(Exception.class, () -> read(file, "/x").collectAsList());
    String m = e.getMessage();
    assertTrue(m.contains(file.toString()) && m.contains("/x"), m);
    assertTrue(m.contains("chunk [" + row + ", 0]"), "no chunk named in: " + m);
  }
}
