package io.h5j.format.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.select.EncodedSelection.Irregular;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Random block lists, overlapping and touching, in small spaces: {@link BlockUnion} selects
 * exactly their union (an element-by-element model) with disjoint blocks, and libhdf5 1.10.8
 * (h5py's h5s: none, then OR of each block) holds that union as the very same block list.
 */
@OracleTest
class BlockUnionTest {
  private record Case(long[] dims, Irregular in, Irregular out) {}

  private static Irregular randomBlocks(Random rnd, long[] dims) {
    int rank = dims.length;
    int n = 1 + rnd.nextInt(5);
    long[] start = new long[n * rank];
    long[] end = new long[n * rank];
    for (int i = 0; i < n * rank; i++) {
      long dim = dims[i % rank];
      start[i] = rnd.nextInt((int) dim);
      end[i] = start[i] + rnd.nextInt((int) (dim - start[i]));
    }
    return new Irregular(rank, start, end);
  }

  /** The elements of the blocks, each once, in C order. */
  private static Set<List<Long>> elements(Irregular r, long[] dims) {
    Set<List<Long>> out = new TreeSet<>((a, b) -> {
      for (int i = 0; i < a.size(); i++) {
        int c = Long.compare(a.get(i), b.get(i));
        if (c != 0) {
          return c;
        }
      }
      return 0;
    });
    long volume = Arrays.stream(dims).reduce(1, (a, b) -> a * b);
    for (long x = 0; x < volume; x++) {
      List<Long> c = new ArrayList<>();
      long rest = x;
      for (int d = dims.length - 1; d >= 0; d--) {
        c.add(0, rest % dims[d]);
        rest /= dims[d];
      }
      for (int b = 0; b < r.blockCount(); b++) {
        boolean in = true;
        for (int d = 0; d < dims.length; d++) {
          in &= c.get(d) >= r.start(b, d) && c.get(d) <= r.end(b, d);
        }
        if (in) {
          out.add(c);
          break;
        }
      }
    }
    return out;
  }

  private static String blocks(Irregular r) {
    StringBuilder sb = new StringBuilder();
    for (int b = 0; b < r.blockCount(); b++) {
      for (int d = 0; d < r.rank(); d++) {
        sb.append(r.start(b, d)).append(',');
      }
      for (int d = 0; d < r.rank(); d++) {
        sb.append(r.end(b, d)).append(d + 1 < r.rank() ? "," : "");
      }
      sb.append(b + 1 < r.blockCount() ? ";" : "");
    }
    return sb.toString();
  }

  @Test
  void disjointBlocksOfTheSameUnionInLibhdf5sOrder() throws Exception {
    Random rnd = new Random(20261129);
    List<Case> cases = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      long[] dims = new long[1 + rnd.nextInt(3)];
      for (int d = 0; d < dims.length; d++) {
        dims[d] = 1 + rnd.nextInt(7);
      }
      Irregular in = randomBlocks(rnd, dims);
      Irregular out = BlockUnion.of(in);
      assertEquals(elements(in, dims), elements(out, dims), in + " -> " + out);
      assertEquals(elements(out, dims).size(), out.elementCount(null), "disjoint: " + out);
      cases.add(new Case(dims, in, out));
    }
    Path list = Files.createTempFile("block-union", ".txt");
    try {
      StringBuilder sb = new StringBuilder();
      for (Case c : cases) {
        sb.append(Arrays.toString(c.dims()).replaceAll("[\\[\\] ]", "")).append(' ')
            .append(blocks(c.out())).append('\n');
      }
      Files.writeString(list, sb);
      String got = Oracles.python(String.join("\n",
          "import sys",
          "from h5py import h5s",
          "for line in open(sys.argv[1]):",
          "  dims, blocks = line.split()",
          "  dims = tuple(int(x) for x in dims.split(','))",
          "  sp = h5s.create_simple(dims)",
          "  sp.select_none()",
          "  for b in blocks.split(';'):",
          "    v = [int(x) for x in b.split(',')]",
          "    lo, hi = v[:len(dims)], v[len(dims):]",
          "    sp.select_hyperslab(tuple(lo), tuple(1 for _ in dims),",
          "                        block=tuple(h - l + 1 for l, h in zip(lo, hi)), op=h5s.SELECT_OR)",
          "  print(';'.join(','.join(str(x) for x in list(s) + list(e))",
          "                 for s, e in sp.get_select_hyper_blocklist().tolist()))"),
          list.toString());
      String[] lines = got.strip().split("\n");
      assertEquals(cases.size(), lines.length, got);
      for (int i = 0; i < cases.size(); i++) {
        assertEquals(blocks(cases.get(i).out()), lines[i], "libhdf5's list for the union of "
            + cases.get(i).in() + " in " + Arrays.toString(cases.get(i).dims()));
      }
    } finally {
      Files.delete(list);
    }
    assertTrue(cases.stream().anyMatch(c -> c.out().blockCount() < c.in().blockCount()),
        "some unions merge blocks");
  }
}
