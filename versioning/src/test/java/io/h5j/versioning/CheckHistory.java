package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.DatasetSpec;
import io.h5j.testing.Oracles;
import io.h5j.type.CharacterSet;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small history h5j writes for the chunk-hash tests, and its model: {@code grid} (float64
 * 10 × 7 in 4 × 3 chunks, fill -1: edge chunks on both axes), {@code sub/series} (int32, 11 in
 * 4) and {@code names} (variable-length strings, 7 in 3, each unique in the file). v2 rewrites
 * a chunk, touches the corner chunk and a string; v3 grows the grid and writes a block equal to
 * a v1 chunk (de-duplicated). Also what the peers see of such files: their reads compared with
 * the model, and the raw chunks' places as h5py finds them.
 */
final class CheckHistory {
  private CheckHistory() {}

  static final List<String> VERSIONS = List.of("v1", "v2", "v3");

  /** Version → dataset path → values (flat, C order) as the model holds them. */
  static Map<String, Map<String, Object>> write(Path file) throws IOException {
    return write(file, true);
  }

  /**
   * The history without {@code names} when {@code strings} is false: for a file the DEB peer
   * commits on (its h5py 3.7 crashes, SIGSEGV, committing on any file with a variable-length
   * string dataset, one versioned-hdf5 wrote too).
   */
  static Map<String, Map<String, Object>> write(Path file, boolean strings) throws IOException {
    double[] grid1 = new double[70];
    for (int i = 0; i < grid1.length; i++) {
      grid1[i] = i + 0.5;
    }
    int[] series1 = new int[11];
    for (int i = 0; i < series1.length; i++) {
      series1[i] = 3 * i;
    }
    String[] names1 = new String[7];
    for (int i = 0; i < names1.length; i++) {
      names1[i] = "name-" + i + "-unique";
    }
    Map<String, Map<String, Object>> model = new LinkedHashMap<>();
    try (VersionedFile vf = VersionedFile.create(file)) {
      vf.commit("v1", null, s -> {
        s.createDataset("grid", DatasetSpec.of(grid1.clone()).shape(10, 7).chunks(4, 3)
            .fillValue(-1.0));
        s.createDataset("sub/series", DatasetSpec.of(series1.clone()).chunks(4));
        if (strings) {
          s.createDataset("names", DatasetSpec.of(names1.clone())
              .datatype(Datatypes.vlenString(CharacterSet.UTF8)).chunks(3));
        }
      });
      model.put("v1", datasets(strings, grid1, series1, names1));

      double[] grid2 = grid1.clone();
      for (int r = 0; r < 4; r++) {
        Arrays.fill(grid2, r * 7, r * 7 + 3, 100);
      }
      grid2[9 * 7 + 6] = 200;
      String[] names2 = names1.clone();
      names2[4] = "changed-name";
      vf.commit("v2", "v1", s -> {
        s.write("grid", new long[] {0, 0}, new long[] {4, 3}, new double[] {100, 100, 100,
            100, 100, 100, 100, 100, 100, 100, 100, 100});
        s.write("grid", new long[] {9, 6}, new long[] {1, 1}, new double[] {200});
        if (strings) {
          s.write("names", new long[] {4}, new long[] {1}, new String[] {"changed-name"});
        }
      });
      model.put("v2", datasets(strings, grid2, series1, names2));

      double[] grid3 = Arrays.copyOf(grid2, 84);
      Arrays.fill(grid3, 70, 84, -1);
      double[] block = new double[12];
      for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 3; c++) {
          block[r * 3 + c] = grid1[r * 7 + c];
          grid3[(4 + r) * 7 + 3 + c] = grid1[r * 7 + c];
        }
      }
      int[] series3 = series1.clone();
      series3[5] = -5;
      vf.commit("v3", "v2", s -> {
        s.resize("grid", 12, 7);
        s.write("grid", new long[] {4, 3}, new long[] {4, 3}, block);
        s.write("sub/series", new long[] {5}, new long[] {1}, new int[] {-5});
      });
      model.put("v3", datasets(strings, grid3, series3, names2));
    }
    return model;
  }

  private static Map<String, Object> datasets(boolean strings, double[] grid, int[] series,
      String[] names) {
    return strings ? Map.of("grid", grid, "sub/series", series, "names", names)
        : Map.of("grid", grid, "sub/series", series);
  }

  /** The shape of each dataset of a version of the model. */
  static long[] shape(String version, String path) {
    return switch (path) {
      case "grid" -> version.equals("v3") ? new long[] {12, 7} : new long[] {10, 7};
      case "sub/series" -> new long[] {11};
      case "names" -> new long[] {7};
      default -> throw new IllegalArgumentException(path);
    };
  }

  /** Fails unless {@code peer}'s read of every version of {@code file} equals the model. */
  static void assertPeerReads(VersionedPeer peer, Path file, String current,
      Map<String, Map<String, Object>> model) throws IOException {
    JsonNode read = new ObjectMapper().readTree(peer.run("read", file.toString()));
    assertEquals(current, read.get("current").asText(), peer + " current version");
    assertEquals(model.keySet(), toSet(read.get("versions").fieldNames()), peer + " versions");
    model.forEach((v, datasets) -> {
      JsonNode got = read.get("versions").get(v).get("datasets");
      assertEquals(datasets.keySet(), toSet(got.fieldNames()), peer + " " + v);
      datasets.forEach((p, values) -> assertValues(peer + " " + v + ":" + p, values,
          got.get(p)));
    });
  }

  /** Fails unless a peer's description of a dataset ({@code vh5_tool.py read}) is {@code values}. */
  static void assertValues(String where, Object values, JsonNode got) {
    if (values instanceof String[] s) {
      List<String> g = new java.util.ArrayList<>();
      got.get("values").forEach(x -> g.add(x.asText()));
      assertEquals(List.of(s), g, where);
    } else {
      assertEquals(sha256(values), got.get("sha256").asText(), where);
    }
  }

  /** SHA-256 of a flat double[] or int[] as little-endian bytes (numpy's C-order bytes). */
  static String sha256(Object values) {
    ByteBuffer b;
    if (values instanceof double[] d) {
      b = ByteBuffer.allocate(d.length * 8).order(ByteOrder.LITTLE_ENDIAN);
      Arrays.stream(d).forEach(b::putDouble);
    } else if (values instanceof int[] i) {
      b = ByteBuffer.allocate(i.length * 4).order(ByteOrder.LITTLE_ENDIAN);
      Arrays.stream(i).forEach(b::putInt);
    } else if (values instanceof long[] l) {
      b = ByteBuffer.allocate(l.length * 8).order(ByteOrder.LITTLE_ENDIAN);
      Arrays.stream(l).forEach(b::putLong);
    } else {
      throw new IllegalArgumentException(values.getClass().getName());
    }
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Which committed versions map which raw_data rows, from the virtual datasets as h5py reads
   * them: path → start row → list of {@code [version, [chunk offset...]]}.
   */
  static JsonNode maps(Path file) throws IOException {
    return new ObjectMapper().readTree(Oracles.python(VersionedPeer.tool(), "maps",
        file.toString()));
  }

  /**
   * Where h5py (libhdf5's chunk index) finds each raw chunk of each dataset path's raw_data:
   * path → start row → {@code [file offset, stored size]}.
   */
  static JsonNode chunkPlaces(Path file) throws IOException {
    return new ObjectMapper().readTree(Oracles.python(String.join("\n",
        "import sys, json, h5py",
        "out = {}",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    def visit(name, obj):",
        "        if isinstance(obj, h5py.Dataset) and name.endswith('/raw_data'):",
        "            p = name[:-len('/raw_data')]",
        "            for i in range(obj.id.get_num_chunks()):",
        "                c = obj.id.get_chunk_info(i)",
        "                if all(x == 0 for x in c.chunk_offset[1:]):",
        "                    out.setdefault(p, {})[str(c.chunk_offset[0])] = [c.byte_offset, c.size]",
        "    f['_version_data'].visititems(visit)",
        "print(json.dumps(out))"), file.toString()));
  }

  /** Version → chunk offsets that map raw_data rows from {@code start}, from {@link #maps}. */
  static Map<String, List<long[]>> readers(JsonNode maps, String path, long start) {
    Map<String, List<long[]>> out = new java.util.TreeMap<>();
    for (JsonNode m : maps.get(path).get(Long.toString(start))) {
      long[] o = new long[m.get(1).size()];
      for (int i = 0; i < o.length; i++) {
        o[i] = m.get(1).get(i).asLong();
      }
      out.computeIfAbsent(m.get(0).asText(), k -> new java.util.ArrayList<>()).add(o);
    }
    return out;
  }

  /** Fails unless the readers the check names are {@code expected} (order aside). */
  static void assertReaders(Map<String, List<long[]>> expected,
      Map<String, List<long[]>> got) {
    assertEquals(expected.keySet(), new java.util.TreeSet<>(got.keySet()), "versions");
    expected.forEach((v, offsets) -> {
      List<String> e = offsets.stream().map(Arrays::toString).sorted().toList();
      List<String> g = got.get(v).stream().map(Arrays::toString).sorted().toList();
      assertEquals(e, g, "chunks of " + v);
    });
  }

  static List<Map.Entry<String, JsonNode>> fields(JsonNode n) {
    List<Map.Entry<String, JsonNode>> out = new java.util.ArrayList<>();
    n.fields().forEachRemaining(out::add);
    return out;
  }

  private static java.util.Set<String> toSet(java.util.Iterator<String> it) {
    java.util.Set<String> s = new java.util.TreeSet<>();
    it.forEachRemaining(s::add);
    return s;
  }
}
