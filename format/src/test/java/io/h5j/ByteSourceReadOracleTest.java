package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.format.ByteSource;
import io.h5j.format.CachingByteSource;
import io.h5j.format.H5FormatException;
import io.h5j.testing.MemorySource;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file h5py wrote (200 small datasets in 20 groups, one 9 MB chunked and deflated dataset)
 * read through a {@link ByteSource} that is no local file: the values are h5py's, and the
 * block cache turns thousands of reads into a handful of requests.
 */
@OracleTest
class ByteSourceReadOracleTest {
  @TempDir
  static Path dir;
  private static Path file;
  /** Dataset path to h5py's SHA-256 of its values as little-endian int32. */
  private static final Map<String, String> expected = new TreeMap<>();

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("many.h5");
    String out = Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
        "import json",
        "f = h5py.File(sys.argv[1], 'w')",
        "for g in range(20):",
        "    for d in range(10):",
        "        f.create_dataset('g%d/d%d' % (g, d), data=np.arange(10, dtype='i4') * g + d)",
        "big = (np.arange(1500 * 1500, dtype='i4') % 9973).reshape(1500, 1500)",
        "f.create_dataset('big', data=big, chunks=(150, 150), compression='gzip')",
        "f.close()",
        "f = h5py.File(sys.argv[1], 'r')",
        "out = {}",
        "f.visititems(lambda n, o: out.__setitem__('/' + n, sha(o[()]))"
            + " if isinstance(o, h5py.Dataset) else None)",
        "print(json.dumps(out))"), file.toString());
    JsonNode j = new ObjectMapper().readTree(out);
    for (Iterator<Map.Entry<String, JsonNode>> it = j.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      expected.put(e.getKey(), e.getValue().asText());
    }
    assertEquals(201, expected.size());
  }

  /** The SHA-256 of every dataset of {@code f}, as the oracle computed them. */
  private static Map<String, String> digests(H5File f) throws Exception {
    Map<String, String> got = new TreeMap<>();
    for (Node n : f.root().walk()) {
      if (n instanceof Dataset d) {
        got.put(n.path(), ChunkIndexUpdateTest.sha(d.readInts()));
      }
    }
    return got;
  }

  @Test
  void valuesAreH5pysAndTheCacheMakesFewRequests() throws Exception {
    MemorySource plain = MemorySource.of(file);
    try (H5File f = H5File.open(plain)) {
      assertNull(f.context().access().channel(), "read through the source, not a channel");
      assertEquals(expected, digests(f));
    }
    MemorySource behind = MemorySource.of(file);
    CachingByteSource cached = CachingByteSource.of(behind);
    try (H5File f = H5File.open(cached)) {
      assertEquals(expected, digests(f));
    }
    assertTrue(behind.closed, "closing the file closes its source");
    long blocks = (behind.size() + CachingByteSource.DEFAULT_BLOCK_BYTES - 1)
        / CachingByteSource.DEFAULT_BLOCK_BYTES;
    System.out.printf("%s, %d bytes: %d reads uncached, %d requests through 4 MiB blocks%n",
        file.getFileName(), behind.size(), plain.reads.get(), behind.reads.get());
    // every block once: a 9 MB file in 4 MiB blocks; no chunk here is a block long
    assertEquals(blocks, behind.reads.get());
    assertTrue(plain.reads.get() > 100 * behind.reads.get(),
        plain.reads.get() + " reads uncached");
  }

  @Test
  void aFileCutShortGivesAFormatErrorNamingTheSource() throws Exception {
    MemorySource whole = MemorySource.of(file);
    byte[] all = new byte[(int) whole.size()];
    whole.readFully(0, java.nio.ByteBuffer.wrap(all));
    byte[] head = java.util.Arrays.copyOf(all, 3000);
    // the source says it is whole but ends early: reads past 3000 bytes fail
    ByteSource liar = new MemorySource("mem://short/many.h5", head, all.length, null);
    H5FormatException e = assertThrows(H5FormatException.class, () -> {
      try (H5File f = H5File.open(liar)) {
        digests(f);
      }
    });
    assertTrue(e.getMessage().contains("mem:/short/many.h5")
        && e.getMessage().contains("ends early") && e.offset() >= 0, e.getMessage());
    // a source whose size is honest: ranges past its end are refused before reading
    ByteSource cut = new MemorySource("mem://cut/many.h5", head, head.length, null);
    H5FormatException e2 = assertThrows(H5FormatException.class, () -> {
      try (H5File f = H5File.open(CachingByteSource.of(cut))) {
        digests(f);
      }
    });
    assertTrue(e2.getMessage().contains("mem:/cut/many.h5") && e2.offset() >= 0,
        e2.getMessage());
    ByteSource noise = new MemorySource("mem://noise.h5", new byte[5000], 5000, null);
    H5FormatException e3 = assertThrows(H5FormatException.class, () -> H5File.open(noise));
    assertTrue(e3.getMessage().contains("mem:/noise.h5")
        && e3.getMessage().contains("not an HDF5 file"), e3.getMessage());
  }
}
