package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.filter.Filters;
import io.h5j.format.io.ByteReader;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.testing.Fixtures;
import io.h5j.type.Dataspace;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The fixtures libhdf5 2.0.0 wrote (through h5wasm, {@code fixtures/h5wasm/generate.mjs}) are
 * read by h5j exactly as their manifest says: shapes, chunks, filters, the chunk index, every
 * value, and the layout message version libhdf5 2.0 writes with the low bound 2.0: 5 for a
 * filtered chunked dataset, 4 for an unfiltered one.
 */
class H5wasmFixtureReadTest {
  private static final Map<String, Integer> INDEX = Map.of("Single Chunk",
      ChunkIndex.SINGLE_CHUNK, "Fixed Array", ChunkIndex.FIXED_ARRAY, "Extensible Array",
      ChunkIndex.EXTENSIBLE_ARRAY, "v2 B-tree", ChunkIndex.V2_BTREE);
  private static final Map<String, Integer> FILTER_IDS = Map.of("deflate", Filters.DEFLATE,
      "shuffle", Filters.SHUFFLE, "fletcher32", Filters.FLETCHER32);

  @TestFactory
  Stream<DynamicTest> everyDatasetMatchesTheManifest() throws Exception {
    Path dir = Fixtures.dir().resolve("h5wasm");
    JsonNode manifest = new ObjectMapper().readTree(dir.resolve("manifest.json").toFile());
    List<DynamicTest> tests = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> files = manifest.fields(); files.hasNext(); ) {
      Map.Entry<String, JsonNode> file = files.next();
      Path path = dir.resolve(file.getKey());
      for (Iterator<Map.Entry<String, JsonNode>> it = file.getValue().get("objects").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        tests.add(DynamicTest.dynamicTest(file.getKey() + e.getKey(),
            () -> check(path, e.getKey(), e.getValue())));
      }
    }
    return tests.stream();
  }

  private static void check(Path file, String path, JsonNode want) throws Exception {
    try (H5File f = H5File.open(file)) {
      Dataset d = f.dataset(path);
      assertArrayEquals(longs(want.get("shape")), d.shape(), "shape");
      long[] max = d.maxShape();
      JsonNode wantMax = want.get("maxshape");
      for (int i = 0; i < max.length; i++) {
        assertEquals(wantMax.get(i).isNull() ? Dataspace.UNLIMITED : wantMax.get(i).asLong(),
            max[i], "max dimension " + i);
      }
      LayoutMessage layout = d.layoutMessage();
      if (want.get("layout").asText().equals("chunked")) {
        LayoutMessage.Chunked c = (LayoutMessage.Chunked) layout;
        assertArrayEquals(longs(want.get("chunks")), c.chunkDims(), "chunks");
        assertEquals(INDEX.get(want.get("chunk_index").asText()), c.indexType(), "chunk index");
        boolean filtered = want.get("filters").size() > 0;
        assertEquals(filtered ? 5 : 4, c.version(), "layout message version");
      } else {
        assertEquals("CONTIGUOUS", layout.className());
      }
      List<Integer> filters = new ArrayList<>();
      ByteReader pipeline = d.message(MessageType.FILTER_PIPELINE);
      if (pipeline != null) {
        FilterPipelineMessage.decode(pipeline).filters().forEach(fd -> filters.add(fd.id()));
      }
      List<Integer> wantFilters = new ArrayList<>();
      want.get("filters").forEach(n -> wantFilters.add(FILTER_IDS.get(n.asText())));
      assertEquals(wantFilters, filters, "filter pipeline");
      compare(want.get("dtype").asText(), d.read(), want.get("values"));
    }
  }

  private static void compare(String dtype, Object read, JsonNode want) {
    assertEquals(want.size(), Array.getLength(read), "element count");
    for (int i = 0; i < want.size(); i++) {
      JsonNode w = want.get(i);
      switch (dtype) {
        case "<f8" -> assertEquals(w.asDouble(), ((double[]) read)[i], "element " + i);
        case "<f4" -> assertEquals((float) w.asDouble(), ((float[]) read)[i], "element " + i);
        case "<i8" -> assertEquals(w.asLong(), ((long[]) read)[i], "element " + i);
        case "<i4" -> assertEquals(w.asInt(), ((int[]) read)[i], "element " + i);
        case "<u2" -> assertEquals(w.asInt(), ((int[]) read)[i], "element " + i); // widened
        default -> throw new AssertionError("dtype " + dtype + " not handled");
      }
    }
  }

  private static long[] longs(JsonNode a) {
    long[] out = new long[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).asLong();
    }
    return out;
  }
}
