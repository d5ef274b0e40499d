package io.h5j.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A command line of the simplest form, which {@link Main} runs without picocli: the command's
 * name, then flags (options without a value) each at most once and operands, in any order.
 * Building picocli's parser (reflection over the command's annotations, its type converters)
 * costs more CPU than a short command's own work. Any other form (short flags run together,
 * {@code --}, an {@code @file} of arguments, an option with a value, an unknown option,
 * help) is left to picocli, so that picocli alone decides what such a line means, and errors
 * read the same whichever way a command line runs.
 *
 * @param flags for each flag the command knows, in the order given to {@link #parse}: whether
 *     it was given
 * @param operands the operands, in order
 */
record PlainArgs(boolean[] flags, List<String> operands) {
  /**
   * {@code args} if they are {@code command} and then only the flags in {@code flagNames}
   * (each flag's names: a short and a long one, say) and {@code minOperands} to
   * {@code maxOperands} operands; else null.
   */
  static PlainArgs parse(String[] args, String command, String[][] flagNames, int minOperands,
      int maxOperands) {
    if (args.length == 0 || !args[0].equals(command)) {
      return null;
    }
    boolean[] given = new boolean[flagNames.length];
    List<String> operands = new ArrayList<>(maxOperands);
    for (int i = 1; i < args.length; i++) {
      String arg = args[i];
      if (isOperand(arg)) {
        operands.add(arg);
        continue;
      }
      int flag = indexOf(flagNames, arg);
      if (flag < 0 || given[flag]) { // picocli refuses a flag given twice
        return null;
      }
      given[flag] = true;
    }
    return operands.size() >= minOperands && operands.size() <= maxOperands
        ? new PlainArgs(given, operands) : null;
  }

  /** Whether picocli takes {@code arg} as an operand whatever the command's options. */
  private static boolean isOperand(String arg) {
    return !arg.isEmpty() && arg.charAt(0) != '-' && arg.charAt(0) != '@';
  }

  private static int indexOf(String[][] flagNames, String arg) {
    for (int i = 0; i < flagNames.length; i++) {
      for (String name : flagNames[i]) {
        if (name.equals(arg)) {
          return i;
        }
      }
    }
    return -1;
  }

  /** Whether the flag at {@code index} of those given to {@link #parse} was given. */
  boolean has(int index) {
    return flags[index];
  }

  /** The operand at {@code index}, or null where fewer were given. */
  String operand(int index) {
    return index < operands.size() ? operands.get(index) : null;
  }
}
