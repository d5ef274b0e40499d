package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Datatypes;
import io.h5j.type.FixedPointType;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chunk of 4 GiB or more: libhdf5 refuses to create the dataset (and could not open one),
 * so h5j refuses it too, before writing anything; just under the bound both create it. h5py
 * answers the same request each time, and h5dump reads what h5j made.
 */
@OracleTest
class ChunkSizeLimitTest {
  private static final String LIBHDF5_ANSWER = String.join("\n",
      "import sys, h5py",
      "size, shape, chunks = int(sys.argv[2]), eval(sys.argv[3]), eval(sys.argv[4])",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    try:",
      "        f.create_dataset('x', shape, 'u%d' % size, chunks=chunks)",
      "        print('created')",
      "    except ValueError as e:",
      "        print('refused', e)");

  @ParameterizedTest
  @CsvSource(delimiter = ';', value = {
      "8; 65536 8191; 65536 8191",
      "8; 65536 8192; 65536 8192",
      "8; 1024 1024 512; 1024 1024 512",
      "1; 4294967295; 4294967295",
      "1; 4294967296; 4294967296",
      "1; 3 1431655765; 3 1431655765",
      "2; 3 715827883; 3 715827883",
      "4; 1 2 536870912; 1 2 536870912"})
  void h5jCreatesExactlyTheChunksLibhdf5Creates(int size, String shapeText, String chunkText)
      throws Exception {
    long[] shape = dims(shapeText);
    long[] chunks = dims(chunkText);
    Path dir = Files.createTempDirectory("h5j-chunk-limit");
    Path theirs = dir.resolve("h5py.h5");
    Path ours = dir.resolve("h5j.h5");
    String answer = Oracles.python(LIBHDF5_ANSWER, theirs.toString(), String.valueOf(size),
        tuple(shape), tuple(chunks));
    boolean libhdf5Created = answer.startsWith("created");
    // a dimension of 2^32 or more is refused first, for itself (a bigger chunk all the same)
    assertTrue(libhdf5Created || answer.contains("chunk size must be < 4GB")
        || answer.contains("chunk dimensions must be less than 2^32"), answer);

    FixedPointType type = size == 8 ? Datatypes.UINT64 : size == 4 ? Datatypes.UINT32
        : size == 2 ? Datatypes.UINT16 : Datatypes.UINT8;
    boolean h5jCreated;
    try (H5File f = H5File.create(ours)) {
      f.root().createDataset("x", DatasetSpec.empty(type, shape).chunks(chunks));
      h5jCreated = true;
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("4 GiB"), e.getMessage());
      h5jCreated = false;
    }
    assertEquals(libhdf5Created, h5jCreated, "libhdf5: " + answer);

    String dump = Oracles.h5dump(ours, "-p", "-H");
    String chunked = "CHUNKED ( " + Arrays.stream(chunks).mapToObj(Long::toString)
        .collect(Collectors.joining(", ")) + " )";
    if (h5jCreated) {
      assertTrue(dump.contains(chunked), dump);
    } else {
      assertFalse(dump.contains("DATASET \"x\""), "the refused dataset was written:\n" + dump);
    }
  }

  private static long[] dims(String text) {
    return Arrays.stream(text.trim().split(" ")).mapToLong(Long::parseLong).toArray();
  }

  private static String tuple(long[] dims) {
    return "(" + Arrays.stream(dims).mapToObj(Long::toString)
        .collect(Collectors.joining(", ")) + ",)";
  }
}
