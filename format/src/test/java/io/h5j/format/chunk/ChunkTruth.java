package io.h5j.format.chunk;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.object.H5Context;
import io.h5j.internal.DatasetInternals;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Test helper: the chunks h5py (libhdf5) reports, and the same facts from h5j's index. */
final class ChunkTruth {
  private ChunkTruth() {}

  private static final String SCRIPT = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "for p in sys.argv[2:]:",
      "    d = f[p].id",
      "    for i in range(d.get_num_chunks()):",
      "        c = d.get_chunk_info(i)",
      "        print(p, ','.join(str(x) for x in c.chunk_offset), c.filter_mask, c.byte_offset, c.size)");

  /** Like SCRIPT but probing every cell of the current grid (fast for big indexes). */
  private static final String BY_COORD = String.join("\n",
      "import sys, itertools, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "for p in sys.argv[2:]:",
      "    d = f[p]",
      "    for off in itertools.product(*[range(0, s, c) for s, c in zip(d.shape, d.chunks)]):",
      "        c = d.id.get_chunk_info_by_coord(off)",
      "        if c.byte_offset is not None:",
      "            print(p, ','.join(str(x) for x in c.chunk_offset), c.filter_mask, c.byte_offset, c.size)");

  /** path → sorted lines "offset mask address size" as libhdf5 reports them. */
  static Map<String, TreeSet<String>> oracle(Path file, List<String> paths) throws IOException {
    return run(SCRIPT, file, paths);
  }

  /** The same, found by probing each chunk of the current grid by its coordinates. */
  static Map<String, TreeSet<String>> oracleByCoord(Path file, List<String> paths)
      throws IOException {
    return run(BY_COORD, file, paths);
  }

  private static Map<String, TreeSet<String>> run(String script, Path file, List<String> paths)
      throws IOException {
    List<String> args = new ArrayList<>();
    args.add(file.toString());
    args.addAll(paths);
    String out = Oracles.python(script, args.toArray(new String[0]));
    Map<String, TreeSet<String>> m = new HashMap<>();
    for (String p : paths) {
      m.put(p, new TreeSet<>());
    }
    for (String line : out.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.trim().split(" ");
      m.get(f[0]).add(f[1] + " " + f[2] + " " + f[3] + " " + f[4]);
    }
    return m;
  }

  static String line(ChunkRecord c) {
    StringBuilder sb = new StringBuilder();
    long[] o = c.offset();
    for (int i = 0; i < o.length; i++) {
      sb.append(i == 0 ? "" : ",").append(o[i]);
    }
    return sb + " " + Integer.toUnsignedString(c.filterMask()) + " " + c.address() + " "
        + c.storedSize();
  }

  /** An open file: its FileAccess (with the superblock's parameters) and the API view. */
  record Opened(H5File file, H5Context ctx) implements AutoCloseable {
    static Opened of(Path p) throws IOException {
      return new Opened(H5File.open(p), H5Context.open(FileAccess.openRead(p)));
    }

    FileAccess fa() {
      return ctx.access();
    }

    ChunkIndex index(String path, boolean filtered) throws IOException {
      Dataset d = file.dataset(path);
      return ChunkIndex.open(fa(), (LayoutMessage.Chunked) DatasetInternals.layout(d),
          d.dataspace(), filtered);
    }

    @Override
    public void close() throws IOException {
      file.close();
      ctx.access().close();
    }
  }

  static List<ChunkRecord> all(ChunkIndex idx) throws IOException {
    List<ChunkRecord> l = new ArrayList<>();
    idx.forEach(l::add);
    return l;
  }

  static TreeSet<String> lines(List<ChunkRecord> l) {
    TreeSet<String> s = new TreeSet<>();
    for (ChunkRecord c : l) {
      s.add(line(c));
    }
    return s;
  }

  /** Every chunk offset of a grid (row-major), for probing find(). */
  static List<long[]> gridOffsets(ChunkGeometry g, long[] grid, int limit) {
    List<long[]> out = new ArrayList<>();
    long n = 1;
    for (long x : grid) {
      n *= x;
    }
    long[] chunk = g.chunkDims();
    for (long i = 0; i < n && out.size() < limit; i++) {
      long[] s = ChunkGeometry.delinear(i, grid);
      long[] o = new long[s.length];
      for (int k = 0; k < s.length; k++) {
        o[k] = s[k] * chunk[k];
      }
      out.add(o);
    }
    return out;
  }

  static String key(long[] offset) {
    return Arrays.toString(offset);
  }
}
