package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.testing.Fixtures;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The thread-safety contract of docs/CONTRACTS.md: one file on disk read from several threads
 * at once, each through an {@link H5File} of its own, reads the values libhdf5 wrote (the
 * fixture's manifest) in every thread, whatever the interleaving; a file's own chunk workers
 * run beside them.
 */
class ConcurrentReadsTest {
  private static final String FIXTURE = "layouts_latest.h5";
  private static final int THREADS = 4;
  private static final int ROUNDS = 40;

  @Test
  void threadsWithAFileEachReadTheSameValues() throws Exception {
    Path file = Fixtures.file(FIXTURE);
    Map<String, double[]> want = numericDatasets();
    assertTrue(want.size() >= 15, "the fixture's numeric datasets: " + want.keySet());
    CyclicBarrier start = new CyclicBarrier(THREADS);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        long seed = t;
        Callable<Integer> reader = () -> {
          List<String> names = new ArrayList<>(want.keySet());
          Random order = new Random(seed);
          int reads = 0;
          try (H5File f = H5File.open(file)) {
            start.await(10, TimeUnit.SECONDS); // all threads read at once
            for (int round = 0; round < ROUNDS; round++) {
              Collections.shuffle(names, order);
              for (String name : names) {
                assertEquals(List.of(boxed(want.get(name))), List.of(boxed(
                    numbers(f.dataset(name).read()))), name + " in round " + round);
                reads++;
              }
            }
          }
          return reads;
        };
        results.add(pool.submit(reader));
      }
      for (Future<Integer> r : results) {
        assertEquals(ROUNDS * want.size(), r.get(120, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** The fixture's datasets of numbers that have a shape, with their values as doubles. */
  private static Map<String, double[]> numericDatasets() {
    Map<String, double[]> out = new java.util.TreeMap<>();
    JsonNode objects = Fixtures.objects(FIXTURE);
    for (Iterator<Map.Entry<String, JsonNode>> it = objects.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode o = e.getValue();
      if (!"dataset".equals(o.path("kind").asText()) || !o.path("dtype").asText().startsWith("<")
          || !o.path("values").isArray() || o.path("shape").size() == 0) {
        continue;
      }
      double[] v = new double[o.get("values").size()];
      for (int i = 0; i < v.length; i++) {
        v[i] = o.get("values").get(i).asDouble();
      }
      out.put(e.getKey(), v);
    }
    return out;
  }

  private static double[] numbers(Object array) {
    double[] out = new double[Array.getLength(array)];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) Array.get(array, i)).doubleValue();
    }
    return out;
  }

  private static Double[] boxed(double[] v) {
    Double[] out = new Double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }
}
