package io.h5j.cli;

import io.h5j.versioning.VersionedFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j diff}: the chunks that differ between two versions. */
@Command(name = "diff", description = "List the chunks that differ between two versions, per"
    + " dataset (or for the dataset at PATH), by element offset.")
final class DiffCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "versioned HDF5 file")
  Path file;

  @Parameters(index = "1", paramLabel = "V1", description = "first version")
  String v1;

  @Parameters(index = "2", paramLabel = "V2", description = "second version")
  String v2;

  @Parameters(index = "3", arity = "0..1", paramLabel = "PATH", description = "dataset path")
  String path;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      TreeSet<String> paths = new TreeSet<>();
      if (path != null) {
        paths.add(path);
      } else {
        paths.addAll(vf.version(v1).datasetPaths());
        paths.addAll(vf.version(v2).datasetPaths());
      }
      for (String p : paths) {
        List<long[]> changed = vf.diff(p, v1, v2);
        if (changed.isEmpty()) {
          continue;
        }
        out.println(p + ": " + changed.size() + " chunk" + (changed.size() == 1 ? "" : "s"));
        for (long[] c : changed) {
          out.println("  " + Arrays.toString(c));
        }
      }
    }
    return Main.OK;
  }
}
