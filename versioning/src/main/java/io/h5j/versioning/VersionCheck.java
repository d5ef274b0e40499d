package io.h5j.versioning;

import io.h5j.H5File;
import java.io.IOException;
import java.util.Map;

/**
 * The check of a versioned file ({@link VersionedFile#check()}): the versions group, every
 * committed version's datasets and mappings, the dataset groups, then every raw chunk against
 * its hash table; and the repairs it finds possible ({@link VersionedFile#repair()}).
 */
final class VersionCheck {
  private VersionCheck() {}

  /** Everything, raw chunks hashed. */
  static CheckReport run(H5File f, CheckProgress progress) throws IOException {
    Findings out = new Findings();
    VersionGroupsCheck.Result versions = VersionGroupsCheck.run(f, out, new RepairPlan());
    Map<String, VersionTreesCheck.Mapped> used = VersionTreesCheck.run(f, versions.committed(),
        out);
    DatasetGroupsCheck.run(f, used, out, new RepairPlan());
    RawChunksCheck chunks = RawChunksCheck.run(f, versions.committed(), used, out, progress);
    return new CheckReport(out.list(), chunks.damaged(), chunks.verified());
  }

  /** The repairs the layout calls for; no chunk is read. */
  static RepairPlan repairs(H5File f) throws IOException {
    Findings out = new Findings();
    RepairPlan plan = new RepairPlan();
    VersionGroupsCheck.Result versions = VersionGroupsCheck.run(f, out, plan);
    Map<String, VersionTreesCheck.Mapped> used = VersionTreesCheck.run(f, versions.committed(),
        out);
    DatasetGroupsCheck.run(f, used, out, plan);
    return plan;
  }
}
