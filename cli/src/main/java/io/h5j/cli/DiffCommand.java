package io.h5j.cli;

import io.h5j.H5File;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code h5j diff}: two files compared as h5diff compares them ({@link FileDiff}), or, with
 * {@code --versions}, two versions of a versioned file ({@link VersionDiff}). Its exit codes
 * are h5diff's: 0 no difference, 1 differences, 2 error.
 */
@Command(name = "diff", usageHelpAutoWidth = true,
    customSynopsis = {"h5j diff [-cqrv] [-d=DELTA | -p=RELATIVE | --use-system-epsilon]"
        + " [-n=COUNT] [--exclude-path=PATH]... [--follow-symlinks [--no-dangling-links]]"
        + " FILE1 FILE2 [PATH1] [PATH2]", "h5j diff --versions FILE V1 V2 [PATH]"},
    description = {"Compare two HDF5 files as h5diff does: the objects below PATH1 of FILE1"
        + " (default /) with those below PATH2 of FILE2 (default PATH1), matched by path;"
        + " datasets and attributes element by element, read chunk by chunk in bounded memory"
        + " (virtual datasets included, in the encodings of HDF5 1.10 to 2.0).",
        "With --versions: the chunks that differ between versions V1 and V2 of a versioned"
        + " file, per dataset (or for the dataset at PATH), with the elements each changed."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:no difference found", "1:some difference found (objects not comparable"
        + " are only reported, unless they are the two objects given)",
        "2:error: a file that cannot be read, no object at PATH, a usage error"})
final class DiffCommand implements Callable<Integer> {
  /** h5diff's exit code for any error. */
  static final int ERROR = 2;

  @Parameters(index = "0", paramLabel = "FILE1", description = "the first file (with"
      + " --versions: the versioned FILE)")
  String first;

  @Parameters(index = "1", paramLabel = "FILE2", description = "the second file (V1)")
  String second;

  @Parameters(index = "2", arity = "0..1", paramLabel = "PATH1", description = "the object of"
      + " FILE1 to compare, by default / (V2)")
  String path1;

  @Parameters(index = "3", arity = "0..1", paramLabel = "PATH2", description = "the object of"
      + " FILE2 to compare, by default PATH1 (with --versions: the dataset PATH)")
  String path2;

  /** The positional arguments given, in order. */
  private List<String> args;

  @Option(names = "--versions", description = "compare two versions of a versioned file")
  boolean versions;

  @Option(names = {"-r", "--report"}, description = "print each difference")
  boolean report;

  @Option(names = {"-v", "--verbose"}, description = "list the objects, then print each"
      + " difference")
  boolean verbose;

  @Option(names = {"-q", "--quiet"}, description = "print nothing; the exit code tells")
  boolean quiet;

  @Option(names = {"-c", "--compare"}, description = "list the objects that are not comparable")
  boolean listNotComparable;

  @Option(names = {"-d", "--delta"}, paramLabel = "DELTA", description = "numbers differ when"
      + " further apart than DELTA")
  Double delta;

  @Option(names = {"-p", "--relative"}, paramLabel = "RELATIVE", description = "numbers differ"
      + " when |a - b| / |a| exceeds RELATIVE")
  Double relative;

  @Option(names = "--use-system-epsilon", description = "numbers differ when at least the"
      + " machine epsilon of their type apart")
  boolean epsilon;

  @Option(names = {"-n", "--count"}, paramLabel = "COUNT", description = "count (and print)"
      + " at most COUNT differences in each dataset or attribute")
  Long count;

  @Option(names = "--exclude-path", paramLabel = "PATH", description = "leave out the object"
      + " at PATH, relative to the groups compared, and everything below it (repeatable)")
  List<String> excluded = new ArrayList<>();

  @Option(names = "--follow-symlinks", description = "compare soft and external links as the"
      + " objects they reach (two that reach nothing are the same), not as links")
  boolean followLinks;

  @Option(names = "--no-dangling-links", description = "with --follow-symlinks: a link that"
      + " reaches nothing is an error (exit code 2)")
  boolean noDanglingLinks;

  @Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    args = new ArrayList<>(List.of(first, second));
    for (String p : new String[] {path1, path2}) {
      if (p != null) {
        args.add(p);
      }
    }
    if (versions) {
      if (args.size() < 3) {
        throw new CommandLine.ParameterException(spec.commandLine(),
            "--versions needs FILE V1 V2 [PATH]");
      }
      return run(err, List.of(Path.of(args.get(0))), () -> versions(out));
    }
    if (args.size() == 3 && !isFile(args.get(1)) && !isFile(args.get(2))
        && isVersioned(Path.of(args.get(0)))) {
      throw new CommandLine.ParameterException(spec.commandLine(), args.get(1) + " and "
          + args.get(2) + " are not files: to compare versions of " + args.get(0)
          + ", run 'h5j diff --versions " + String.join(" ", args) + "'");
    }
    if (count != null && count <= 0) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "-n needs a positive count, not " + count);
    }
    if (noDanglingLinks && !followLinks) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--no-dangling-links must be used along with --follow-symlinks");
    }
    DiffOptions options = new DiffOptions(quiet, report, verbose, listNotComparable,
        tolerance(), count == null ? 0 : count, List.copyOf(excluded), followLinks,
        noDanglingLinks);
    Path f1 = Path.of(args.get(0));
    Path f2 = Path.of(args.get(1));
    String p1 = args.size() > 2 ? args.get(2) : "/";
    String p2 = args.size() > 3 ? args.get(3) : p1;
    return run(err, List.of(f1, f2), () -> {
      try (H5File a = H5File.open(f1); H5File b = H5File.open(f2)) {
        return new FileDiff(options, new DiffPrinter(out, options)).compare(a, p1, b, p2);
      }
    });
  }

  private DiffTolerance tolerance() {
    int given = (delta != null ? 1 : 0) + (relative != null ? 1 : 0) + (epsilon ? 1 : 0);
    if (given > 1) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "-d, -p and --use-system-epsilon exclude one another: give one of them");
    }
    Double limit = delta != null ? delta : relative;
    if (limit != null && !(limit > 0)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          (delta != null ? "-d" : "-p") + " needs a positive number, not " + limit);
    }
    return delta != null ? new DiffTolerance(DiffTolerance.Kind.DELTA, delta)
        : relative != null ? new DiffTolerance(DiffTolerance.Kind.RELATIVE, relative)
        : epsilon ? new DiffTolerance(DiffTolerance.Kind.EPSILON, 0) : DiffTolerance.EXACT;
  }

  private int versions(PrintWriter out) throws IOException {
    try (VersionedFile vf = VersionedFile.openReadOnly(Path.of(args.get(0)))) {
      long changed = new VersionDiff(vf, out).print(args.get(1), args.get(2),
          args.size() > 3 ? args.get(3) : null);
      return changed > 0 ? FileDiff.DIFFERENT : FileDiff.SAME;
    }
  }

  private static boolean isFile(String s) {
    return Files.exists(Path.of(s));
  }

  private static boolean isVersioned(Path f) {
    try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** A comparison that may fail on its input. */
  private interface Comparison {
    int run() throws Exception;
  }

  /** Runs {@code c}; a failure is reported as every command reports it, with h5diff's code. */
  private static int run(PrintWriter err, List<Path> given, Comparison c) {
    try {
      return c.run();
    } catch (FileDiff.MissingObject e) {
      err.println("h5j: " + e.getMessage());
      return ERROR;
    } catch (Exception e) {
      err.println("h5j: " + Main.describe(e, given));
      if (System.getenv("H5J_DEBUG") != null) {
        e.printStackTrace(err);
      }
      return ERROR;
    } catch (OutOfMemoryError e) {
      // boxes are small, but a filtered chunk is decoded whole: a file may have huge ones
      err.println("h5j: comparing " + given + " needs more memory than the "
          + (Runtime.getRuntime().maxMemory() >> 20) + " MiB this Java VM has; give it more"
          + " with H5J_JAVA_OPTS=-Xmx...");
      return ERROR;
    }
  }
}
