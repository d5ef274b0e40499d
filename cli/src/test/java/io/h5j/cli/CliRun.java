package io.h5j.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the {@code h5j} command in this JVM: its exit code, stdout and stderr. */
record CliRun(int code, String out, String err) {
  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
    return new CliRun(code, out.toString(), err.toString());
  }
}
