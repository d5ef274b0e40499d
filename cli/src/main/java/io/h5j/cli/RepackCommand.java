package io.h5j.cli;

import io.h5j.VdsEncoding;
import io.h5j.repack.FilterOption;
import io.h5j.repack.LayoutOption;
import io.h5j.repack.NoSuchDatasetException;
import io.h5j.repack.OutputCheckException;
import io.h5j.repack.RepackProgress;
import io.h5j.repack.RepackReport;
import io.h5j.repack.Repacker;
import io.h5j.repack.VerifyException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j repack IN OUT}: a thin layer over {@link Repacker}. */
@Command(name = "repack", description = "Copy everything reachable in an HDF5 file into a new"
    + " file (like h5repack), moving chunks and virtual dataset mappings as stored bytes.")
final class RepackCommand implements Callable<Integer>, PlainCommand {
  @Option(names = {"-v", "--verbose"}, description = "Print what was copied.")
  boolean verbose;

  @Option(names = "--verify", description = "Before OUT replaces anything, read it back and"
      + " compare every object and value with IN (chunks kept as they were are compared as"
      + " stored bytes); a difference leaves no OUT.")
  boolean verify;

  @Option(names = "--no-check", description = "Skip the structural check of OUT. By default"
      + " every object header, heap object and chunk index entry of OUT is checked (no data is"
      + " read) before OUT replaces anything, and a failed check leaves no OUT.")
  boolean noCheck;

  @Option(names = {"-f", "--filter"}, paramLabel = "[PATH,...:]FILTER", description = "Filters"
      + " for the datasets named (all if none): GZIP=0..9, SHUF, FLET, LZF, LZ4, BZIP2=1..9,"
      + " ZSTD=1..22 or NONE; repeat to build a pipeline.")
  List<String> filters = List.of();

  @Option(names = {"-l", "--layout"}, paramLabel = "[PATH,...:]LAYOUT", description = "Layout"
      + " for the datasets named (all if none): CHUNK=DIMxDIM..., CONTI or COMPA.")
  List<String> layouts = List.of();

  @Option(names = "--vds-encoding", paramLabel = "v0|v1", description = "Store virtual"
      + " dataset mappings in block encoding v0 (libhdf5 1.10 reads it) or v1 (HDF5 2.0's"
      + " compact one); by default each block is copied as it is.")
  String vdsEncoding;

  @Option(names = "--share-vds-blocks", description = "Refused: libhdf5 1.10.8 frees a"
      + " shared mapping block when one of its datasets is deleted (see the README).")
  boolean shareVdsBlocks;

  @Parameters(index = "0", paramLabel = "IN", description = "input HDF5 file (opened read-only)")
  Path in;

  @Parameters(index = "1", paramLabel = "OUT",
      description = "output file (written beside, renamed when complete)")
  Path out;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  /**
   * The command for {@code args} if they are {@code repack IN OUT} and nothing else (no
   * option, no {@code @file} of arguments), which {@link Main} runs without picocli; else
   * null.
   */
  static RepackCommand plain(String[] args) {
    PlainArgs a = PlainArgs.parse(args, "repack", new String[0][], 2, 2);
    if (a == null) {
      return null;
    }
    RepackCommand c = new RepackCommand();
    c.in = Path.of(a.operand(0));
    c.out = Path.of(a.operand(1));
    return c;
  }

