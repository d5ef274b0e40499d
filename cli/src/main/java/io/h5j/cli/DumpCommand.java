package io.h5j.cli;

import io.h5j.H5File;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code h5j dump}: every object below a path with its attributes and values, printed as it
 * is read (memory stays bounded whatever the sizes). What cannot be read is reported on
 * stderr and marked in the output, the rest is still dumped, and the exit code is 1.
 */
@Command(name = "dump", description = "Print objects, attributes and values (like h5dump)."
    + " Exit code 1 if anything could not be read (each named on stderr; the rest is printed).")
final class DumpCommand implements Callable<Integer> {
  @Option(names = "--json", description = "Print one JSON object keyed by path.")
  boolean json;

  @Parameters(index = "0", paramLabel = "FILE", description = "HDF5 file")
  Path file;

  @Parameters(index = "1", arity = "0..1", paramLabel = "PATH", defaultValue = "/",
      description = "object path (default /)")
  String path;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    DumpOutput out = new DumpOutput(spec.commandLine().getOut());
    DumpProblems problems = new DumpProblems(err, file.toString());
    try (H5File f = H5File.open(file)) {
      DumpPrinter printer = json ? new JsonDumpPrinter(out, f) : new TextDumpPrinter(out);
      new DumpWalker(printer, problems).walk(f.get(path));
      printer.finish();
      out.flush();
    } catch (DumpOutput.Closed e) {
      return Main.BAD_INPUT; // the reader went away (h5j dump | head): nothing to say to it
    }
    return problems.count() == 0 ? Main.OK : Main.BAD_INPUT;
  }
}
