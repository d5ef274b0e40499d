package io.h5j.spark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Where a write's part files live: {@code <target>.parts/<query id>/part-<partition>-<task>.h5}
 * beside the target file, one folder per write so that an overwrite never touches the part
 * files the file it replaces maps; and which of them a commit removes. Names are relative to
 * the target's folder, as {@link TargetStore} takes them. Each part file holds the chunks of
 * one task stacked along the first dimension in {@value #CHUNKS} and, for chunks the task
 * covered only partly, which of their elements it wrote in {@value #COVERED} (uint8,
 * 1 = written).
 */
final class PartFiles {
  /** The dataset of stacked chunks in a part file. */
  static final String CHUNKS = "/chunks";
  /** The dataset of written-element flags of partly covered chunks in a part file. */
  static final String COVERED = "/covered";
  /** The part file the driver writes for chunks that several part files hold pieces of. */
  static final String MERGED = "part-merged.h5";

  private PartFiles() {}

  /** The folder of all part files of the target named {@code target}. */
  static String root(String target) {
    return target + ".parts";
  }

  /** The local folder of all part files of local file {@code target}. */
  static Path root(Path target) {
    return target.resolveSibling(root(target.getFileName().toString()));
  }

  /**
   * The folder of the part files of one write of {@code target}, run by this process (its
   * driver): {@code <query id>.<pid>@<host>}, so that a later write can tell that the writer
   * of one a kill left is dead ({@link #writerOf}).
   */
  static String jobDir(String target, String queryId) {
    return root(target) + "/" + queryId + "." + WriterId.current().token();
  }

  /** The driver that wrote the job folder named {@code job} in the parts root; null: unknown. */
  static @Nullable WriterId writerOf(String job) {
    int dot = job.indexOf('.');
    return dot < 0 ? null : WriterId.parse(job.substring(dot + 1));
  }

  /** The name of the part file of a task: unique per attempt, so retries never collide. */
  static String taskFile(int partition, long taskId) {
    return "part-" + partition + "-" + taskId + ".h5";
  }

  /** The parts root of job folder {@code jobDir}. */
  private static String rootOf(String jobDir) {
    return jobDir.substring(0, jobDir.lastIndexOf('/'));
  }

  /** Deletes the job folder {@code jobDir}, and the parts root once nothing else is in it. */
  static void deleteJob(TargetStore store, String jobDir) throws IOException {
    store.delete(jobDir);
    String root = rootOf(jobDir);
    if (store.list(root).isEmpty()) {
      store.delete(root);
    }
  }

  /**
   * Deletes the files in {@code jobDir} that no committed task named (those of failed or
   * speculative attempts, and their leftover uploads), keeping {@code keep} and
   * {@value #MERGED}.
   */
  static void deleteUnreferenced(TargetStore store, String jobDir, Set<String> keep)
      throws IOException {
    for (String name : store.list(jobDir)) {
      if (!keep.contains(name) && !name.equals(MERGED)) {
        store.delete(jobDir + "/" + name);
      }
    }
  }

  /**
   * Deletes the job folders {@code replaced} (names in the parts root: those the file a commit
   * of {@code jobDir} just replaced mapped), never {@code jobDir} itself. The folder of a
   * write still running beside this one is in neither, and stays.
   */
  static void deleteReplaced(TargetStore store, String jobDir, Set<String> replaced)
      throws IOException {
    String root = rootOf(jobDir);
    for (String name : replaced) {
      if (!(root + "/" + name).equals(jobDir)) {
        store.delete(root + "/" + name);
      }
    }
  }
}
