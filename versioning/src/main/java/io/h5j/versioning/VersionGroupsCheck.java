package io.h5j.versioning;

import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.versioning.CheckReport.Finding;
import io.h5j.versioning.CheckReport.Kind;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Checks {@code /_version_data/versions}: each version group's attributes, that parents exist
 * and are committed, that current_version is committed, and what a killed commit leaves.
 *
 * <p>The repairs follow what each library's commit writes, in order. versioned-hdf5 creates
 * the version group ({@code committed = False}, {@code prev_version}, a timestamp), then sets
 * {@code current_version} to it, then writes raw data, hash tables and virtual datasets, then
 * {@code committed = True} and the final timestamp; when a commit fails in Python it deletes
 * the group and sets {@code current_version} back to what it was, the group's
 * {@code prev_version} when the version was staged on the current one (its default). A kill
 * leaves an uncommitted group, named by current_version or not. h5j now writes a whole commit
 * in one atomic flush, but its commits before that wrote the group uncommitted with its data,
 * then the hash tables' {@code largest_index}, {@code committed} and {@code current_version}
 * in a second flush, so files it wrote then may hold an uncommitted group, or a committed
 * version that is not current. So:
 *
 * <ul>
 *   <li>an uncommitted group no committed version descends from is deleted, as versioned-hdf5
 *       deletes a failed one (its chunks stay in raw_data, unused, as versioned-hdf5 leaves
 *       them);
 *   <li>a current_version naming an uncommitted group becomes that group's
 *       {@code prev_version} (when that is committed, or {@code __first_version__}), and the
 *       group is deleted: what versioned-hdf5's failure handler restores for a version staged
 *       on the current one; a group with no usable parent is left, as damage;
 *   <li>the newest version (strictly latest timestamp), committed on the current version,
 *       with no version on top of it, becomes current, completing h5j's commit (of a version
 *       staged on the current one, the default). versioned-hdf5 accepts the file either way,
 *       and its {@code make_current=False} leaves the same state on purpose, so this is a
 *       note, not damage; a current version set back by hand to an older one is left alone,
 *       as the newest version's parent is then not current.
 * </ul>
 */
final class VersionGroupsCheck {
  private VersionGroupsCheck() {}

  /** What the check learned of one version group. */
  record State(String name, Boolean committed, String prev, Instant time) {}

  /** The versions group as checked: current_version, and committed versions oldest first. */
  record Result(String current, Map<String, State> states, List<String> committed) {}

  static Result run(H5File f, Findings out, RepairPlan plan) throws IOException {
    Group versions = f.group(VersionLayout.VERSIONS);
    Map<String, State> states = new LinkedHashMap<>();
    for (String name : versions.memberNames()) {
      State s = state(versions, name, out);
      if (s != null) {
        states.put(name, s);
      }
    }
    if (!versions.contains(VersionLayout.FIRST_VERSION)) {
      out.add(Kind.LAYOUT, "version group " + VersionLayout.FIRST_VERSION,
          "is missing: versioned-hdf5 stages versions without a parent on it");
    }
    Object cur = versions.attributes().get(VersionLayout.ATTR_CURRENT); // checked at open
    String current = (String) cur;
    checkParents(states, out);
    checkCurrent(current, states, out, plan);
    checkUncommitted(current, states, out, plan);
    checkNewestIsCurrent(current, states, out, plan);
    List<String> committed = states.values().stream()
        .filter(s -> Boolean.TRUE.equals(s.committed()))
        .sorted(Comparator.comparing((State s) -> s.time() == null ? Instant.MIN : s.time())
            .thenComparing(State::name))
        .map(State::name).toList();
    return new Result(current, states, committed);
  }

  /** One group's state; its attribute problems reported. Null for a member that is no group. */
  private static @Nullable State state(Group versions, String name, Findings out)
      throws IOException {
    String subject = "version " + name;
    Node n = versions.get(name);
    if (!(n instanceof Group g)) {
      out.add(Kind.LAYOUT, subject, "is not a group");
      return null;
    }
    if (name.equals(VersionLayout.FIRST_VERSION)) {
      return new State(name, Boolean.TRUE, null, null);
    }
    Map<String, Object> attrs = AttributeCopy.values(AttributeCopy.read(g.attributes(),
        Set.of()));
    Boolean committed = bool(attrs.get(VersionLayout.ATTR_COMMITTED));
    if (committed == null) {
      out.add(Kind.LAYOUT, subject, attrs.containsKey(VersionLayout.ATTR_COMMITTED)
          ? "has a committed attribute that is not a boolean: "
              + attrs.get(VersionLayout.ATTR_COMMITTED)
          : "has no committed attribute, so no reader can tell whether it was committed");
    }
    String prev = attrs.get(VersionLayout.ATTR_PREV) instanceof String p ? p : null;
    if (prev == null) {
      out.add(Kind.LAYOUT, subject, "has no string prev_version attribute");
    }
    Instant time = null;
    if (!(attrs.get(VersionLayout.ATTR_TIMESTAMP) instanceof String ts)) {
      out.add(Kind.LAYOUT, subject, "has no string timestamp attribute");
    } else if ((time = VersionLayout.parseTimestamp(ts)) == null) {
      out.add(Kind.LAYOUT, subject, "has a timestamp '" + ts + "' not in versioned-hdf5's"
          + " format (%Y-%m-%d %H:%M:%S.%f%z, UTC)");
    }
    return new State(name, committed, prev, time);
  }

  private static Boolean bool(Object v) {
    if ("TRUE".equals(v) || "FALSE".equals(v)) {
      return "TRUE".equals(v);
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number n && !(v instanceof Double) && !(v instanceof Float)) {
      return n.longValue() != 0;
    }
    return null;
  }

