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
final class DiffCommand implements Callable<Integer>, PlainCommand {
  /** h5diff's exit code for any error. */
  static final int ERROR = 2;
  // the names of the flags, which PlainArgs parses as picocli does
  private static final String VERSIONS = "--versions", R = "-r", REPORT = "--report",
      V = "-v", VERBOSE = "--verbose", Q = "-q", QUIET = "--quiet", C = "-c",
      COMPARE = "--compare", EPSILON = "--use-system-epsilon", FOLLOW = "--follow-symlinks",
      NO_DANGLING = "--no-dangling-links";
  private static final String[][] FLAGS = {{VERSIONS}, {R, REPORT}, {V, VERBOSE}, {Q, QUIET},
      {C, COMPARE}, {EPSILON}, {FOLLOW}, {NO_DANGLING}};

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

  @Option(names = VERSIONS, description = "compare two versions of a versioned file")
  boolean versions;

  @Option(names = {R, REPORT}, description = "print each difference")
  boolean report;

  @Option(names = {V, VERBOSE}, description = "list the objects, then print each"
      + " difference")
  boolean verbose;

  @Option(names = {Q, QUIET}, description = "print nothing; the exit code tells")
  boolean quiet;

  @Option(names = {C, COMPARE}, description = "list the objects that are not comparable")
  boolean listNotComparable;

  @Option(names = {"-d", "--delta"}, paramLabel = "DELTA", description = "numbers differ when"
      + " further apart than DELTA")
  Double delta;

  @Option(names = {"-p", "--relative"}, paramLabel = "RELATIVE", description = "numbers differ"
      + " when |a - b| / |a| exceeds RELATIVE")
  Double relative;

  @Option(names = EPSILON, description = "numbers differ when at least the"
      + " machine epsilon of their type apart")
  boolean epsilon;

  @Option(names = {"-n", "--count"}, paramLabel = "COUNT", description = "count (and print)"
      + " at most COUNT differences in each dataset or attribute")
  Long count;

  @Option(names = "--exclude-path", paramLabel = "PATH", description = "leave out the object"
      + " at PATH, relative to the groups compared, and everything below it (repeatable)")
  List<String> excluded = new ArrayList<>();

  @Option(names = FOLLOW, description = "compare soft and external links as the"
      + " objects they reach (two that reach nothing are the same), not as links")
  boolean followLinks;

  @Option(names = NO_DANGLING, description = "with --follow-symlinks: a link that"
      + " reaches nothing is an error (exit code 2)")
  boolean noDanglingLinks;

  @Spec
  CommandLine.Model.CommandSpec spec;

  /**
   * The command for {@code args} if they are {@code diff}, flags and operands only
   * ({@link PlainArgs}) that go together, which {@link Main} runs without picocli; else null.
   * Three operands without {@code --versions} are left to picocli too: telling a mistaken
   * {@code diff FILE V1 V2} from a comparison of one object opens the files.
   */
  static DiffCommand plain(String[] args) {
    PlainArgs a = PlainArgs.parse(args, "diff", FLAGS, 2, 4);
    if (a == null) {
      return null;
    }
    DiffCommand c = new DiffCommand();
    c.versions = a.has(0);
    c.report = a.has(1);
    c.verbose = a.has(2);
    c.quiet = a.has(3);
    c.listNotComparable = a.has(4);
    c.epsilon = a.has(5);
    c.followLinks = a.has(6);
    c.noDanglingLinks = a.has(7);
    c.first = a.operand(0);
    c.second = a.operand(1);
    c.path1 = a.operand(2);
    c.path2 = a.operand(3);
    boolean opensFiles = !c.versions && c.path1 != null && c.path2 == null;
    return !opensFiles && c.usageError() == null ? c : null;
  }

  @Override
  public Integer call() {
    String wrong = usageError();
    if (wrong != null) {
      throw new CommandLine.ParameterException(spec.commandLine(), wrong);
    }
    return run(spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  /** The positional arguments given, in order. */
  private List<String> operands() {
    List<String> args = new ArrayList<>(List.of(first, second));
    for (String p : new String[] {path1, path2}) {
      if (p != null) {
        args.add(p);
      }
    }
    return args;
  }

  /** What is wrong with the options and operands given together, or null. */
  private String usageError() {
    List<String> args = operands();
    if (versions && args.size() < 3) {
      return "--versions needs FILE V1 V2 [PATH]";
    }
    if (!versions && args.size() == 3 && !isFile(args.get(1)) && !isFile(args.get(2))
        && isVersioned(Path.of(args.get(0)))) {
      return args.get(1) + " and " + args.get(2) + " are not files: to compare versions of "
          + args.get(0) + ", run 'h5j diff --versions " + String.join(" ", args) + "'";
    }
    if (count != null && count <= 0) {
      return "-n needs a positive count, not " + count;
    }
    if (noDanglingLinks && !followLinks) {
      return "--no-dangling-links must be used along with --follow-symlinks";
    }
    int given = (delta != null ? 1 : 0) + (relative != null ? 1 : 0) + (epsilon ? 1 : 0);
    if (given > 1) {
      return "-d, -p and --use-system-epsilon exclude one another: give one of them";
    }
    Double limit = delta != null ? delta : relative;
    if (limit != null && !(limit > 0)) {
      return (delta != null ? "-d" : "-p") + " needs a positive number, not " + limit;
    }
    return null;
  }

  @Override
  public List<Path> files() {
    return List.of(); // the comparison names the file in its own failures
  }

  /** Compares as asked, on {@code out}, failures on {@code err}; returns h5diff's code. */
  @Override
  public int run(PrintWriter out, PrintWriter err) {
    List<String> args = operands();
    if (versions) {
      return guarded(err, List.of(Path.of(args.get(0))), () -> versions(out, args));
    }
    DiffOptions options = new DiffOptions(quiet, report, verbose, listNotComparable,
        tolerance(), count == null ? 0 : count, List.copyOf(excluded), followLinks,
        noDanglingLinks);
    Path f1 = Path.of(args.get(0));
    Path f2 = Path.of(args.get(1));
    String p1 = args.size() > 2 ? args.get(2) : "/";
    String p2 = args.size() > 3 ? args.get(3) : p1;
    return guarded(err, List.of(f1, f2), () -> {
      try (H5File a = H5File.open(f1); H5File b = H5File.open(f2)) {
        return new FileDiff(options, new DiffPrinter(out, options)).compare(a, p1, b, p2);
      }
    });
  }

  private DiffTolerance tolerance() {
    return delta != null ? new DiffTolerance(DiffTolerance.Kind.DELTA, delta)
        : relative != null ? new DiffTolerance(DiffTolerance.Kind.RELATIVE, relative)
        : epsilon ? new DiffTolerance(DiffTolerance.Kind.EPSILON, 0) : DiffTolerance.EXACT;
  }

  private static int versions(PrintWriter out, List<String> args) throws IOException {
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
  private static int guarded(PrintWriter err, List<Path> given, Comparison c) {
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
