package io.h5j.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where a write's part files live: {@code <target>.parts/<query id>/part-<partition>-<task>.h5}
 * beside the target file, one folder per write so that an overwrite never touches the part
 * files the file it replaces maps. Each part file holds the chunks of one task stacked along
 * the first dimension in {@value #CHUNKS} and, for chunks the task covered only partly, which
 * of their elements it wrote in {@value #COVERED} (uint8, 1 = written).
 */
final class PartFiles {
  /** The dataset of stacked chunks in a part file. */
  static final String CHUNKS = "/chunks";
  /** The dataset of written-element flags of partly covered chunks in a part file. */
  static final String COVERED = "/covered";
  /** The part file the driver writes for chunks that several part files hold pieces of. */
  static final String MERGED = "part-merged.h5";

  private PartFiles() {}

  /** The folder of all part files of {@code target}. */
  static Path root(Path target) {
    return target.resolveSibling(target.getFileName() + ".parts");
  }

  /** The folder of the part files of one write of {@code target}. */
  static Path jobDir(Path target, String queryId) {
    return root(target).resolve(queryId);
  }

  /** The name of the part file of a task: unique per attempt, so retries never collide. */
  static String taskFile(int partition, long taskId) {
    return "part-" + partition + "-" + taskId + ".h5";
  }

  /** Deletes {@code dir} and everything in it, if it exists. */
  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** Deletes the job folder {@code jobDir}, and the parts root once nothing else is in it. */
  static void deleteJob(Path jobDir) throws IOException {
    deleteTree(jobDir);
    Path root = jobDir.getParent();
    try (Stream<Path> s = Files.list(root)) {
      if (s.findAny().isEmpty()) {
        Files.deleteIfExists(root);
      }
    } catch (java.nio.file.NoSuchFileException e) {
      // already gone
    }
  }

  /**
   * Deletes the part files in {@code jobDir} that no committed task named (those of failed or
   * speculative attempts), keeping {@code keep} and {@value #MERGED}.
   */
  static void deleteUnreferenced(Path jobDir, java.util.Set<String> keep) throws IOException {
    if (!Files.isDirectory(jobDir)) {
      return;
    }
    try (Stream<Path> s = Files.list(jobDir)) {
      for (Path p : s.toList()) {
        String name = p.getFileName().toString();
        if (!keep.contains(name) && !name.equals(MERGED)) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** Deletes the part folders of earlier writes of the target, all but {@code keep}'s. */
  static void deleteOtherJobs(Path keep) throws IOException {
    try (Stream<Path> s = Files.list(keep.getParent())) {
      for (Path p : s.toList()) {
        if (!p.equals(keep)) {
          deleteTree(p);
        }
      }
    }
  }
}