  @Override
  public Integer call() throws Exception {
    return run(spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  /**
   * The copy's progress, then the check's, on {@code bar}; then the verify's on
   * {@code verifying}, which takes the line over.
   */
  private static RepackProgress progress(ProgressBar bar, ProgressBar verifying) {
    return new RepackProgress() {
      private boolean verifyStarted;

      @Override
      public void update(long objects, long bytes, long inputBytes) {
        bar.update(objects, bytes, inputBytes);
      }

      @Override
      public void checking(long objects, long totalObjects) {
        bar.count("checking", objects, totalObjects, "objects");
      }

      @Override
      public void verifying(long objects, long bytes, long totalBytes) {
        if (!verifyStarted) {
          bar.clear();
          verifyStarted = true;
        }
        verifying.update(objects, bytes, totalBytes);
      }
    };
  }

  @Override
  public List<Path> files() {
    return List.of(in, out);
  }

  /** Runs the command, printing to the streams given; returns the exit code. */
  @Override
  public int run(PrintWriter stdout, PrintWriter stderr) throws Exception {
    boolean terminal = Terminal.stderr();
    ProgressBar bar = terminal ? new ProgressBar(stderr) : null;
    ProgressBar verifying = terminal ? new ProgressBar(stderr, "verifying") : null;
    long start = System.nanoTime();
    if (shareVdsBlocks) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--share-vds-blocks"
          + " is refused: when one of the virtual datasets sharing a mapping block is deleted,"
          + " libhdf5 1.10.8 frees the block, the next block written takes its place, and the"
          + " other datasets silently read those mappings instead of theirs");
    }
    Repacker.Builder b = Repacker.builder()
        .progress(bar == null ? null : progress(bar, verifying))
        .checkOutput(!noCheck).verify(verify);
    try {
      filters.forEach(f -> b.filter(FilterOption.parse(f)));
      layouts.forEach(l -> b.layout(LayoutOption.parse(l)));
      if (vdsEncoding != null) {
        b.vdsEncoding(switch (vdsEncoding.toLowerCase(java.util.Locale.ROOT)) {
          case "v0" -> VdsEncoding.V0;
          case "v1" -> VdsEncoding.V1_COMPACT;
          default -> throw new IllegalArgumentException("--vds-encoding is v0 or v1, not "
              + vdsEncoding);
        });
      }
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    RepackReport r;
    try {
      r = b.build().repack(in, out);
    } catch (NoSuchDatasetException e) {
      return refused(stderr, bar, verifying, option(e.objectPath()) + ": " + e.getMessage()
          + "; nothing was written");
    } catch (OutputCheckException e) {
      return refused(stderr, bar, verifying, e.getMessage() + "\nh5j: this is a fault of h5j"
          + " repack (or damage in " + in + " that the copy carried over); --no-check writes"
          + " OUT without the check");
    } catch (VerifyException e) {
      StringBuilder m = new StringBuilder("verify failed: " + out + " was not written: the"
          + " copy of " + in + " differs from it (" + count(e.differences().size()) + "):");
      e.differences().forEach(d -> m.append("\n  ").append(ApiHints.reword(d)));
      return refused(stderr, bar, verifying, m.toString());
    }
    clear(bar);
    clear(verifying);
    double seconds = (System.nanoTime() - start) / 1e9;
    if (verbose) {
      stdout.printf("%s -> %s in %.2f s%n", in, out, seconds);
      stdout.printf("objects: %d groups, %d datasets (%d virtual), %d committed datatypes;"
          + " %d links%n", r.groups(), r.datasets(), r.virtualDatasets(), r.datatypes(),
          r.links());
      stdout.printf("raw data copied as stored: %s%n", ProgressBar.bytes(r.bytesCopied()));
      stdout.printf("mapping blocks: %d, byte-identical to an earlier one: %d (%s)%n",
          r.mappingBlocks(), r.identicalMappingBlocks(),
          ProgressBar.bytes(r.identicalMappingBlockBytes()));
      stdout.printf("size: %s -> %s%n", ProgressBar.bytes(r.inputBytes()),
          ProgressBar.bytes(r.outputBytes()));
      r.skipped().forEach(s -> stdout.println("kept as it was: " + s));
    }
    r.danglingReferences().forEach(s -> stderr.println("h5j: warning: " + s));
    if (verify && verbose) {
      stdout.println("verified: every object of " + out + " matches " + in);
    }
    return Main.OK;
  }

  /** The -f or -l option, as given, that names {@code path}. */
  private String option(String path) {
    for (String f : filters) {
      if (FilterOption.parse(f).paths().contains(path)) {
        return "-f " + f;
      }
    }
    for (String l : layouts) {
      if (LayoutOption.parse(l).paths().contains(path)) {
        return "-l " + l;
      }
    }
    return path;
  }

  private static String count(int differences) {
    return differences >= Repacker.MAX_DIFFERENCES ? "the first " + differences
        + " differences" : differences == 1 ? "1 difference" : differences + " differences";
  }

  private static int refused(PrintWriter stderr, ProgressBar bar, ProgressBar verifying,
      String message) {
    clear(bar);
    clear(verifying);
    stderr.println("h5j: " + message);
    return Main.BAD_INPUT;
  }

  private static void clear(ProgressBar bar) {
    if (bar != null) {
      bar.clear();
    }
  }
}
