package io.h5j.versioning;

import io.h5j.DatasetSpec;
import io.h5j.type.CharacterSet;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The work {@link KillChild} does until it is killed, and {@link KillTest} models: on a main
 * file, commits v1, v2, ... each on the current version; after every fourth commit vK the
 * deletion of v(K-2); after every second commit, a new file made with
 * {@link VersionedFile#create} and committed once (f1). Version n's content is a function of
 * n alone: int32 {@code a} of 40-72 elements in chunks of 8 (a third of its chunks differ
 * from n's neighbours, the others are stored once), strings {@code s} (the first chunk
 * differs) and a deflated float64 6x5 {@code d} (one row differs).
 */
final class KillWorkload {
  private KillWorkload() {}

  static int length(int n) {
    return 40 + (n % 5) * 8;
  }

  static int[] a(int n) {
    int[] v = new int[length(n)];
    for (int i = 0; i < v.length; i++) {
      v[i] = (i / 8) % 3 == n % 3 ? n * 100 + i : i;
    }
    return v;
  }

  static String[] s(int n) {
    String[] v = new String[12];
    for (int i = 0; i < v.length; i++) {
      v[i] = i < 4 ? "s" + n + "-" + i : "s-" + i;
    }
    return v;
  }

  static double[] d(int n) {
    double[] v = new double[30];
    for (int i = 0; i < v.length; i++) {
      v[i] = i / 5 == n % 6 ? n + 0.5 : i;
    }
    return v;
  }

  /** Writes version n's content, creating the datasets if the parent has none. */
  static void write(StagedVersion st, int n) throws IOException {
    if (!st.contains("a")) {
      st.createDataset("a", DatasetSpec.of(a(n)).chunks(8).fillValue(-1));
      st.createDataset("s", DatasetSpec.of(s(n)).datatype(Datatypes.vlenString(
          CharacterSet.UTF8)).chunks(4));
      st.createDataset("d", DatasetSpec.of(d(n)).shape(6, 5).chunks(3, 5).deflate(4)
          .fillValue(0.0));
      return;
    }
    st.resize("a", length(n));
    st.write("a", a(n));
    st.write("s", s(n));
    st.write("d", d(n));
  }

  /** The test's model of version n's datasets. */
  static Map<String, FileExpectation.Data> model(int n) {
    ModelArray a = new ModelArray("<i4", new long[] {length(n)}, -1);
    int[] av = a(n);
    for (int i = 0; i < av.length; i++) {
      a.values[i] = av[i];
    }
    ModelArray d = new ModelArray("<f8", new long[] {6, 5}, 0);
    d.values = d(n);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("a", a);
    m.put("s", new ModelStrings(s(n)));
    m.put("d", d);
    return FileExpectation.data(m);
  }

  /** The next step on a main file that shows {@code e}: "delete vM" or "commit vN". */
  static String nextStep(FileExpectation e) {
    int k = highest(e);
    if (k >= 4 && k % 4 == 0 && e.versions().containsKey("v" + (k - 2))) {
      return "delete v" + (k - 2);
    }
    return "commit v" + (k + 1);
  }

  /** The main file after {@code step} on a file that shows {@code e}. */
  static FileExpectation after(FileExpectation e, String step) {
    String v = step.substring(step.indexOf(' ') + 1);
    if (step.startsWith("delete ")) {
      return e.withDeleted(v);
    }
    return e.withCommit(v, e.current(), model(Integer.parseInt(v.substring(1))));
  }

  /** Runs {@code step} on a writable main file. */
  static void run(VersionedFile vf, String step) throws IOException {
    String v = step.substring(step.indexOf(' ') + 1);
    if (step.startsWith("delete ")) {
      vf.deleteVersions(v);
    } else {
      int n = Integer.parseInt(v.substring(1));
      vf.commit(v, vf.currentVersion(), st -> write(st, n));
    }
  }

  /** The highest version number in {@code e}, 0 for none. */
  static int highest(FileExpectation e) {
    return e.versions().keySet().stream().mapToInt(v -> Integer.parseInt(v.substring(1)))
        .max().orElse(0);
  }

  /** The new file after create and its one commit. */
  static final FileExpectation FRESH = FileExpectation.EMPTY.withCommit("f1",
      FileExpectation.NO_VERSION, model(0));
}
