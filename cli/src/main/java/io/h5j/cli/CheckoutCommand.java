package io.h5j.cli;

import io.h5j.versioning.PlainFiles;
import io.h5j.versioning.VersionedFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j checkout}: one version as a plain HDF5 file. */
@Command(name = "checkout", description = "Write one version as a plain HDF5 file.")
final class CheckoutCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "versioned HDF5 file")
  Path file;

  @Parameters(index = "1", paramLabel = "VERSION", description = "version name")
  String version;

  @Parameters(index = "2", paramLabel = "OUT", description = "plain HDF5 file to write")
  Path out;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      PlainFiles.checkout(vf, version, out);
    }
    spec.commandLine().getOut().println("wrote " + out);
    return Main.OK;
  }
}
