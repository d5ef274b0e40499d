package io.h5j.cli;

import io.h5j.format.H5FormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code h5j} command. Exit codes: 0 success, 1 bad input (a file that cannot be read or
 * is in use, no object at the given path, a failed check), 2 usage error.
 */
@Command(name = "h5j", mixinStandardHelpOptions = true, versionProvider = ProjectVersion.class,
    description = "HDF5 in pure Java: list, dump, check and repack HDF5 files, and keep"
        + " versions of their datasets (versioned-hdf5 files).",
    synopsisSubcommandLabel = "COMMAND",
    footer = {"", "Run 'h5j help COMMAND' or 'h5j COMMAND --help' for a command's options."})
public final class Main implements Runnable {
  /** Exit code: the command did what was asked. */
  public static final int OK = 0;
  /** Exit code: a file is missing, unreadable or in use, lacks the object, or failed a check. */
  public static final int BAD_INPUT = 1;
  /** Exit code: the command line is wrong (unknown command or option, missing argument). */
  public static final int USAGE = 2;
  /** The exit codes as the help lists them, on every command that lists none of its own. */
  private static final Map<String, String> EXIT_CODES = exitCodes();
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

  /** Runs {@code h5j ARGS...} on the process's streams and exits with its exit code. */
  public static void main(String[] args) {
    System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
  }

  /** Runs the command line with the given streams; returns the exit code. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    int code = runPlain(out, err, args);
    if (code < 0) {
      code = parseAndRun(out, err, args);
    }
    out.flush();
    err.flush();
    return code;
  }

  /**
   * Runs {@code ls}, {@code dump}, {@code diff} and {@code repack} without picocli when their
   * arguments are only flags and operands ({@link PlainArgs}); returns the exit code, or -1
   * for picocli to parse them. Building picocli's parser (its classes, reflection over the
   * command's annotations, its type converters) took more CPU than listing, dumping or
   * comparing a small file, or than anything a repack does before the copy starts.
   */
  private static int runPlain(PrintWriter out, PrintWriter err, String... args) {
    PlainCommand c;
    try {
      c = plain(args);
    } catch (InvalidPathException e) {
      return -1; // picocli says what is wrong with the path
    }
    if (c == null) {
      return -1;
    }
    try {
      return c.run(out, err);
    } catch (Exception e) {
      return failed(e, err, c.files());
    }
  }

  /** The command {@code args} fill in without picocli, or null (a string switch: no lambda). */
  static PlainCommand plain(String... args) {
    if (args.length == 0) {
      return null;
    }
    return switch (args[0]) {
      case "ls" -> LsCommand.plain(args);
      case "dump" -> DumpCommand.plain(args);
      case "diff" -> DiffCommand.plain(args);
      case "repack" -> RepackCommand.plain(args);
      default -> null;
    };
  }

  private static int parseAndRun(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = commandLine(args);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, cmd, parsed) -> failed(e, err, pathsOf(parsed)));
    cl.setParameterExceptionHandler((e, a) -> {
      err.println("h5j: " + e.getMessage());
      e.getCommandLine().usage(err);
      return USAGE;
    });
    return cl.execute(args);
  }

  /**
   * Reports a command's failure; returns the exit code. Usage errors never get here (picocli
   * hands them to the parameter exception handler), so every failure is one of the input:
   * a file missing, unreadable, malformed or in use (by an h5j or a libhdf5 writer, which the
   * library reports as a state, or by a libhdf5 reader that did not let go), or a bug.
   */
  private static int failed(Exception e, PrintWriter err, List<Path> given) {
    err.println("h5j: " + describe(e, given));
    if (System.getenv("H5J_DEBUG") != null) { // where it failed, for bug reports
      e.printStackTrace(err);
    }
    return BAD_INPUT;
  }

  /**
   * The command line for {@code args}: with the subcommand that they start with, or every one
   * (and {@code help}) when they start with none (help, a usage error). picocli builds a
   * command's model by reflection over its annotations, a large part of a short run's
   * start-up: only the command that runs needs it.
   */
  static CommandLine commandLine(String... args) {
    CommandLine cl = new CommandLine(new Main());
    Class<?> only = null;
    for (Class<?> c : COMMANDS) {
      if (args.length > 0 && args[0].equals(c.getAnnotation(Command.class).name())) {
        only = c;
      }
    }
    if (only != null) {
      cl.addSubcommand(only);
    } else {
      COMMANDS.forEach(cl::addSubcommand);
      cl.addSubcommand(HelpCommand.class);
    }
    addHelp(cl);
    return cl;
  }

  /**
   * Gives {@code cl} and its subcommands {@code -h}/{@code --help} where they have none, and
   * the exit codes in their help where they list none, so that no command, present or
   * future, lacks them.
   */
  private static void addHelp(CommandLine cl) {
    CommandLine.Model.CommandSpec spec = cl.getCommandSpec();
    if (spec.findOption("--help") == null) {
      spec.addOption(CommandLine.Model.OptionSpec.builder("-h", "--help").usageHelp(true)
          .description("Show this help message and exit.").build());
    }
    CommandLine.Model.UsageMessageSpec usage = spec.usageMessage();
    if (usage.exitCodeList().isEmpty()) {
      usage.exitCodeListHeading("%nExit codes:%n").exitCodeList(EXIT_CODES);
    }
    cl.getSubcommands().values().forEach(Main::addHelp);
  }

  private static Map<String, String> exitCodes() {
    Map<String, String> codes = new LinkedHashMap<>();
    codes.put(OK + "", "success");
    codes.put(BAD_INPUT + "", "bad input: a file that cannot be read or is in use by another"
        + " program, no object at PATH, a failed check or verify");
    codes.put(USAGE + "", "usage error: unknown command or option, missing or extra argument");
    return Collections.unmodifiableMap(codes);
  }


  /** The paths given to the command that ran (the last subcommand), in the order given. */
  private static List<Path> pathsOf(CommandLine.ParseResult parsed) {
    CommandLine.ParseResult last = parsed;
    while (last.subcommand() != null) {
      last = last.subcommand();
    }
    List<Path> paths = new ArrayList<>();
    for (CommandLine.Model.ArgSpec a : last.matchedArgs()) {
      if (a.getValue() instanceof Path p) {
        paths.add(p);
      }
    }
    return paths;
  }

  /**
   * The failure in words. The operating system's messages name no file ("Is a directory"
   * from reading a directory): such a message gets the first path the command was given.
   */
  static String describe(Exception e, List<Path> given) {
    String m = describe(e);
    if (e instanceof IOException && !given.isEmpty()
        && given.stream().noneMatch(p -> m.contains(p.toString()))) {
      return given.get(0) + ": " + m;
    }
    return m;
  }

  private static String describe(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file: " + e.getMessage();
    }
    if (e instanceof H5FormatException f) {
      return (f.structure().startsWith("versioned file") ? "not a versioned file: "
          : switch (f.kind()) {
            case CORRUPT -> "not a valid HDF5 file: ";
            case UNSUPPORTED -> "a form of HDF5 h5j does not read: ";
            case TOO_NEW -> "a newer HDF5 format than h5j reads: ";
          }) + f.getMessage();
    }
    return ReadFailure.explains(e) ? ApiHints.reword(e.getMessage())
        : "failed unexpectedly (a bug: run again with H5J_DEBUG=1 for the details to report)";
  }
}
