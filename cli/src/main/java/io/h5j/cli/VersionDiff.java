package io.h5j.cli;

import io.h5j.Selection;
import io.h5j.type.Datatype;
import io.h5j.versioning.VersionView;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code h5j diff --versions}: per dataset, the chunks stored differently in two versions of
 * a versioned file and how many elements each really changed, found by reading only those
 * chunks of both versions (an element in one version's extent only counts as changed).
 */
final class VersionDiff {
  private final VersionedFile file;
  private final PrintWriter out;

  VersionDiff(VersionedFile file, PrintWriter out) {
    this.file = file;
    this.out = out;
  }

  /**
   * Prints the differences of the dataset at {@code path} (null: of every dataset of either
   * version); returns the number of elements changed in all.
   */
  long print(String v1, String v2, String path) throws IOException {
    VersionView a = file.version(v1);
    VersionView b = file.version(v2);
    TreeSet<String> paths = new TreeSet<>();
    if (path != null) {
      paths.add(path);
    } else {
      paths.addAll(a.datasetPaths());
      paths.addAll(b.datasetPaths());
    }
    long total = 0;
    for (String p : paths) {
      List<long[]> changed = file.diff(p, v1, v2);
      if (changed.isEmpty()) {
        continue;
      }
      long[] chunk = (a.contains(p) ? a : b).chunks(p);
      long[] counts = new long[changed.size()];
      long sum = 0;
      for (int i = 0; i < counts.length; i++) {
        counts[i] = changedElements(a, b, p, changed.get(i), chunk);
        sum += counts[i];
      }
      total += sum;
      out.println(p + ": " + changed.size() + " chunk" + (changed.size() == 1 ? "" : "s") + ", "
          + elements(sum) + " changed");
      for (int i = 0; i < counts.length; i++) {
        out.println("  " + Arrays.toString(changed.get(i)) + ": " + elements(counts[i]));
      }
    }
    return total;
  }

  private static String elements(long n) {
    return n + " element" + (n == 1 ? "" : "s");
  }

  /** Elements of the chunk at {@code offset} that differ between the versions. */
  private static long changedElements(VersionView a, VersionView b, String p, long[] offset,
      long[] chunk) throws IOException {
    long[] inA = extent(a, p, offset, chunk);
    long[] inB = extent(b, p, offset, chunk);
    long[] both = new long[chunk.length];
    for (int d = 0; d < chunk.length; d++) {
      both[d] = Math.min(inA[d], inB[d]);
    }
    long onlyOne = volume(inA) + volume(inB) - 2 * volume(both);
    long common = volume(both);
    if (common == 0) {
      return onlyOne;
    }
    Datatype ta = a.datatype(p);
    Datatype tb = b.datatype(p);
    if (ta.classId() != tb.classId()) {
      return onlyOne + common;
    }
    Selection box = Selection.box(offset, both);
    Object x = a.read(p, box);
    Object y = b.read(p, box);
    DiffElements elements = DiffElements.of(ta, tb, DiffTolerance.EXACT);
    long n = 0;
    for (int i = 0; i < common; i++) {
      n += elements.count(x, y, i) > 0 ? 1 : 0;
    }
    return onlyOne + n;
  }

  /** The chunk's extent inside the version's dataset (zero where it lacks it). */
  private static long[] extent(VersionView v, String p, long[] offset, long[] chunk)
      throws IOException {
    long[] e = new long[chunk.length];
    if (!v.contains(p)) {
      return e;
    }
    long[] shape = v.shape(p);
    for (int d = 0; d < chunk.length; d++) {
      e[d] = Math.max(0, Math.min(chunk[d], shape[d] - offset[d]));
    }
    return e;
  }

  private static long volume(long[] extent) {
    long n = 1;
    for (long e : extent) {
      n *= e;
    }
    return n;
  }
}
