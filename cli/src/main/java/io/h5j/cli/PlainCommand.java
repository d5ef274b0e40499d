package io.h5j.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * A command filled in from a command line of the simplest form ({@link PlainArgs}), which
 * {@link Main} runs without picocli: the same run as picocli's call, on the streams given.
 * Each such command's {@code plain(String[])} returns null for any line whose run could end
 * in a usage error, so that picocli alone reports those.
 */
interface PlainCommand {
  /** Runs the command on {@code out} and {@code err}; returns the exit code. */
  int run(PrintWriter out, PrintWriter err) throws Exception;

  /** The files given, in order: a failure's message names the first where the cause does not. */
  List<Path> files();
}
