package io.h5j.cli;

import io.h5j.versioning.VersionedFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j log}: the version graph of a versioned file, oldest first. */
@Command(name = "log", description = "List the versions of a versioned file: name, parent,"
    + " time and the datasets each changed (* marks the current version).")
final class LogCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "versioned HDF5 file")
  Path file;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      String current = vf.currentVersion();
      for (VersionedFile.LogEntry e : vf.log()) {
        var v = e.version();
        out.println((v.name().equals(current) ? "* " : "  ") + v.name() + "  parent "
            + (v.isRoot() ? "-" : v.parent()) + "  " + v.timestamp() + "  changed "
            + (e.changedDatasets().isEmpty() ? "-" : String.join(", ", e.changedDatasets())));
      }
    }
    return Main.OK;
  }
}
