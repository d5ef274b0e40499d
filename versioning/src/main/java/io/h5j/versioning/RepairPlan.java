package io.h5j.versioning;

import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.versioning.CheckReport.Finding;
import io.h5j.versioning.CheckReport.Repair;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The repairs a check found possible without guessing, each tied to its finding, applied in
 * the order they were found through the ordinary group and attribute API.
 */
final class RepairPlan {
  /** One change to the file. */
  sealed interface Action {
    void apply(H5File f) throws IOException;
  }

  /** Sets {@code current_version}. */
  record SetCurrent(String version) implements Action {
    @Override
    public void apply(H5File f) throws IOException {
      f.group(VersionLayout.VERSIONS).attributes().put(VersionLayout.ATTR_CURRENT, version);
    }
  }

  /** Deletes a version group (and the virtual datasets only it links). */
  record DeleteVersion(String name) implements Action {
    @Override
    public void apply(H5File f) throws IOException {
      f.group(VersionLayout.VERSIONS).delete(name);
    }
  }

  /**
   * Deletes members of a group under /_version_data (all of them, when {@code members} is
   * empty: the group itself), then every ancestor below /_version_data left empty.
   */
  record DeleteUnderVersionData(String path, List<String> members) implements Action {
    DeleteUnderVersionData {
      members = List.copyOf(members);
    }

    @Override
    public void apply(H5File f) throws IOException {
      String group = VersionLayout.VERSION_DATA + "/" + path;
      if (!members.isEmpty()) {
        f.group(group).delete(members.toArray(new String[0]));
        if (!f.group(group).memberNames().isEmpty()) {
          return;
        }
      }
      String p = path;
      while (true) {
        int slash = p.lastIndexOf('/');
        Group parent = f.group(slash < 0 ? VersionLayout.VERSION_DATA
            : VersionLayout.VERSION_DATA + "/" + p.substring(0, slash));
        parent.delete(p.substring(slash + 1));
        if (slash < 0 || !parent.memberNames().isEmpty()) {
          return;
        }
        p = p.substring(0, slash);
      }
    }
  }

  private record Step(Finding finding, String description, List<Action> actions) {}

  private final List<Step> steps = new ArrayList<>();

  void add(Finding finding, String description, Action... actions) {
    steps.add(new Step(finding, description, List.of(actions)));
  }

  boolean isEmpty() {
    return steps.isEmpty();
  }

  /** Applies every step, in order; what was done. */
  List<Repair> apply(H5File f) throws IOException {
    List<Repair> done = new ArrayList<>();
    for (Step s : steps) {
      for (Action a : s.actions()) {
        a.apply(f);
      }
      done.add(new Repair(s.finding(), s.description()));
    }
    return done;
  }
}
