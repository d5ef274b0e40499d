package io.h5j.cli;

import io.h5j.versioning.CountProgress;
import io.h5j.versioning.PlainFiles;
import io.h5j.versioning.VersionedFile;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j commit}: a plain HDF5 file's datasets as a new version. */
@Command(name = "commit", description = "Commit the datasets of a plain HDF5 file as a new"
    + " version (chunks equal to stored ones are not stored again). Creates FILE if needed;"
    + " a failed commit leaves FILE as it was (and creates none).")
final class CommitCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "versioned HDF5 file")
  Path file;

  @Option(names = "--from", required = true, paramLabel = "PLAIN",
      description = "plain HDF5 file to commit")
  Path from;

  @Option(names = "--name", paramLabel = "VERSION",
      description = "version name (default: v<number of versions + 1>)")
  String name;

  @Option(names = "--parent", paramLabel = "VERSION",
      description = "parent version (default: the current one)")
  String parent;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean creates = !Files.exists(file);
    if (creates && !Files.exists(from)) {
      throw new NoSuchFileException(from.toString()); // before FILE is made, not after
    }
    String n;
    DelayedProgress bar = DelayedProgress.onTerminal(err);
    try (VersionedFile vf = creates ? VersionedFile.create(file) : VersionedFile.open(file)) {
      LockWaitNotice.on(vf, file, err, bar);
      n = name != null ? name : "v" + (vf.versions().size() + 1);
      try {
        PlainFiles.commitFrom(vf, from, n, parent, bar == null ? CountProgress.NONE
            : (done, total) -> bar.count("staging", done, total, "datasets"));
      } finally {
        if (bar != null) {
          bar.clear();
        }
      }
    } catch (Exception e) {
      if (creates) {
        Files.deleteIfExists(file); // the failed command made it: it leaves no new file
      }
      throw e;
    }
    out.println("committed " + n);
    return Main.OK;
  }
}
