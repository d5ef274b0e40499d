package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.testing.Fixtures;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thread contract of docs/CONTRACTS.md for one {@link H5File} shared by several threads:
 * random hyperslabs of chunked and deflated, contiguous, compact and virtual datasets (sources
 * in the same file and in another one), attributes and group listings, read by many threads at
 * once through one open file, equal what one thread reads alone; no read waits forever (a
 * virtual dataset's read calls back into the file for its sources); writes from another
 * thread interleave with the reads whole.
 */
class SharedFileReadsTest {
  private static final int THREADS = 6;
  private static final int ROUNDS = 12;
  private static final int OPS = 300;
  private static final int GROUPS = 8;

  @TempDir static Path dir;
  private static Path main;
  /** Every dataset's values as one thread read them, flat, with its shape. */
  private static final Map<String, double[]> values = new LinkedHashMap<>();
  private static final Map<String, long[]> shapes = new LinkedHashMap<>();
  private static final Map<String, List<String>> members = new LinkedHashMap<>();
  private static final Map<String, Object> attributes = new LinkedHashMap<>();

  @BeforeAll
  static void writeFiles() throws Exception {
    Path other = dir.resolve("other.h5");
    try (H5File f = H5File.create(other)) {
      double[][] src = new double[64][48];
      for (int i = 0; i < 64; i++) {
        for (int j = 0; j < 48; j++) {
          src[i][j] = i * 0.5 - j * 3.25;
        }
      }
      f.root().createDataset("src", DatasetSpec.of(src).chunks(8, 8).deflate(4));
      // back into main.h5: a thread reading it through main.h5's external link and one
      // reading main.h5's virtual dataset of other.h5 go between the files both ways
      VirtualSpec back = VirtualSpec.of(io.h5j.type.Datatypes.INT16, 6, 10);
      back.map("main.h5", "/compact", new long[] {0, 0}, new long[] {3, 0}, new long[] {3, 10});
      back.map("main.h5", "/compact", new long[] {3, 0}, new long[] {0, 0}, new long[] {3, 10});
      f.root().createVirtualDataset("back", back);
    }
    main = dir.resolve("main.h5");
    try (H5File f = H5File.create(main)) {
      int[][] chunked = new int[240][90];
      for (int i = 0; i < 240; i++) {
        for (int j = 0; j < 90; j++) {
          chunked[i][j] = i * 1000 + j * 7 - 40_000;
        }
      }
      f.root().createDataset("chunked", DatasetSpec.of(chunked).chunks(12, 10).shuffle()
          .deflate(6));
      double[] contiguous = new double[20_000];
      for (int i = 0; i < contiguous.length; i++) {
        contiguous[i] = Math.sin(i) * 1e6;
      }
      f.root().createDataset("contiguous", DatasetSpec.of(contiguous)
          .layout(DatasetSpec.Layout.CONTIGUOUS));
      short[][] compact = new short[6][10];
      for (int i = 0; i < 6; i++) {
        for (int j = 0; j < 10; j++) {
          compact[i][j] = (short) (i * 100 - j);
        }
      }
      f.root().createDataset("compact", DatasetSpec.of(compact)
          .layout(DatasetSpec.Layout.COMPACT));
      // quadrants of /chunked, swapped: sources in this file
      VirtualSpec here = VirtualSpec.of(io.h5j.type.Datatypes.INT32, 240, 90);
      here.map(".", "/chunked", new long[] {0, 0}, new long[] {120, 45}, new long[] {120, 45});
      here.map(".", "/chunked", new long[] {120, 45}, new long[] {0, 0}, new long[] {120, 45});
      here.map(".", "/chunked", new long[] {0, 45}, new long[] {120, 0}, new long[] {120, 45});
      f.root().createVirtualDataset("vds_here", here.fillValue(-1));
      // blocks of another file's dataset, with a part no mapping covers
      VirtualSpec away = VirtualSpec.of(io.h5j.type.Datatypes.FLOAT64, 64, 60);
      for (int b = 0; b < 8; b++) {
        away.map("other.h5", "/src", new long[] {b * 8, 0}, new long[] {(7 - b) * 8, 4},
            new long[] {8, 48});
      }
      f.root().createVirtualDataset("vds_other", away.fillValue(0.5));
      f.root().createExternalLink("ext_src", "other.h5", "/src");
      f.root().createExternalLink("ext_back", "other.h5", "/back");
      for (int g = 0; g < GROUPS; g++) {
        Group group = f.root().createGroup("g" + g);
        for (int k = 0; k <= g; k++) {
          int[] row = new int[3 + k];
          Arrays.fill(row, g * 10 + k);
          group.createDataset("d" + k, DatasetSpec.of(row).chunks(2).deflate(1));
          group.attributes().put("a" + k, "group " + g + " attribute " + k);
        }
        group.attributes().put("numbers", new double[] {g, g + 0.25, g * 2.0});
      }
    }
    try (H5File f = H5File.open(main)) {
      for (String name : List.of("chunked", "contiguous", "compact", "vds_here", "vds_other",
          "ext_src", "ext_back")) {
        record(f, name);
      }
      for (int g = 0; g < GROUPS; g++) {
        Group group = f.group("g" + g);
        members.put("g" + g, group.memberNames());
        for (String k : group.attributes().names()) {
          attributes.put("g" + g + "@" + k, group.attributes().get(k));
        }
        for (String d : group.memberNames()) {
          record(f, "g" + g + "/" + d);
        }
      }
    }
    // libhdf5 reads the same values (sources resolved beside the file, as h5j does)
    String got = Oracles.python(String.join("\n",
        "import h5py, os, sys",
        "os.chdir(os.path.dirname(sys.argv[1]))",
        "f = h5py.File(sys.argv[1], 'r')",
        "for n in sys.argv[2:]:",
        "    print(n, float(f[n][()].astype('float64').sum()))"),
        args(main.toString(), values.keySet()));
    List<String> lines = got.strip().lines().toList();
    assertEquals(values.size(), lines.size(), got);
    int i = 0;
    for (Map.Entry<String, double[]> e : values.entrySet()) {
      String[] line = lines.get(i++).split(" ");
      double sum = Arrays.stream(e.getValue()).sum();
      assertEquals(e.getKey(), line[0]);
      assertEquals(sum, Double.parseDouble(line[1]), Math.abs(sum) * 1e-12, e.getKey());
    }
  }

  private static String[] args(String first, java.util.Collection<String> rest) {
    List<String> out = new ArrayList<>();
    out.add(first);
    out.addAll(rest);
    return out.toArray(new String[0]);
  }

  private static void record(H5File f, String name) throws Exception {
    Dataset d = f.dataset(name);
    shapes.put(name, d.shape());
    values.put(name, d.readDoubles());
  }

  @Test
  void threadsSharingOneFileReadWhatOneThreadReads() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      try (H5File f = H5File.open(main)) {
        if (round % 2 == 1) {
          f.chunkCacheBytes(16 << 10); // evictions while other threads read
        }
        int r = round;
        runThreads(t -> readRandomly(f, new Random(r * 100L + t)));
      }
    }
  }

  @Test
  void threadsSharingFixturesReadTheirValues() throws Exception {
    for (String fixture : List.of("layouts_latest.h5", "vds.h5", "groups_latest.h5",
        "attributes_latest.h5", "layouts_earliest.h5")) {
      Path file = Fixtures.file(fixture);
      Map<String, Object> alone = new LinkedHashMap<>();
      try (H5File f = H5File.open(file)) {
        for (Node n : f.root().walk()) {
          alone.put(n.path(), snapshot(n));
        }
      }
      for (int round = 0; round < 8; round++) {
        try (H5File f = H5File.open(file)) {
          int r = round;
          runThreads(t -> {
            List<String> paths = new ArrayList<>(alone.keySet());
            java.util.Collections.shuffle(paths, new Random(r * 10L + t));
            for (String p : paths) {
              assertDeepEquals(alone.get(p), snapshot(f.get(p)), fixture + " " + p);
            }
          });
        }
      }
    }
  }

  @Test
  void aWriterAndReadersShareOneFile() throws Exception {
    for (int round = 0; round < 3; round++) {
      Path copy = dir.resolve("written" + round + ".h5");
      Files.copy(main, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      int r = round;
      try (H5File f = H5File.openReadWrite(copy)) {
        runThreads(t -> {
          if (t == 0) {
            Dataset d = f.root().createDataset("grown", DatasetSpec.empty(
                io.h5j.type.Datatypes.INT64, 0).maxShape(-1).chunks(16));
            for (int i = 0; i < 200; i++) {
              d.resize(i + 1);
              d.write(Selection.box(new long[] {i}, new long[] {1}), new long[] {i * 3L});
              f.root().attributes().put("count", (long) (i + 1));
            }
          } else {
            readRandomly(f, new Random(r * 10L + t));
            watchTheWriter(f);
          }
        });
      }
      String got = Oracles.python(String.join("\n",
          "import h5py, sys",
          "f = h5py.File(sys.argv[1], 'r')",
          "v = f['grown'][()]",
          "print(len(v), int(v.sum()), int(f.attrs['count']), int(f['chunked'][()].sum()))"),
          copy.toString());
      assertEquals(200 + " " + 3L * 199 * 200 / 2 + " 200 "
          + (long) Arrays.stream(values.get("chunked")).sum(), got.strip());
    }
  }

  /**
   * Reads what the writer changes while it writes: the count only grows, and each element of
   * the growing dataset is its value or, resized but not yet written, the fill value.
   */
  private static void watchTheWriter(H5File f) throws Exception {
    long last = 0;
    for (int i = 0; i < OPS; i++) {
      if (!f.root().attributes().contains("count") || !f.root().contains("grown")) {
        continue;
      }
      long count = f.root().attributes().getLong("count");
      assertTrue(count >= last, "count went back from " + last + " to " + count);
      last = count;
      long[] v = f.dataset("grown").readLongs();
      assertTrue(v.length >= count, v.length + " elements, count " + count);
      for (int k = 0; k < v.length; k++) {
        if (v[k] != 3L * k && !(k == v.length - 1 && v[k] == 0)) {
          fail("element " + k + " of " + v.length + " is " + v[k]);
        }
      }
      assertEquals(members.get("g3"), f.group("g3").memberNames(), "members of g3");
    }
  }

  private static void readRandomly(H5File f, Random rnd) throws Exception {
    List<String> names = new ArrayList<>(values.keySet());
    for (int op = 0; op < OPS; op++) {
      int kind = rnd.nextInt(10);
      if (kind == 0) {
        int g = rnd.nextInt(GROUPS);
        assertEquals(members.get("g" + g), f.group("g" + g).memberNames(), "members of g" + g);
      } else if (kind == 1) {
        int g = rnd.nextInt(GROUPS);
        String a = rnd.nextBoolean() ? "numbers" : "a" + rnd.nextInt(g + 1);
        assertDeepEquals(attributes.get("g" + g + "@" + a), f.group("g" + g).attributes().get(a),
            "attribute " + a + " of g" + g);
      } else {
        String name = names.get(rnd.nextInt(names.size()));
        long[] shape = shapes.get(name);
        long[] start = new long[shape.length];
        long[] count = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
          start[d] = rnd.nextInt((int) shape[d]);
          count[d] = 1 + rnd.nextInt((int) (shape[d] - start[d]));
        }
        double[] got = f.dataset(name).readDoubles(Selection.box(start, count));
        assertArrayEquals(box(values.get(name), shape, start, count), got,
            name + " at " + Arrays.toString(start) + " + " + Arrays.toString(count));
      }
    }
  }

  /** The box's elements of a C-ordered flat array, in C order. */
  private static double[] box(double[] all, long[] shape, long[] start, long[] count) {
    int n = 1;
    for (long c : count) {
      n *= (int) c;
    }
    double[] out = new double[n];
    long[] at = new long[shape.length];
    for (int i = 0; i < n; i++) {
      long flat = 0;
      for (int d = 0; d < shape.length; d++) {
        flat = flat * shape[d] + start[d] + at[d];
      }
      out[i] = all[(int) flat];
      for (int d = shape.length - 1; d >= 0 && ++at[d] == count[d]; d--) {
        at[d] = 0;
      }
    }
    return out;
  }

  /** What a node reads as: a dataset's shape and raw bytes, a group's members; attributes. */
  private static Object[] snapshot(Node n) throws Exception {
    List<Object> out = new ArrayList<>();
    if (n instanceof Dataset d) {
      out.add(d.shape());
      out.add(d.readRaw());
    } else if (n instanceof Group g) {
      out.add(g.memberNames());
    }
    for (String a : n.attributes().names()) {
      out.add(a);
      out.add(n.attributes().get(a));
    }
    return out.toArray();
  }

  private static void assertDeepEquals(Object want, Object got, String what) {
    assertEquals(canonical(want), canonical(got), what);
  }

  /** A value as text, arrays, maps (compound elements) and lists by their contents. */
  private static String canonical(Object v) {
    if (v != null && v.getClass().isArray()) {
      StringBuilder s = new StringBuilder("[");
      for (int i = 0; i < java.lang.reflect.Array.getLength(v); i++) {
        s.append(i == 0 ? "" : ", ").append(canonical(java.lang.reflect.Array.get(v, i)));
      }
      return s.append(']').toString();
    }
    if (v instanceof Map<?, ?> m) {
      StringBuilder s = new StringBuilder("{");
      m.forEach((k, x) -> s.append(k).append('=').append(canonical(x)).append(", "));
      return s.append('}').toString();
    }
    if (v instanceof java.util.Collection<?> c) {
      return canonical(c.toArray());
    }
    return String.valueOf(v);
  }

  @FunctionalInterface
  private interface Body {
    void run(int thread) throws Exception;
  }

  /** {@code body} on {@link #THREADS} threads started together; fails on any failure or hang. */
  private static void runThreads(Body body) throws Exception {
    CyclicBarrier start = new CyclicBarrier(THREADS);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
      Thread t = new Thread(r, "shared-file-reader");
      t.setDaemon(true); // a deadlocked reader must not keep the JVM
      return t;
    });
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        Callable<Void> c = () -> {
          start.await(30, TimeUnit.SECONDS);
          body.run(thread);
          return null;
        };
        results.add(pool.submit(c));
      }
      for (Future<?> r : results) {
        try {
          r.get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          if (e.getCause() instanceof AssertionError a) {
            throw a;
          }
          throw e;
        } catch (TimeoutException e) {
          fail("a thread did not finish in 120 s: deadlock? " + threadDump());
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static String threadDump() {
    StringBuilder s = new StringBuilder();
    for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
      s.append('\n').append(e.getKey().getName());
      for (StackTraceElement el : e.getValue()) {
        s.append("\n  at ").append(el);
      }
    }
    return s.toString();
  }
}
