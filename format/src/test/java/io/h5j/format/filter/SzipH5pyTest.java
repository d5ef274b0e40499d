package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.Endianness;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * szip as libhdf5 1.10.8 runs it over libaec 1.0.6 (h5py 3.7): datasets of every integer and
 * float width in both byte orders, NN and EC, pixels per block 2..32, chunks whose scanline is
 * not a whole number of blocks, edge chunks, chunks smaller than a block's scanline, random,
 * smooth and constant data. h5j decodes every chunk libhdf5 stored to what libhdf5 reads, and
 * computes the same client data; h5j's encoder writes the very bytes libhdf5 stored, and
 * libhdf5 reads the chunks h5j encodes; files h5j writes with {@link DatasetSpec#szip} hold
 * the filters and chunk bytes libhdf5 writes for the same request.
 */
@OracleTest
class SzipH5pyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HexFormat HEX = HexFormat.of();

  @TempDir static Path dir;
  static Path file;
  static JsonNode datasets;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("szip.h5");
    datasets = JSON.readTree(Oracles.python(SzipLibaecTest.script("h5py_szip.py"), "write",
        file.toString()));
  }

  static FilterDescription description(JsonNode f) {
    int[] cd = new int[f.get("cd").size()];
    for (int i = 0; i < cd.length; i++) {
      cd[i] = (int) f.get("cd").get(i).asLong();
    }
    return new FilterDescription(f.get("id").asInt(), f.get("flags").asInt(),
        f.get("name").asText(), cd);
  }

  static FilterPipeline pipeline(JsonNode ds) {
    return FilterPipeline.of(FilterPipelineMessage.of(List.of(
        description(ds.get("filters").get(0)))));
  }

  @Test
  void decodesEveryChunkLibhdf5Stored() throws Exception {
    int chunks = 0;
    int compressed = 0;
    for (JsonNode ds : datasets) {
      FilterPipeline p = pipeline(ds);
      for (JsonNode c : ds.get("chunks")) {
        byte[] stored = HEX.parseHex(c.get("data").asText());
        byte[] expected = HEX.parseHex(c.get("expected").asText());
        int mask = c.get("mask").asInt();
        assertArrayEquals(expected, p.decode(stored, mask, ds.get("chunk_bytes").asInt()),
            ds.get("name").asText() + " chunk " + c.get("offset"));
        chunks++;
        compressed += mask == 0 ? 1 : 0;
      }
    }
    assertTrue(chunks > 100, chunks + " chunks");
    assertTrue(compressed > chunks / 2, compressed + " of " + chunks + " chunks compressed");
  }

  @Test
  void encodesTheBytesLibhdf5StoredAndLibhdf5ReadsThem() throws Exception {
    ObjectNode todo = JSON.createObjectNode();
    int skipped = 0;
    for (JsonNode ds : datasets) {
      FilterPipeline p = pipeline(ds);
      ArrayNode list = todo.putArray(ds.get("name").asText());
      for (JsonNode c : ds.get("chunks")) {
        byte[] expected = HEX.parseHex(c.get("expected").asText());
        FilterPipeline.Encoded e = p.encode(expected);
        String where = ds.get("name").asText() + " chunk " + c.get("offset");
        assertEquals(c.get("mask").asInt(), e.filterMask(), where + ": filter mask");
        assertArrayEquals(HEX.parseHex(c.get("data").asText()), e.bytes(), where);
        skipped += e.filterMask();
        ObjectNode o = list.addObject();
        o.set("offset", c.get("offset"));
        o.put("mask", e.filterMask());
        o.put("data", HEX.formatHex(e.bytes()));
      }
    }
    assertTrue(skipped > 0, "random data makes chunks szip declines");
    Path json = Files.writeString(dir.resolve("direct.json"), todo.toString());
    Oracles.assertAllOk(Oracles.python(SzipLibaecTest.script("h5py_szip.py"), "direct",
        file.toString(), json.toString()), datasets.size(), "szip datasets");
  }

  @Test
  void computesTheClientDataLibhdf5Stores() {
    for (JsonNode ds : datasets) {
      String name = ds.get("name").asText();
      String[] parts = name.split("_");
      String coding = parts[3].substring(0, 2);
      int ppb = Integer.parseInt(parts[3].substring(2));
      FilterDescription lib = description(ds.get("filters").get(0));
      long[] chunk = chunkShape(name);
      FilterDescription ours = FilterDescription.szip(coding.equals("nn"), ppb)
          .withLocalParameters(type(parts[1]), chunk);
      assertArrayEquals(lib.clientData(), ours.clientData(), name);
      assertEquals(lib.flags(), ours.flags(), name);
    }
  }

  /** The chunk shapes of h5py_szip.py, by dataset index. */
  private static long[] chunkShape(String name) {
    long[][] shapes = {{100}, {10, 21}, {5000}, {3, 4}, {2, 7, 5}, {77}};
    return shapes[Integer.parseInt(name.substring(1, 3)) % shapes.length];
  }

  /** h5j's datatype for a dtype of the script's names ("le" or "be" and numpy's code). */
  private static Datatype type(String dtype) {
    Endianness order = dtype.startsWith("be") ? Endianness.BIG_ENDIAN : Endianness.LITTLE_ENDIAN;
    String code = dtype.startsWith("le") || dtype.startsWith("be") ? dtype.substring(2) : dtype;
    int size = Integer.parseInt(code.substring(1));
    return switch (code.charAt(0)) {
      case 'f' -> (size == 4 ? Datatypes.FLOAT32 : Datatypes.FLOAT64).withOrder(order);
      case 'u' -> FixedPointType.of(size, false, order);
      default -> FixedPointType.of(size, true, order);
    };
  }

  /** Appends the values h5j wrote, flat, for the script to compare with what h5py reads. */
  private static void values(ArrayNode entry, Object flat) {
    ArrayNode a = entry.addArray();
    for (int i = 0; i < java.lang.reflect.Array.getLength(flat); i++) {
      Object v = java.lang.reflect.Array.get(flat, i);
      if (v instanceof Float x) {
        a.add(x.doubleValue());
      } else if (v instanceof Double x) {
        a.add(x);
      } else {
        a.add(((Number) v).longValue());
      }
    }
  }

  @Test
  void filesH5jWritesHoldWhatLibhdf5Writes() throws Exception {
    Random r = new Random(5);
    Path ours = dir.resolve("ours.h5");
    ObjectNode todo = JSON.createObjectNode();
    try (H5File f = H5File.create(ours)) {
      Group g = f.root();
      short[] smooth = new short[3000];
      for (int i = 1; i < smooth.length; i++) {
        smooth[i] = (short) (smooth[i - 1] + r.nextInt(9) - 4);
      }
      g.createDataset("i16_nn8", DatasetSpec.of(smooth).chunks(700).szip(true, 8));
      values(todo.putArray("i16_nn8").add("nn").add(8), smooth);
      g.createDataset("i16be_ec16", DatasetSpec.of(smooth)
          .datatype(Datatypes.INT16.withOrder(Endianness.BIG_ENDIAN)).chunks(1000)
          .szip(false, 16));
      values(todo.putArray("i16be_ec16").add("ec").add(16), smooth);
      float[] wave = new float[40 * 30];
      for (int i = 0; i < wave.length; i++) {
        wave[i] = (float) Math.sin(i / 17.0) * 1000;
      }
      g.createDataset("f32_nn32", DatasetSpec.of(wave).shape(40, 30).chunks(9, 30)
          .szip(true, 32));
      values(todo.putArray("f32_nn32").add("nn").add(32), wave);
      double[] noise = r.doubles(2000).toArray();
      g.createDataset("f64be_ec8", DatasetSpec.of(noise)
          .datatype(((FloatType) Datatypes.FLOAT64).withOrder(Endianness.BIG_ENDIAN))
          .chunks(300).szip(false, 8));
      values(todo.putArray("f64be_ec8").add("ec").add(8), noise);
      byte[] bytes = new byte[5000];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) (i / 50);
      }
      g.createDataset("i8_nn16", DatasetSpec.of(bytes).chunks(4500).szip(true, 16));
      values(todo.putArray("i8_nn16").add("nn").add(16), bytes);
      long[] longs = r.longs(500, 0, 1000).toArray();
      g.createDataset("i64_ec32", DatasetSpec.of(longs).shape(20, 25).chunks(7, 5)
          .szip(false, 32));
      values(todo.putArray("i64_ec32").add("ec").add(32), longs);
    }
    Path json = Files.writeString(dir.resolve("twin.json"), todo.toString());
    Oracles.assertAllOk(Oracles.python(SzipLibaecTest.script("h5py_szip.py"), "twin",
        ours.toString(), dir.resolve("lib.h5").toString(), json.toString()), todo.size(),
        "datasets h5j wrote with szip");
  }
}
