package io.h5j.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code h5j cds-training DIR [FILE...]}, not listed in the help: runs every command once on
 * small files it writes in DIR, and repacks each FILE, printing nothing. The {@code h5j}
 * launcher runs it once per build and java under {@code -XX:DumpLoadedClassList}, and makes
 * a class-data archive ({@code -Xshare:dump}) of the classes listed, those the commands load
 * (a start-up of a tenth of a second or more less each). The FILEs are files libhdf5 wrote (the launcher passes the repository's
 * fixtures): h5j writes only new-style structures, and a repack of a file h5py made in its
 * default format (symbol table groups, version 1 B-trees and headers) otherwise loads their
 * classes from the jar.
 */
@Command(name = "cds-training", hidden = true,
    description = "Run every command on small files in DIR (for the launcher's class archive).")
final class CdsTrainingCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "DIR", description = "directory for the files written")
  Path dir;

  @Parameters(index = "1..*", paramLabel = "FILE",
      description = "HDF5 files written by libhdf5, repacked too")
  List<Path> samples = List.of();

  @Override
  public Integer call() {
    String demo = file("demo.h5");
    String versioned = file("versioned.h5");
    String plain = file("plain.h5");
    String repacked = file("repacked.h5");
    List<List<String>> runs = List.of(
        List.of("demo", demo),
        List.of("demo", "seed", "--small", versioned),
        List.of("log", versioned),
        List.of("show", versioned, "v0001"),
        List.of("diff", "--versions", versioned, "v0000", "v0001"),
        List.of("checkout", versioned, "v0002", plain),
        List.of("commit", versioned, "--from", plain),
        List.of("repack", versioned, repacked),
        List.of("ls", "-r", repacked),
        List.of("diff", "-r", versioned, repacked),
        List.of("repack", demo, repacked),
        List.of("dump", repacked),
        List.of("dump", "--ddl", "-p", repacked),
        List.of("dump", "--json", repacked));
    PrintWriter quiet = new PrintWriter(Writer.nullWriter());
    for (Path sample : samples) { // trains what it reaches even if it fails
      Main.run(quiet, quiet, "repack", sample.toString(), repacked);
    }
    for (List<String> args : runs) {
      int code = Main.run(quiet, quiet, args.toArray(String[]::new));
      boolean differences = args.get(0).equals("diff") && code == FileDiff.DIFFERENT;
      if (code != Main.OK && !differences) {
        return code; // the launcher then keeps no archive
      }
    }
    return Main.OK;
  }

  private String file(String name) {
    return dir.resolve(name).toString();
  }
}
