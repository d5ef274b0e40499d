package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs a local write with every change and sync in one folder logged ({@link FolderLog},
 * through {@link LocalTargetStore#files}), and checks that the log is complete: replaying all
 * of it over the folder as it was gives the folder as it is, byte for byte, so that no channel
 * or rename escaped it.
 */
final class RecordedWrites {
  private RecordedWrites() {}

  /** A write to record. */
  @FunctionalInterface
  interface Write {
    void run() throws Exception;
  }

  /** Runs {@code write} (in this JVM, as Spark's local mode does) and returns its log. */
  static synchronized FolderLog record(Path folder, Write write) throws Exception {
    FolderLog log = new FolderLog(folder.toAbsolutePath().normalize());
    LocalTargetStore.files = new RecordingFileSystem(log);
    try {
      write.run();
    } finally {
      LocalTargetStore.files = FileSystems.getDefault();
    }
    FolderImage end = new FolderImage(log);
    log.operations().forEach(end::apply);
    List<Path> files;
    try (Stream<Path> s = Files.walk(folder)) {
      files = s.filter(Files::isRegularFile).toList();
    }
    for (Path p : files) {
      String name = folder.relativize(p).toString();
      assertArrayEquals(Files.readAllBytes(p), end.bytes(name), name + ": the log, replayed,"
          + " does not give the file as written: a write escaped the recording");
    }
    Path scratch = Files.createTempDirectory("h5j-replay");
    try {
      end.writeTo(scratch);
      try (Stream<Path> s = Files.walk(scratch)) {
        assertEquals(files.size(), s.filter(Files::isRegularFile).count(), "the log, replayed,"
            + " gives other files than the folder holds: " + files);
      }
    } finally {
      try (Stream<Path> s = Files.walk(scratch)) {
        for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    return log;
  }
}
