package io.h5j.cli;

import io.h5j.versioning.VersionInfo;
import io.h5j.versioning.VersionedFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j log}: the version graph of a versioned file, oldest first. */
@Command(name = "log", description = "List the versions of a versioned file, oldest first:"
    + " name, parent (- for none), commit time and the datasets each changed against its"
    + " parent (* marks the current version).")
final class LogCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "versioned HDF5 file")
  Path file;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    DelayedProgress bar = DelayedProgress.onTerminal(spec.commandLine().getErr());
    List<VersionedFile.LogEntry> log;
    String current;
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      current = vf.currentVersion();
      try {
        log = vf.log(bar == null ? (done, total) -> { }
            : (done, total) -> bar.count("comparing", done, total, "versions"));
      } finally {
        if (bar != null) {
          bar.clear();
        }
      }
    }
    if (log.isEmpty()) {
      out.println("no versions in " + file + " yet (add one with: h5j commit " + file
          + " --from PLAIN)");
      return Main.OK;
    }
    print(out, log, current);
    return Main.OK;
  }

  /** One line per version, its columns aligned under a heading. */
  private static void print(PrintWriter out, List<VersionedFile.LogEntry> log, String current) {
    int name = "VERSION".length();
    int parent = "PARENT".length();
    int time = "COMMITTED".length();
    for (VersionedFile.LogEntry e : log) {
      VersionInfo v = e.version();
      name = Math.max(name, v.name().length());
      parent = Math.max(parent, VersionWords.parent(v).length());
      time = Math.max(time, v.timestamp().length());
    }
    String row = "%s %-" + name + "s  %-" + parent + "s  %-" + time + "s  %s%n";
    out.printf(row, " ", "VERSION", "PARENT", "COMMITTED", "CHANGED");
    for (VersionedFile.LogEntry e : log) {
      VersionInfo v = e.version();
      out.printf(row, v.name().equals(current) ? "*" : " ", v.name(), VersionWords.parent(v),
          v.timestamp(), e.changedDatasets().isEmpty() ? "-"
              : String.join(", ", e.changedDatasets()));
    }
  }
}
