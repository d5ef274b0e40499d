package io.h5j.spark;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.StorageLayout;
import io.h5j.raw.VirtualMapping;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The part folders that killed writes of a target left ({@code <target>.parts/<job>}, see
 * {@link PartFiles#jobDir}), and which of them a later write removes: those whose driver is
 * dead and that the target does not map (a write killed after it placed the target, before
 * it removed the older part folders, leaves its own folder mapped).
 */
final class Leftovers {
  private static final Logger LOG = LoggerFactory.getLogger(Leftovers.class);

  private Leftovers() {}

  /**
   * Removes the part folders of {@code store}'s target whose writer is {@code dead} and that
   * the target does not map, and the parts root when that leaves it empty; none when the
   * target exists but cannot be read (what it maps is then unknown).
   */
  static void removeDeadJobs(TargetStore store, Predicate<WriterId> dead) throws IOException {
    String root = PartFiles.root(store.target());
    if (!store.exists(root)) {
      return;
    }
    List<String> jobs = store.list(root);
    List<String> deadJobs = jobs.stream().filter(job -> {
      WriterId w = PartFiles.writerOf(job);
      return w != null && dead.test(w);
    }).toList();
    Set<String> mapped = deadJobs.isEmpty() ? Set.of() : mappedJobs(store);
    if (mapped == null) {
      return;
    }
    int removed = 0;
    for (String job : deadJobs) {
      if (!mapped.contains(job)) {
        store.delete(root + "/" + job);
        removed++;
      }
    }
    if (removed == jobs.size()) { // a killed write's mkdir or its last removal left it empty
      store.delete(root);
    }
  }

  /**
   * The job folders (names in the parts root) that the target's virtual datasets map; empty
   * when there is no target, null when it cannot be read.
   */
  static @Nullable Set<String> mappedJobs(TargetStore store) {
    String root = PartFiles.root(store.target());
    Set<String> jobs = new HashSet<>();
    String prefix = root + "/";
    try {
      if (!store.exists(store.target())) {
        return jobs;
      }
      try (H5File f = store.open(store.target())) {
        for (Node n : f.root().walk()) {
          if (n instanceof Dataset d && d.layout().kind() == StorageLayout.Kind.VIRTUAL) {
            for (VirtualMapping m : d.virtualMappings().mappings()) {
              String file = m.sourceFile();
              if (file.startsWith(prefix)) {
                int slash = file.indexOf('/', prefix.length());
                jobs.add(file.substring(prefix.length(), slash < 0 ? file.length() : slash));
              }
            }
          }
        }
      }
      return jobs;
    } catch (IOException | RuntimeException e) {
      LOG.warn("hdf5: kept the part folders of dead writers under {}: cannot read which of them"
          + " {} maps: {}", store.where(root), store.where(store.target()), e.toString());
      return null;
    }
  }
}
