package io.h5j.cli;

import io.h5j.H5File;
import io.h5j.H5FormatException;
import io.h5j.versioning.CheckProgress;
import io.h5j.versioning.CheckReport;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code h5j check}: the check of a versioned file ({@link VersionedFile#check()}), one line per
 * finding, then a summary; with {@code --repair}, the repairs first
 * ({@link VersionedFile#repair()}), one line each, then the check of the repaired file.
 */
@Command(name = "check", mixinStandardHelpOptions = true, description = {
    "Check a versioned file: every version group (attributes, parents, commit marks,"
        + " current_version), every mapping of every committed version, the dataset groups and"
        + " their hash tables, and every raw chunk against its SHA-256 in the hash table. Names"
        + " each damaged chunk with the versions and chunks that read it, and reports every"
        + " problem, not only the first.",
    "With --repair, first repairs what a killed commit leaves and needs no guess: an"
        + " uncommitted version group (deleted), a current_version naming one (set back to its"
        + " parent), a dataset group lacking raw_data or hash_table that no committed version"
        + " uses (deleted), the newest version committed on the current one but not made"
        + " current (made current)."
        + " Damaged chunks are not repaired.",
    "With --repair the exit status is that of the check after the repairs, which are"
        + " printed first: 0 when they left the file clean."},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:clean (notes aside)", "1:damaged, or not a readable versioned file",
        "2:usage error"})
final class CheckCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "HDF5 file (versioned-hdf5 layout)")
  Path file;

  @Option(names = "--repair", description = "repair what needs no guess, then check")
  boolean repair;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (!versioned(file)) {
      // plain files get the format's structural check here once it exists
      spec.commandLine().getErr().println("h5j: " + file + " is not a versioned file (it has"
          + " no /_version_data/versions); h5j check reads versioned-hdf5 files only");
      return Main.BAD_INPUT;
    }
    CheckReport report;
    int repairs = 0;
    PrintWriter err = spec.commandLine().getErr();
    ProgressBar bar = System.console() != null ? new ProgressBar(err) : null;
    CheckProgress progress = bar == null ? CheckProgress.NONE : bar::update;
    try {
      if (repair) {
        try (VersionedFile vf = VersionedFile.open(file)) {
          for (CheckReport.Repair r : vf.repair()) {
            out.println(r);
            repairs++;
          }
          report = vf.check(progress);
        }
      } else {
        try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
          report = vf.check(progress);
        }
      }
    } catch (H5FormatException e) {
      if (bar != null) {
        bar.clear();
      }
      out.println("damaged: " + e.getMessage());
      out.println(file + ": damaged (cannot be read as a versioned file)");
      return Main.BAD_INPUT;
    }
    if (bar != null) {
      bar.clear();
    }
    for (CheckReport.Finding f : report.findings()) {
      out.println(f);
    }
    out.println(summary(report, repairs));
    return report.damaged() ? Main.BAD_INPUT : Main.OK;
  }

  private String summary(CheckReport r, int repairs) {
    long damage = r.findings().stream().filter(f -> f.kind().damage()).count();
    long notes = r.findings().size() - damage;
    StringBuilder b = new StringBuilder(file.toString()).append(": ");
    b.append(damage == 0 ? "clean" : "damaged: " + count(damage, "problem") + " ("
        + count(r.damagedChunks().size(), "damaged chunk") + ")");
    b.append("; ").append(count(r.chunksVerified(), "raw chunk")).append(" hashed");
    if (notes > 0) {
      b.append(", ").append(count(notes, "note"));
    }
    if (repair) {
      b.append("; ").append(count(repairs, "repair")).append(" made");
    }
    return b.toString();
  }

  private static String count(long n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }

  /** Whether the file holds versioned-hdf5's versions group (an unreadable file throws). */
  private static boolean versioned(Path file) throws IOException {
    try (H5File f = H5File.open(file)) {
      return f.root().contains("_version_data/versions");
    }
  }
}
