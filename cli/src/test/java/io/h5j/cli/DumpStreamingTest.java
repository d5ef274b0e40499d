package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h5j dump} of datasets far larger than its heap, in a child JVM of 256 MiB (one of
 * 64 MiB): values
 * compared with h5py's as the output streams by, never stored.
 */
@OracleTest
class DumpStreamingTest {
  private static final String HEAP = "256m";
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Parsers that leave the child's stdout open, for ChildDump to read to its end. */
  private static final JsonFactory STREAMING = new JsonFactory()
      .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);

  @TempDir
  Path dir;

  /** 64 MiB of int32, chunked and compressed, against h5py's SHA-256 of the same values. */
  @Test
  void a64MiBDatasetDumpsInA256MiBHeapWithH5pysValues() throws Exception {
    Path f = dir.resolve("m.h5");
    String sha = Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
        "rng = np.random.default_rng(7)",
        "a = rng.integers(-2**31, 2**31, size=(4096, 4096), dtype='i4')",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('m', data=a, chunks=(256, 256), shuffle=True, compression='gzip',",
        "                     compression_opts=1)",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(sha(f['m'][()]))"), f.toString()).trim();

    Int32Digest json = new Int32Digest();
    ChildDump.Result r = ChildDump.run(HEAP, Duration.ofMinutes(3), in -> {
      JsonParser p = STREAMING.createParser(in);
      assertEquals(JsonToken.START_OBJECT, p.nextToken());
      assertEquals("/m", p.nextFieldName());
      assertEquals(JsonToken.START_OBJECT, p.nextToken());
      while (!"values".equals(p.nextFieldName())) {
        p.nextToken();
        p.skipChildren();
      }
      p.nextToken();
      json.readArray(p);
      while (p.nextToken() != null) {
        // the rest must parse as well
      }
    }, "dump", "--json", f.toString(), "/m");
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals(sha, json.hex(), "values of /m in JSON");
    assertEquals(4096, json.rows);
    System.out.println("dump --json of 64 MiB: " + r.millis() + " ms");

    Int32Digest text = new Int32Digest();
    r = ChildDump.run(HEAP, Duration.ofMinutes(3), in -> {
      InputStream data = new BufferedInputStream(in, 1 << 16);
      assertEquals("DATASET \"/m\" int32 {4096, 4096} CHUNKED", line(data));
      assertEquals("  DATA ", new String(data.readNBytes(7), "US-ASCII"));
      // the text dialect writes integers as JSON does: let a JSON parser read the DATA line
      JsonParser p = STREAMING.createParser(new LineEnd(data));
      p.nextToken();
      text.readArray(p);
      assertEquals(null, p.nextToken());
    }, "dump", f.toString(), "/m");
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals(sha, text.hex(), "values of /m in text");
    assertEquals(4096, text.rows);
    System.out.println("dump of 64 MiB: " + r.millis() + " ms");
  }

  /** 200 MiB of int32, chunked and compressed, in a 64 MiB heap: h5py's values, streamed. */
  @Test
  void a200MiBDatasetDumpsAsJsonInA64MiBHeap() throws Exception {
    Path f = dir.resolve("m200.h5");
    String sha = Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
        "rng = np.random.default_rng(11)",
        "a = rng.integers(-2**31, 2**31, size=(12800, 4096), dtype='i4')",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('m', data=a, chunks=(256, 256), compression='gzip',",
        "                     compression_opts=1)",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(sha(f['m'][()]))"), f.toString()).trim();
    Int32Digest json = new Int32Digest();
    ChildDump.Result r = ChildDump.run("64m", Duration.ofMinutes(5), in -> {
      JsonParser p = STREAMING.createParser(in);
      assertEquals(JsonToken.START_OBJECT, p.nextToken());
      assertEquals("/m", p.nextFieldName());
      assertEquals(JsonToken.START_OBJECT, p.nextToken());
      while (!"values".equals(p.nextFieldName())) {
        p.nextToken();
        p.skipChildren();
      }
      p.nextToken();
      json.readArray(p);
      while (p.nextToken() != null) {
        // the rest must parse as well
      }
    }, "dump", "--json", f.toString(), "/m");
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals(sha, json.hex(), "values of /m in JSON");
    assertEquals(12800, json.rows);
    System.out.println("dump --json of 200 MiB in 64 MiB: " + r.millis() + " ms");
  }

  /**
   * A chunked int8 dataset of 2^31 + 2^24 elements (more than a Java array holds), written
   * by h5py in three places only: the rest reads as its fill value. 4.3 GB of JSON, scanned
   * as it comes; h5py gives the values of the written places, of places around them, of
   * random samples, and the fill value.
   */
  @Test
  void aNeverWrittenDatasetLargerThanAJavaArrayDumpsInA256MiBHeap() throws Exception {
    Path f = dir.resolve("huge.h5");
    JsonNode expected = JSON.readTree(Oracles.python(String.join("\n",
        "import sys, json, h5py, numpy as np",
        "n = 2**31 + 2**24",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    d = f.create_dataset('huge', shape=(n,), dtype='i1', chunks=(2**20,), fillvalue=7)",
        "    d[5:10] = np.arange(1, 6)",
        "    d[2**31 + 3:2**31 + 8] = np.arange(100, 105)",
        "    d[n - 3:] = [-1, -2, -3]",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    d = f['huge']",
        "    known = {}",
        "    for s, e in [(0, 20), (2**31 - 10, 2**31 + 20), (n - 10, n)]:",
        "        known.update({str(s + i): int(v) for i, v in enumerate(d[s:e])})",
        "    for p in np.random.default_rng(5).integers(0, n, 64).tolist():",
        "        known[str(p)] = int(d[p])",
        "    print(json.dumps({'n': n, 'fill': int(d.fillvalue), 'known': known}))"),
        f.toString()));
    long n = expected.get("n").asLong();
    IntegerScan scan = new IntegerScan(expected.get("known"), expected.get("fill").asInt());
    ChildDump.Result r = ChildDump.run(HEAP, Duration.ofMinutes(10), scan::read,
        "dump", "--json", f.toString(), "/huge");
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals(n, scan.count, "values dumped");
    assertEquals(expected.get("known").size(), scan.checkedKnown, "positions h5py gave, seen");
    JsonNode envelope = JSON.readTree(scan.envelope.toString());
    assertEquals(n, envelope.get("/huge").get("shape").get(0).asLong());
    assertEquals("dataset", envelope.get("/huge").get("kind").asText());
    System.out.println("dump --json of " + n + " int8 (" + scan.bytes + " bytes): "
        + r.millis() + " ms");
  }

  /**
   * A valid file whose one chunk, compressed, unpacks to the whole heap: that dataset is
   * reported as needing more memory, the next one is dumped (with h5py's values), exit 1.
   */
  @Test
  void aChunkLargerThanTheHeapFailsThatDatasetOnly() throws Exception {
    Path f = dir.resolve("big-chunk.h5");
    JsonNode after = JSON.readTree(Oracles.python(String.join("\n",
        "import sys, json, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('a_big_chunk', data=np.ones(2**28, dtype='i1'), chunks=(2**28,),",
        "                     compression='gzip')",
        "    f['b_after'] = np.arange(6, dtype='i2') - 3",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(json.dumps(f['b_after'][()].tolist()))"), f.toString()));
    StringBuilder out = new StringBuilder();
    ChildDump.Result r = ChildDump.run(HEAP, Duration.ofMinutes(2),
        in -> out.append(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)),
        "dump", "--json", f.toString());
    assertEquals(1, r.exitCode(), r.stderr());
    assertTrue(r.stderr().startsWith("h5j: could not dump dataset /a_big_chunk of " + f
        + ": it needs more memory than"), r.stderr());
    assertEquals(1, r.stderr().lines().count(), r.stderr());
    JsonNode tree = JSON.readTree(out.toString());
    assertTrue(tree.get("/a_big_chunk").get("error").get("reason").asText()
        .contains("268435456 bytes"), tree.toString());
    assertEquals(after, tree.get("/b_after").get("values"));
  }

  /**
   * Contiguous datasets h5py never wrote (all fill value), one small and one of 200 MiB, in a
   * 256 MiB heap: both dump as h5py reads them, slab by slab (the format layer fills only the
   * slab asked for).
   */
  @Test
  void aNeverWrittenContiguousDatasetDumpsInA256MiBHeap() throws Exception {
    Path f = dir.resolve("never-written.h5");
    JsonNode expected = JSON.readTree(Oracles.python(String.join("\n",
        "import sys, json, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('large', shape=(50 * 2**20,), dtype='i4', fillvalue=3)",
        "    f.create_dataset('small', shape=(7,), dtype='i4', fillvalue=3)",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    known = {str(p): int(f['large'][p]) for p in [0, 12345, 50 * 2**20 - 1]}",
        "    print(json.dumps({'small': f['small'][()].tolist(), 'known': known,",
        "        'fill': int(f['large'].fillvalue)}))"), f.toString()));
    IntegerScan scan = new IntegerScan(expected.get("known"), expected.get("fill").asInt());
    ChildDump.Result large = ChildDump.run(HEAP, Duration.ofMinutes(3), scan::read,
        "dump", "--json", f.toString(), "/large");
    assertEquals(0, large.exitCode(), large.stderr());
    assertEquals(50L << 20, scan.count, "values dumped");
    assertEquals(3, scan.checkedKnown);
    StringBuilder out = new StringBuilder();
    ChildDump.Result small = ChildDump.run(HEAP, Duration.ofMinutes(1),
        in -> out.append(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)),
        "dump", "--json", f.toString(), "/small");
    assertEquals(0, small.exitCode(), small.stderr());
    assertEquals(expected.get("small"), JSON.readTree(out.toString()).get("/small")
        .get("values"));
  }

  /** The SHA-256 of the integers of nested JSON arrays as little-endian int32, and rows. */
  private static final class Int32Digest {
    private final MessageDigest sha = sha256();
    private final ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    int rows;

    /** The array at the parser's current token, to its end. */
    void readArray(JsonParser p) throws Exception {
      assertEquals(JsonToken.START_ARRAY, p.currentToken());
      int depth = 1;
      while (depth > 0) {
        JsonToken t = p.nextToken();
        if (t == JsonToken.START_ARRAY) {
          depth++;
        } else if (t == JsonToken.END_ARRAY) {
          depth--;
          rows += depth == 1 ? 1 : 0;
        } else {
          assertEquals(JsonToken.VALUE_NUMBER_INT, t);
          if (!buf.hasRemaining()) {
            drain();
          }
          buf.putInt(p.getIntValue());
        }
      }
    }

    private void drain() {
      sha.update(buf.array(), 0, buf.position());
      buf.clear();
    }

    String hex() {
      drain();
      return HexFormat.of().formatHex(sha.digest());
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  private static String line(InputStream in) throws Exception {
    StringBuilder b = new StringBuilder();
    for (int c = in.read(); c != '\n'; c = in.read()) {
      assertTrue(c >= 0, "output ended inside a line: " + b);
      b.append((char) c);
    }
    return b.toString();
  }

  /** A stream that ends at the first newline of the one below. */
  private static final class LineEnd extends InputStream {
    private final InputStream in;
    private boolean ended;

    LineEnd(InputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws java.io.IOException {
      if (ended) {
        return -1;
      }
      int c = in.read();
      ended = c == '\n' || c < 0;
      return ended ? -1 : c;
    }

    @Override
    public int read(byte[] b, int off, int len) throws java.io.IOException {
      int i = 0;
      for (; i < len; i++) {
        int c = read();
        if (c < 0) {
          break;
        }
        b[off + i] = (byte) c;
      }
      return i == 0 && len > 0 ? -1 : i;
    }
  }

  /**
   * Scans a JSON dump of one 1-d integer dataset as it streams: the values array is checked
   * number by number (h5py's value where h5py gave one, else the fill value) and counted;
   * everything around it is kept, with the array left empty, for a JSON parser.
   */
  private static final class IntegerScan {
    private static final String VALUES = "\"values\":";
    private final long[] knownAt;
    private final int[] knownValue;
    private final int fill;
    final StringBuilder envelope = new StringBuilder();
    long count;
    long bytes;
    int checkedKnown;

    IntegerScan(JsonNode known, int fill) {
      this.fill = fill;
      java.util.TreeMap<Long, Integer> sorted = new java.util.TreeMap<>();
      known.fields().forEachRemaining(e -> sorted.put(Long.parseLong(e.getKey()),
          e.getValue().asInt()));
      knownAt = sorted.keySet().stream().mapToLong(Long::longValue).toArray();
      knownValue = sorted.values().stream().mapToInt(Integer::intValue).toArray();
    }

    void read(InputStream in) throws Exception {
      byte[] buf = new byte[1 << 20];
      int state = 0; // 0 envelope, 1 after "values": before '[', 2 in the array
      long value = 0;
      boolean negative = false;
      boolean digits = false;
      int nextKnown = 0;
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        bytes += n;
        for (int i = 0; i < n; i++) {
          byte c = buf[i];
          if (state == 2) {
            if (c >= '0' && c <= '9') {
              value = value * 10 + (c - '0');
              digits = true;
              continue;
            }
            if (c == ',' || c == ']') {
              if (digits) {
                long v = negative ? -value : value;
                int want = fill;
                if (nextKnown < knownAt.length && knownAt[nextKnown] == count) {
                  want = knownValue[nextKnown++];
                  checkedKnown++;
                }
                if (v != want) {
                  throw new AssertionError("element " + count + " is " + v + ", h5py: " + want);
                }
                count++;
              } else if (c == ',') {
                throw new AssertionError("a comma without a number before element " + count);
              }
              value = 0;
              negative = false;
              digits = false;
              if (c == ']') {
                envelope.append("[]");
                state = 0;
              }
            } else if (c == '-' && !digits && !negative) {
              negative = true;
            } else if (c != ' ') {
              throw new AssertionError("unexpected '" + (char) c + "' at element " + count);
            }
          } else if (state == 1) {
            if (c == '[') {
              state = 2;
            } else if (c != ' ') {
              throw new AssertionError("values do not start with an array");
            }
          } else {
            envelope.append((char) c);
            if (c == ':' && envelope.length() >= VALUES.length() && envelope.substring(
                envelope.length() - VALUES.length()).equals(VALUES)) {
              state = 1;
            }
          }
        }
      }
    }
  }
}
