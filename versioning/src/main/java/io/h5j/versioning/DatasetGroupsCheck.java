package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.StorageLayout;
import io.h5j.versioning.CheckReport.Finding;
import io.h5j.versioning.CheckReport.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Checks the dataset groups under {@code /_version_data} (all but {@code versions}): each one a
 * committed version uses has its raw_data (chunked in slots of the recorded chunk shape) and
 * hash_table; one that lacks either and that no committed version uses is what a commit
 * killed while creating a dataset leaves, and it keeps every later commit of that path from
 * working in both libraries (h5j: "already exists"; versioned-hdf5: no raw_data), so the
 * repair deletes it. A complete group no version uses is reused by the next commit of its
 * path, as versioned-hdf5 does: a note. An empty group no version uses is a leftover too.
 */
final class DatasetGroupsCheck {
  private DatasetGroupsCheck() {}

  static void run(H5File f, Map<String, VersionTreesCheck.Mapped> used, Findings out,
      RepairPlan plan) throws IOException {
    Group root = f.group(VersionLayout.VERSION_DATA);
    for (String name : root.memberNames()) {
      if (!name.equals("versions")) {
        walk(root, name, name, used, out, plan);
      }
    }
    for (Map.Entry<String, VersionTreesCheck.Mapped> e : used.entrySet()) {
      String raw = VersionLayout.rawDataPath(e.getKey());
      if (!e.getValue().readers.isEmpty() && !exists(f, VersionLayout.VERSION_DATA + "/"
          + e.getKey())) {
        out.add(Kind.LAYOUT, "dataset " + e.getKey(), "is mapped by committed versions, but "
            + raw + " does not exist");
      }
    }
  }

  private static boolean exists(H5File f, String path) throws IOException {
    return f.root().contains(path);
  }

  private static void walk(Group parent, String name, String path,
      Map<String, VersionTreesCheck.Mapped> used, Findings out, RepairPlan plan)
      throws IOException {
    Node n = parent.get(name);
    if (!(n instanceof Group g)) {
      return; // not part of the layout; versioned-hdf5 ignores it as well
    }
    List<String> members = g.memberNames();
    boolean hasRaw = members.contains("raw_data") && g.get("raw_data") instanceof Dataset;
    boolean hasTable = members.contains("hash_table") && g.get("hash_table") instanceof Dataset;
    String subject = VersionLayout.VERSION_DATA + "/" + path;
    VersionTreesCheck.Mapped m = used.get(path);
    boolean isUsed = m != null;
    if (hasRaw || hasTable) {
      if (!hasRaw || !hasTable) {
        String lacks = hasRaw ? "hash_table" : "raw_data";
        if (isUsed) {
          out.add(Kind.LAYOUT, subject, "lacks " + lacks + ", which the committed versions"
              + " holding dataset " + path + " need");
        } else {
          Finding fd = out.add(Kind.ORPHANED_DATASET_GROUP, subject, "lacks " + lacks + " and"
              + " no committed version uses it (a commit was killed while creating dataset "
              + path + "); no commit of that path can succeed until it is gone");
          List<String> dead = new ArrayList<>(List.of(hasRaw ? "raw_data" : "hash_table"));
          boolean nested = members.stream().anyMatch(x -> !dead.contains(x));
          plan.add(fd, nested ? "deleted its " + dead.get(0) + " (the groups below it stay)"
              : "deleted the group", new RepairPlan.DeleteUnderVersionData(path,
              nested ? dead : List.of()));
        }
      } else if (!isUsed) {
        out.add(Kind.NOTE, subject, "no committed version uses it; the next commit of dataset "
            + path + " reuses its raw_data if type and chunks match");
      }
      if (hasRaw) {
        checkRaw(g.dataset("raw_data"), out);
      }
    } else if (members.isEmpty() && !isUsed) {
      Finding fd = out.add(Kind.EMPTY_GROUP, subject, "is empty and no version uses it");
      plan.add(fd, "deleted the empty group", new RepairPlan.DeleteUnderVersionData(path,
          List.of()));
    }
    for (String child : members) {
      if (!child.equals("raw_data") && !child.equals("hash_table")) {
        walk(g, child, path + "/" + child, used, out, plan);
      }
    }
  }

  /** raw_data holds one chunk per slot: chunked in the recorded shape, as wide as a chunk. */
  private static void checkRaw(Dataset raw, Findings out) throws IOException {
    String subject = raw.path();
    long[] chunks;
    try {
      chunks = RawStore.chunksOf(raw);
    } catch (IOException | RuntimeException e) {
      out.add(Kind.LAYOUT, subject, e.getMessage());
      return;
    }
    if (!raw.layoutName().equals("CHUNKED")) {
      out.add(Kind.LAYOUT, subject, "is stored " + raw.layoutName() + ", not chunked");
      return;
    }
    StorageLayout layout = raw.layout();
    long[] stored = layout.isChunked() ? Arrays.copyOf(layout.chunkShape(), chunks.length) : null;
    if (stored != null && !Arrays.equals(stored, chunks)) {
      out.add(Kind.LAYOUT, subject, "is chunked " + Arrays.toString(stored) + ", but its"
          + " chunks attribute says " + Arrays.toString(chunks));
    }
    long[] shape = raw.shape();
    long[] wide = Arrays.copyOfRange(shape, 1, shape.length);
    if (!Arrays.equals(wide, Arrays.copyOfRange(chunks, 1, chunks.length))) {
      out.add(Kind.LAYOUT, subject, "has shape " + Arrays.toString(shape) + "; past the first"
          + " axis it must be as wide as its chunks " + Arrays.toString(chunks));
    }
  }
}
