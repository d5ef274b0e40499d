package io.h5j.cli;

import io.h5j.Attribute;
import io.h5j.H5File;
import io.h5j.Node;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code h5j dump}: every object below a path with its attributes and values, printed as it
 * is read (memory stays bounded whatever the sizes). What cannot be read is reported on
 * stderr and marked in the output, the rest is still dumped, and the exit code is 1.
 *
 * <p>Three outputs: h5j's own one-line-per-object text (the default, kept because scripts
 * read it), h5dump's DDL (with {@code --ddl} or any of h5dump's options, so that an h5dump
 * command line works as it is), and {@code --json}.
 */
@Command(name = "dump", description = {
    "Print objects, attributes and values.",
    "Default output: h5j's text, one line per object (stable for scripts). With --ddl, or"
        + " with any of h5dump's options (-H -d -g -a -A -p -y -b -o), the output is"
        + " h5dump's DDL, as libhdf5 1.10.8's h5dump prints it, so h5dump habits and"
        + " command lines carry over. --json prints h5j's machine format.",
    "Exit code 1 if anything could not be read (each named on stderr; the rest is printed)."})
final class DumpCommand implements Callable<Integer>, PlainCommand {
  // the names of the flags, which PlainArgs parses as picocli does
  private static final String JSON = "--json", DDL = "--ddl", H = "-H", HEADER = "--header",
      P = "-p", PROPERTIES = "--properties", Y = "-y", NOINDEX = "--noindex";
  private static final String[][] FLAGS = {{JSON}, {DDL}, {H, HEADER}, {P, PROPERTIES},
      {Y, NOINDEX}};

  @Option(names = JSON, description = "Print one JSON object keyed by path.")
  boolean json;

  @Option(names = DDL, description = "Print h5dump's DDL (implied by the h5dump options).")
  boolean ddl;

  @Option(names = {H, HEADER}, description = "DDL: print the header only, no data.")
  boolean header;

  @Option(names = {"-d", "--dataset"}, paramLabel = "P", description = "DDL: dataset P only.")
  String dataset;

  @Option(names = {"-g", "--group"}, paramLabel = "P", description = "DDL: group P only.")
  String group;

  @Option(names = {"-a", "--attribute"}, paramLabel = "P",
      description = "DDL: attribute P only (OBJECT/NAME).")
  String attribute;

  @Option(names = {"-A", "--onlyattr"}, arity = "0..1", paramLabel = "0",
      parameterConsumer = OnlyAttributesValue.class,
      description = "DDL: header and attributes' values only; -A 0: everything but attributes.")
  String onlyAttributes;

  /**
   * {@code -A} takes {@code 0} or {@code 1} when one follows, as h5dump's does, and nothing
   * else: {@code -A f.h5} leaves the file name to the file parameter.
   */
  static final class OnlyAttributesValue implements IParameterConsumer {
    @Override
    public void consumeParameters(java.util.Stack<String> args, ArgSpec argSpec,
        CommandSpec commandSpec) {
      boolean value = !args.isEmpty() && (args.peek().equals("0") || args.peek().equals("1"));
      argSpec.setValue(value ? args.pop() : "1");
    }
  }

  @Option(names = {P, PROPERTIES}, description = "DDL: print storage layout and filters.")
  boolean properties;

  @Option(names = {Y, NOINDEX}, description = "DDL: no index prefixes on data lines.")
  boolean noIndex;