  private static boolean isCommitted(Map<String, State> states, String name) {
    State s = states.get(name);
    return s != null && Boolean.TRUE.equals(s.committed());
  }

  /** Whether a committed version names {@code name} as its parent. */
  private static boolean hasCommittedChild(Map<String, State> states, String name) {
    return states.values().stream().anyMatch(s -> Boolean.TRUE.equals(s.committed())
        && !s.name().equals(VersionLayout.FIRST_VERSION) && name.equals(s.prev()));
  }

  /** Every committed version's parent exists and is committed; parents form no cycle. */
  private static void checkParents(Map<String, State> states, Findings out) {
    Set<String> cyclesSeen = new TreeSet<>();
    for (State s : states.values()) {
      if (!Boolean.TRUE.equals(s.committed()) || s.prev() == null
          || s.name().equals(VersionLayout.FIRST_VERSION)) {
        continue;
      }
      String subject = "version " + s.name();
      if (!states.containsKey(s.prev())) {
        out.add(Kind.LAYOUT, subject, "names parent '" + s.prev() + "', which is not in the"
            + " file");
      } else if (!isCommitted(states, s.prev())) {
        out.add(Kind.LAYOUT, subject, "names parent '" + s.prev() + "', which is not"
            + " committed");
      }
      Set<String> chain = new LinkedHashSet<>();
      String at = s.name();
      while (at != null && !at.equals(VersionLayout.FIRST_VERSION) && chain.add(at)) {
        State st = states.get(at);
        at = st == null ? null : st.prev();
      }
      if (at != null && !at.equals(VersionLayout.FIRST_VERSION)) {
        List<String> cycle = new ArrayList<>(chain);
        cycle = cycle.subList(cycle.indexOf(at), cycle.size());
        if (cyclesSeen.add(new TreeSet<>(cycle).toString())) {
          out.add(Kind.LAYOUT, subject, "has ancestors that form a cycle: "
              + String.join(" -> ", cycle) + " -> " + at);
        }
      }
    }
  }

  private static void checkCurrent(String current, Map<String, State> states, Findings out,
      RepairPlan plan) {
    if (current.equals(VersionLayout.FIRST_VERSION) || isCommitted(states, current)) {
      return;
    }
    String subject = "current_version";
    State s = states.get(current);
    if (s == null) {
      out.add(Kind.LAYOUT, subject, "names version '" + current + "', which is not in the"
          + " file");
      return;
    }
    if (s.committed() == null) {
      return; // its attributes are reported already
    }
    String prev = s.prev();
    boolean usable = prev != null && !prev.equals(current)
        && (prev.equals(VersionLayout.FIRST_VERSION) || isCommitted(states, prev));
    if (!usable || hasCommittedChild(states, current)) {
      out.add(Kind.LAYOUT, subject, "names version '" + current + "', which is not committed,"
          + " and " + (usable ? "committed versions descend from it" : "its prev_version '"
          + prev + "' is no committed version") + ", so no repair can tell which to make"
          + " current");
      return;
    }
    Finding f = out.add(Kind.CURRENT_NOT_COMMITTED, subject, "names version '" + current
        + "', which is not committed (a commit was killed after marking it current, as"
        + " versioned-hdf5 does first); its parent is '" + prev + "'");
    plan.add(f, "current_version set back to '" + prev + "' and the uncommitted version '"
        + current + "' deleted, as versioned-hdf5 does for a failed commit",
        new RepairPlan.SetCurrent(prev), new RepairPlan.DeleteVersion(current));
  }

  private static void checkUncommitted(String current, Map<String, State> states,
      Findings out, RepairPlan plan) {
    for (State s : states.values()) {
      if (!Boolean.FALSE.equals(s.committed()) || s.name().equals(current)) {
        continue;
      }
      String subject = "version " + s.name();
      if (hasCommittedChild(states, s.name())) {
        out.add(Kind.LAYOUT, subject, "is not committed, yet committed versions name it as"
            + " their parent");
        continue;
      }
      Finding f = out.add(Kind.UNCOMMITTED_VERSION, subject, "is not committed (a commit"
          + " was killed before its end); versioned-hdf5 lists it but cannot read it, nor"
          + " commit a version of that name");
      plan.add(f, "deleted the uncommitted version group", new RepairPlan.DeleteVersion(
          s.name()));
    }
  }

  private static void checkNewestIsCurrent(String current, Map<String, State> states,
      Findings out, RepairPlan plan) {
    if (!current.equals(VersionLayout.FIRST_VERSION) && !isCommitted(states, current)) {
      return; // handled by checkCurrent
    }
    State newest = null;
    boolean tie = false;
    for (State s : states.values()) {
      if (!Boolean.TRUE.equals(s.committed()) || s.time() == null
          || s.name().equals(VersionLayout.FIRST_VERSION)) {
        continue;
      }
      int c = newest == null ? 1 : s.time().compareTo(newest.time());
      if (c > 0) {
        newest = s;
        tie = false;
      } else if (c == 0) {
        tie = true;
      }
    }
    if (newest == null || tie || newest.name().equals(current)
        || !current.equals(newest.prev()) || hasCommittedChild(states, newest.name())) {
      return;
    }
    Finding f = out.add(Kind.COMMITTED_NOT_CURRENT, "version " + newest.name(), "is the"
        + " newest version, committed on the current version '" + current + "' but not made"
        + " current: an h5j commit killed before its last write, or a versioned-hdf5 commit"
        + " with make_current=False");
    plan.add(f, "made it current (current_version was '" + current + "')",
        new RepairPlan.SetCurrent(newest.name()));
  }
}
