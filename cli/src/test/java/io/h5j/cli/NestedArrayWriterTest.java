package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class NestedArrayWriterTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Random shapes, values given in random runs: the JSON written parses to the values nested
   * by the shape, built here by recursion over the shape (not by the writer's odometer).
   */
  @Property(tries = 300)
  void runsOfAnySizeNestLikeTheShape(@ForAll("seeds") long seed) throws Exception {
    Random r = new Random(seed);
    long[] dims = new long[r.nextInt(5)];
    int total = 1;
    for (int d = 0; d < dims.length; d++) {
      dims[d] = r.nextInt(5);
      total *= (int) dims[d];
    }
    int[] values = r.ints(total, -1000, 1000).toArray();
    StringWriter s = new StringWriter();
    DumpOutput out = new DumpOutput(s);
    NestedArrayWriter w = new NestedArrayWriter(out, ElementFormat.JSON, dims, null);
    w.begin();
    for (int at = 0; at < total; ) {
      int n = Math.min(total - at, 1 + r.nextInt(7));
      w.write(Arrays.copyOfRange(values, at, at + n), n);
      at += n;
    }
    assertTrue(w.complete());
    out.flush();
    assertEquals(nest(values, dims, 0, new int[1]), JSON.readTree(s.toString()),
        Arrays.toString(dims) + ": " + s);
  }

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  private static JsonNode nest(int[] values, long[] dims, int dim, int[] next) {
    if (dims.length == 0) {
      return JsonNodeFactory.instance.numberNode(values[0]);
    }
    ArrayNode a = JsonNodeFactory.instance.arrayNode();
    for (long i = 0; i < dims[dim]; i++) {
      if (dim == dims.length - 1) {
        a.add(values[next[0]++]);
      } else {
        a.add(nest(values, dims, dim + 1, next));
      }
    }
    return a;
  }

  @Example
  void anArrayCutShortIsClosedAndHoldsTheLeadingValues() throws Exception {
    long[] dims = {3, 4};
    for (int written = 0; written < 12; written++) {
      StringWriter s = new StringWriter();
      DumpOutput out = new DumpOutput(s);
      NestedArrayWriter w = new NestedArrayWriter(out, ElementFormat.JSON, dims, null);
      w.begin();
      int[] values = new int[written];
      Arrays.setAll(values, i -> i * 10);
      w.write(values, written);
      w.close();
      out.flush();
      JsonNode tree = JSON.readTree(s.toString());
      int[] seen = new int[1];
      tree.forEach(row -> row.forEach(v -> assertEquals(seen[0]++ * 10, v.asInt(), s::toString)));
      assertEquals(written, seen[0], s.toString());
    }
  }

  @Example
  void unsignedBitsPrintAsUnsignedNumbers() {
    StringWriter s = new StringWriter();
    DumpOutput out = new DumpOutput(s);
    NestedArrayWriter w = new NestedArrayWriter(out, ElementFormat.TEXT, new long[] {2},
        io.h5j.type.Datatypes.UINT64);
    w.begin();
    w.write(new long[] {-1, 5}, 2);
    out.flush();
    assertEquals("[" + Long.toUnsignedString(-1) + ", 5]", s.toString());
  }
}
