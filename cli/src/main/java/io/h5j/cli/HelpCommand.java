package io.h5j.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code h5j help [COMMAND...]}: the help of a command, as {@code COMMAND --help} prints it.
 * picocli's own help command reads one word only, so {@code help demo seed} needs this one.
 */
@Command(name = "help", helpCommand = true,
    description = "Print the help of COMMAND (of h5j without one) and exit.")
final class HelpCommand implements Callable<Integer>, CommandLine.IHelpCommandInitializable2 {
  @Parameters(paramLabel = "COMMAND", arity = "0..*",
      description = "a command, then its subcommand if any (e.g. demo seed)")
  List<String> words = List.of();

  private CommandLine self;
  private CommandLine.Help.ColorScheme colors;
  private PrintWriter out;

  @Override
  public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme,
      PrintWriter out, PrintWriter err) {
    this.self = helpCommandLine;
    this.colors = colorScheme;
    this.out = out;
  }

  @Override
  public Integer call() {
    CommandLine target = self.getParent();
    for (String w : words) {
      CommandLine sub = target.getSubcommands().get(w);
      if (sub == null) {
        throw new CommandLine.ParameterException(self, "no command '" + w + "' in '"
            + target.getCommandSpec().qualifiedName() + "'");
      }
      target = sub;
    }
    target.usage(out, colors);
    return Main.OK;
  }
}
