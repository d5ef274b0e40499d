package io.h5j.cli;

import io.h5j.FileCheck;
import io.h5j.H5File;
import io.h5j.format.H5FormatException;
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
 * {@code h5j check}: the structural check of any HDF5 file ({@link FileCheck}), then for a
 * versioned file the check of its versions ({@link VersionedFile#check()}); one line per
 * finding, then a summary. With {@code --repair}, a versioned file whose structures are sound
 * is repaired first ({@link VersionedFile#repair()}, one line per repair), then checked.
 */
@Command(name = "check", header = "Check an HDF5 file, and a versioned file's versions,"
    + " for damage.", description = {
    "Check an HDF5 file: every structure reachable from the superblock (object headers,"
        + " checksums, attributes, groups, chunk indexes, heap objects, references, virtual"
        + " dataset mappings; not the raw data) decodes as libhdf5 needs it. For a versioned"
        + " file also every version group (attributes, parents, commit marks, current_version),"
        + " every mapping of every committed version, the dataset groups and their hash tables,"
        + " and every raw chunk against its SHA-256 in the hash table, naming each damaged chunk"
        + " with the versions and chunks that read it. Every problem is reported, not only the"
        + " first.",
    "With --repair, first repairs what a killed commit leaves and needs no guess: an"
        + " uncommitted version group (deleted), a current_version naming one (set back to its"
        + " parent), a dataset group lacking raw_data or hash_table that no committed version"
        + " uses (deleted), the newest version committed on the current one but not made"
        + " current (made current)."
        + " Damaged chunks and damaged structures are not repaired.",
    "With --repair the exit status is that of the check after the repairs, which are"
        + " printed first: 0 when they left the file clean."},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:clean (notes aside)", "1:damaged, or not a readable versioned file",
        "2:usage error"})
final class CheckCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE",
      description = "HDF5 file (any; versioned-hdf5 layout checked too)")
  Path file;

  @Option(names = "--repair", description = "repair what needs no guess, then check")
  boolean repair;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    DelayedProgress structureBar = DelayedProgress.onTerminal(err);
    io.h5j.format.CheckReport structure;
    try {
      structure = FileCheck.options().progress(structureBar == null ? null
          : n -> structureBar.running("checking structure:", n, "objects")).run(file);
    } finally {
      if (structureBar != null) {
        structureBar.clear();
      }
    }
    for (io.h5j.format.Problem p : structure.problems()) {
      out.println("damaged: " + p);
    }
    if (structure.problemCount() > structure.problems().size()) {
      out.println("... and " + (structure.problemCount() - structure.problems().size())
          + " more structural problems");
    }
    boolean versioned = structure.clean() ? versioned(file) : versionedIfReadable(file);
    if (!versioned || !structure.clean()) {
      out.println(file + ": " + (structure.clean() ? "clean" : "damaged: "
          + count(structure.problemCount(), "structural problem")) + "; "
          + count(structure.objects(), "object") + ", " + count(structure.chunks(), "chunk")
          + ", " + count(structure.heapObjects(), "heap object") + " checked"
          + (versioned ? "; versions not checked" + (repair ? " nor repaired" : "") : ""));
      return structure.clean() ? Main.OK : Main.BAD_INPUT;
    }
    CheckReport report;
    int repairs = 0;
    DelayedProgress bar = DelayedProgress.onTerminal(err, "checking versions:");
    CheckProgress progress = bar == null ? CheckProgress.NONE : bar::update;
    try {
      if (repair) {
        try (VersionedFile vf = LockWaitNotice.on(VersionedFile.open(file), file, err, bar)) {
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
    } finally {
      if (bar != null) { // before any line, the command's or the error's
        bar.clear();
      }
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

  /** As {@link #versioned}, false where the damage keeps it from being read. */
  private static boolean versionedIfReadable(Path file) {
    try {
      return versioned(file);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
