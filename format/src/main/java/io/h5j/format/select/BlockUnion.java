package io.h5j.format.select;

import io.h5j.format.select.EncodedSelection.Irregular;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The union of a block list as libhdf5 holds it after OR-ing the blocks into one selection:
 * a span tree whose spans are disjoint, in increasing order, and merged with a neighbour they
 * touch whenever both have the same tree below. Its blocks, listed depth first, are the block
 * list libhdf5 stores for that union. libhdf5 1.10 misjudges the bounds of a stored list
 * whose blocks overlap, so h5j writes block lists in this form.
 */
public final class BlockUnion {
  /** Coordinates {@code lo..hi} of one dimension, with the spans of the next ones below. */
  private record Span(long lo, long hi, List<Span> down) {}

  private BlockUnion() {}

  /** {@code blocks} as disjoint blocks in libhdf5's order (the same elements). */
  public static Irregular of(Irregular blocks) {
    int rank = blocks.rank();
    int[] all = new int[blocks.blockCount()];
    Arrays.setAll(all, i -> i);
    List<Span> tree = spans(blocks, all, 0);
    List<long[]> out = new ArrayList<>();
    emit(tree, new long[2 * rank], 0, rank, out);
    long[] start = new long[out.size() * rank];
    long[] end = new long[out.size() * rank];
    for (int b = 0; b < out.size(); b++) {
      System.arraycopy(out.get(b), 0, start, b * rank, rank);
      System.arraycopy(out.get(b), rank, end, b * rank, rank);
    }
    return new Irregular(rank, start, end);
  }

  /** The spans along dimension {@code d} of the union of blocks {@code which}. */
  private static List<Span> spans(Irregular r, int[] which, int d) {
    long[] cuts = new long[2 * which.length]; // where coverage along d may change
    for (int i = 0; i < which.length; i++) {
      cuts[2 * i] = r.start(which[i], d);
      cuts[2 * i + 1] = r.end(which[i], d) + 1;
    }
    Arrays.sort(cuts);
    List<Span> out = new ArrayList<>();
    int[] covering = new int[which.length];
    for (int k = 0; k + 1 < cuts.length; k++) {
      long lo = cuts[k];
      long hi = cuts[k + 1] - 1;
      if (hi < lo) {
        continue; // repeated cut
      }
      int n = 0;
      for (int b : which) {
        if (r.start(b, d) <= lo && r.end(b, d) >= hi) {
          covering[n++] = b;
        }
      }
      if (n == 0) {
        continue;
      }
      List<Span> down = d + 1 == r.rank() ? List.of()
          : spans(r, Arrays.copyOf(covering, n), d + 1);
      Span last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && last.hi() + 1 == lo && last.down().equals(down)) {
        out.set(out.size() - 1, new Span(last.lo(), hi, down));
      } else {
        out.add(new Span(lo, hi, down));
      }
    }
    return out;
  }

  /** Appends the blocks of {@code spans} at depth {@code d}: {start..., end...} each. */
  private static void emit(List<Span> spans, long[] at, int d, int rank, List<long[]> out) {
    for (Span s : spans) {
      at[d] = s.lo();
      at[rank + d] = s.hi();
      if (d + 1 == rank) {
        out.add(at.clone());
      } else {
        emit(s.down(), at, d + 1, rank, out);
      }
    }
  }
}
