package io.h5j.cli;

import io.h5j.versioning.PlainFiles;
import io.h5j.versioning.VersionedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j checkout}: one version as a plain HDF5 file. */
@Command(name = "checkout", description = "Write one version as a plain HDF5 file. An"
    + " existing OUT is kept unless --force is given; a failed checkout leaves OUT as it was.")
final class CheckoutCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "versioned HDF5 file")
  Path file;

  @Parameters(index = "1", paramLabel = "VERSION", description = "version name")
  String version;

  @Parameters(index = "2", paramLabel = "OUT", description = "plain HDF5 file to write")
  Path out;

  @Option(names = {"-f", "--force"}, description = "replace OUT if it exists")
  boolean force;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (Files.exists(out) && !force) {
      spec.commandLine().getErr().println("h5j: " + out + " exists; give --force to replace"
          + " it, or another OUT");
      return Main.BAD_INPUT;
    }
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      PlainFiles.checkout(vf, version, out);
    }
    spec.commandLine().getOut().println("wrote " + out);
    return Main.OK;
  }
}
