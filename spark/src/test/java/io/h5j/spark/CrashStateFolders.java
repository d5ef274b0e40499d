package io.h5j.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.CrashBudget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The crash states of a recorded write that a test judges, within {@link CrashBudget}, and
 * the manifest that hands those an oracle reads to one Python process: each state's folder,
 * its label and which outcome it must show.
 */
final class CrashStateFolders {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path dir;
  private final List<Map<String, String>> judged = new ArrayList<>();

  /** Writes the states' folders under {@code dir}. */
  CrashStateFolders(Path dir) {
    this.dir = dir;
  }

  /** Kill states (twice the budget's count: two files change) and power cuts. */
  static List<FolderCrashStates.State> of(FolderLog log) {
    FolderCrashStates crashes = new FolderCrashStates(log);
    CrashBudget budget = CrashBudget.fromSystemProperties();
    List<FolderCrashStates.State> states = new ArrayList<>(
        crashes.kills(2 * budget.killStates(), budget.seed()));
    states.addAll(crashes.powerCuts(Math.max(1, budget.powerCutTrials() - 1), budget.seed()));
    return states;
  }

  /**
   * Writes {@code image} (of {@code state}) out for the oracle, which must see {@code want};
   * returns the folder it is in.
   */
  Path add(FolderCrashStates.State state, FolderImage image, String want) throws IOException {
    Path at = dir.resolve("state-" + judged.size());
    image.writeTo(at);
    Map<String, String> entry = new LinkedHashMap<>();
    entry.put("dir", at.toString());
    entry.put("want", want);
    entry.put("label", state.label());
    judged.add(entry);
    return at;
  }

  int size() {
    return judged.size();
  }

  /**
   * Writes the manifest: {@code fields} (what the oracle needs to know of every state) and
   * {@code states}, the list of those added; returns its path.
   */
  Path manifest(Map<String, Object> fields) throws IOException {
    Map<String, Object> m = new LinkedHashMap<>(fields);
    m.put("states", judged);
    Path p = dir.resolve("manifest.json");
    JSON.writeValue(p.toFile(), m);
    return p;
  }
}