  @Option(names = {"-b", "--binary"}, arity = "0..1", fallbackValue = "NATIVE",
      paramLabel = "ORDER", description = "DDL: write values raw to the -o file, in byte order"
          + " NATIVE (default), LE, BE or FILE.")
  String binary;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "DDL: the file -b writes values to.")
  Path output;

  @Parameters(index = "0", paramLabel = "FILE", description = "HDF5 file")
  Path file;

  @Parameters(index = "1", arity = "0..1", paramLabel = "PATH", defaultValue = "/",
      description = "object path (default /)")
  String path;

  @Spec
  CommandSpec spec;

  /**
   * The command for {@code args} if they are {@code dump}, flags and operands only
   * ({@link PlainArgs}) that go together, which {@link Main} runs without picocli; else null.
   */
  static DumpCommand plain(String[] args) {
    PlainArgs a = PlainArgs.parse(args, "dump", FLAGS, 1, 2);
    if (a == null) {
      return null;
    }
    DumpCommand c = new DumpCommand();
    c.json = a.has(0);
    c.ddl = a.has(1);
    c.header = a.has(2);
    c.properties = a.has(3);
    c.noIndex = a.has(4);
    c.file = Path.of(a.operand(0));
    c.path = a.operand(1) != null ? a.operand(1) : "/";
    return c.usageError() == null ? c : null;
  }

  @Override
  public Integer call() throws Exception {
    String wrong = usageError();
    if (wrong != null) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), wrong);
    }
    return run(spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  /** Whether h5dump's DDL is asked for, by {@code --ddl} or any of h5dump's options. */
  private boolean h5dump() {
    return ddl || header || dataset != null || group != null || attribute != null
        || onlyAttributes != null || properties || noIndex || binary != null || output != null;
  }

  /** What is wrong with the options given together, or null. */
  private String usageError() {
    if (h5dump() && json) {
      return "--json and h5dump's options do not go together: choose one output";
    }
    if ((binary == null) != (output == null)) {
      return "-b and -o go together: -b ORDER -o FILE writes the values raw to FILE";
    }
    return null;
  }

  @Override
  public List<Path> files() {
    return output == null ? List.of(file) : List.of(file, output);
  }

  /** Dumps as asked, to {@code stdout}, problems to {@code err}; returns the exit code. */
  @Override
  public int run(PrintWriter stdout, PrintWriter err) throws Exception {
    DumpOutput out = new DumpOutput(stdout);
    boolean h5dump = h5dump();
    // a bar only when the dump goes elsewhere than the terminal: its lines would break the bar's
    DelayedProgress bar = Terminal.stdout() ? null : DelayedProgress.onTerminal(err, "dumping");
    DumpProblems problems = new DumpProblems(err, file.toString(), bar);
    DatasetValues.Watcher watcher = bar == null ? DatasetValues.Watcher.NONE
        : (p, done, total) -> bar.count(p, done, total, "elements");
    try (H5File f = H5File.open(file)) {
      if (h5dump) {
        ddl(f, out, problems, watcher);
      } else {
        DumpPrinter printer = json ? new JsonDumpPrinter(out, f) : new TextDumpPrinter(out, f);
        new DumpWalker(printer, problems, watcher).walk(f.get(path));
        printer.finish();
      }
      out.flush();
    } catch (DumpOutput.Closed e) {
      return Main.BAD_INPUT; // the reader went away (h5j dump | head): nothing to say to it
    } finally {
      if (bar != null) {
        bar.clear();
      }
    }
    return problems.count() == 0 ? Main.OK : Main.BAD_INPUT;
  }

  private void ddl(H5File f, DumpOutput out, DumpProblems problems,
      DatasetValues.Watcher watcher) throws Exception {
    boolean only = onlyAttributes != null && !onlyAttributes.equals("0");
    DdlOptions options = new DdlOptions(!header, !only,
        onlyAttributes == null || only, !noIndex, properties);
    String selected = dataset != null ? dataset : group != null ? group
        : attribute != null ? attribute : null;
    try (DdlBinary raw = binary == null ? null : DdlBinary.open(output, binary)) {
      DdlPrinter printer = new DdlPrinter(out, f, options, raw,
          selected != null ? selected : "/");
      out.append("HDF5 ").append(DdlStrings.quoted(file.toString())).append(" {\n");
      if (attribute != null) {
        int slash = attribute.lastIndexOf('/');
        Node owner = f.get(slash <= 0 ? "/" : attribute.substring(0, slash));
        Attribute a = owner.attributes().attribute(attribute.substring(slash + 1));
        printer.attribute(a);
      } else {
        new DumpWalker(printer, problems, watcher)
            .walk(f.get(selected != null ? selected : path));
      }
      out.append("}\n");
    }
  }
}
