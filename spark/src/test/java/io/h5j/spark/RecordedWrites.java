package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs a write with every change and sync in one folder logged ({@link FolderLog}: a local
 * write through {@link LocalTargetStore#files}, one to a Hadoop file system through
 * {@link RecordingHadoopFileSystem}), and checks that the log is complete: replaying all
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

  /** What routes a write's file operations through a log while it runs. */
  interface Recorder {
    /** Logs the recorded folder's changes in {@code log} from now. */
    void start(FolderLog log);

    /** Logs nothing from now. */
    void stop();
  }

  /** Records local writes: {@link LocalTargetStore#files} a {@link RecordingFileSystem}. */
  static final Recorder LOCAL = new Recorder() {
    @Override
    public void start(FolderLog log) {
      LocalTargetStore.files = new RecordingFileSystem(log);
    }

    @Override
    public void stop() {
      LocalTargetStore.files = FileSystems.getDefault();
    }
  };

  /** Runs local write {@code write} (in this JVM, as Spark's local mode does): its log. */
  static FolderLog record(Path folder, Write write) throws Exception {
    return record(folder, LOCAL, write);
  }

  /** Runs {@code write} with {@code recorder} logging it, and returns its log. */
  static synchronized FolderLog record(Path folder, Recorder recorder, Write write)
      throws Exception {
    FolderLog log = new FolderLog(folder.toAbsolutePath().normalize());
    recorder.start(log);
    try {
      write.run();
    } finally {
      recorder.stop();
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
