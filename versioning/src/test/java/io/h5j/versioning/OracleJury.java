package io.h5j.versioning;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every {@link StateOracles} reader judging samples of crashed states, into a
 * {@link CrashReport}. A reader that is not installed is left out, and
 * {@link #rethrowMissing} then skips or fails the test by the oracle rules, after the
 * judgement of the others was reported.
 */
final class OracleJury {
  /** Readers asked for; the skip or failure their absence calls for, or null if present. */
  private final Map<StateOracles, Throwable> missing = new EnumMap<>(StateOracles.class);

  /** Has every present reader judge the samples (file → kind of crash) of one operation. */
  void judge(String operation, Map<StateOracles.Sample, String> samples, CrashReport report)
      throws IOException {
    List<StateOracles.Sample> all = new ArrayList<>(samples.keySet());
    for (StateOracles o : StateOracles.values()) {
      if (available(o)) {
        Map<Path, List<String>> found = o.judge(all);
        samples.forEach((sample, kind) -> report.addOracle(operation, kind, sample.label(), o,
            found.get(sample.file())));
      }
    }
  }

  private boolean available(StateOracles o) {
    if (!missing.containsKey(o)) {
      try {
        o.require();
        missing.put(o, null);
      } catch (org.opentest4j.TestAbortedException | AssertionError e) {
        missing.put(o, e);
      }
    }
    return missing.get(o) == null;
  }

  /** Skips the test (developer machine) or fails it (CI) if a reader was missing. */
  void rethrowMissing() {
    for (Throwable t : missing.values()) {
      if (t instanceof org.opentest4j.TestAbortedException a) {
        throw a;
      }
      if (t instanceof AssertionError e) {
        throw e;
      }
    }
  }
}
