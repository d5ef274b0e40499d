package io.h5j.cli;

import io.h5j.format.H5FormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code h5j} command. Exit codes: 0 success, 1 bad input file (unreadable, malformed, or
 * no object at the given path), 2 usage error.
 */
@Command(name = "h5j", mixinStandardHelpOptions = true, version = "h5j 0.1.0",
    description = "HDF5 in pure Java: list, dump and check HDF5 files.")
public final class Main implements Runnable {
  public static final int OK = 0;
  public static final int BAD_INPUT = 1;
  public static final int USAGE = 2;
  /** The subcommands, in the order the help lists them. */
  private static final List<Class<?>> COMMANDS = List.of(LsCommand.class, DumpCommand.class,
      DemoCommand.class, RepackCommand.class, CheckCommand.class, LogCommand.class,
      ShowCommand.class, DiffCommand.class, CommitCommand.class, CheckoutCommand.class,
      CdsTrainingCommand.class);

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
  }

  public static void main(String[] args) {
    System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
  }

  /** Runs the command line with the given streams; returns the exit code. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    int code = RepackCommand.isPlain(args) ? repack(out, err, args[1], args[2])
        : parseAndRun(out, err, args);
    out.flush();
    err.flush();
    return code;
  }

  /**
   * {@code h5j repack IN OUT}, the command whose speed matters most, runs without picocli:
   * building picocli's parser (its classes, too old for a class-data archive; reflection over
   * the command's annotations; its type converters) took more CPU than anything else before
   * the copy starts. With any option, picocli parses as for every other command.
   */
  private static int repack(PrintWriter out, PrintWriter err, String in, String outFile) {
    try {
      return RepackCommand.of(Path.of(in), Path.of(outFile)).run(out, err);
    } catch (Exception e) {
      return failed(e, err);
    }
  }

  private static int parseAndRun(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = new CommandLine(new Main());
    addSubcommands(cl, args);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, cmd, parsed) -> failed(e, err));
    cl.setParameterExceptionHandler((e, a) -> {
      err.println("h5j: " + e.getMessage());
      e.getCommandLine().usage(err);
      return USAGE;
    });
    return cl.execute(args);
  }

  /** Reports a command's failure; returns the exit code. */
  private static int failed(Exception e, PrintWriter err) {
    err.println("h5j: " + describe(e));
    if (System.getenv("H5J_DEBUG") != null) { // where it failed, for bug reports
      e.printStackTrace(err);
    }
    return e instanceof IllegalArgumentException || e instanceof IOException
        || e instanceof UnsupportedOperationException ? BAD_INPUT : USAGE;
  }

  /**
   * Registers the subcommand that {@code args} start with, or every one when they start with
   * none (help, a usage error). picocli builds a command's model by reflection over its
   * annotations, a large part of a short run's start-up: only the command that runs needs it.
   */
  private static void addSubcommands(CommandLine cl, String[] args) {
    for (Class<?> c : COMMANDS) {
      if (args.length > 0 && args[0].equals(c.getAnnotation(Command.class).name())) {
        cl.addSubcommand(c);
        return;
      }
    }
    COMMANDS.forEach(cl::addSubcommand);
  }

  private static String describe(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file: " + e.getMessage();
    }
    if (e instanceof H5FormatException) {
      return "not a valid HDF5 file: " + e.getMessage();
    }
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }
}
