package io.h5j.cli;

import io.h5j.versioning.VersionView;
import io.h5j.versioning.VersionedFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j show}: one version's datasets, or one dataset's values. */
@Command(name = "show", description = "Show a version: its datasets with shape and type and its"
    + " links, or the values of the dataset at PATH.")
final class ShowCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "versioned HDF5 file")
  Path file;

  @Parameters(index = "1", paramLabel = "VERSION", description = "version name")
  String version;

  @Parameters(index = "2", arity = "0..1", paramLabel = "PATH",
      description = "dataset path within the version")
  String path;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    ValueFormatter text = new ValueFormatter(false);
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      VersionView v = vf.version(version);
      if (path != null) {
        out.println(text.shaped(v.read(path), v.shape(path)));
        return Main.OK;
      }
      out.println("version " + v.name() + "  parent " + VersionWords.parent(v.info())
          + "  committed " + v.info().timestamp());
      for (Map.Entry<String, Object> a : v.info().attributes().entrySet()) {
        out.println("  @" + a.getKey() + " = " + a.getValue());
      }
      for (String p : v.datasetPaths()) {
        out.println("  " + p + "  " + Arrays.toString(v.shape(p)) + "  chunks "
            + Arrays.toString(v.chunks(p)) + "  " + v.datatype(p).name());
      }
      for (Map.Entry<String, io.h5j.Link> l : new java.util.TreeMap<>(v.links()).entrySet()) {
        io.h5j.Link link = l.getValue();
        out.println("  " + l.getKey() + " -> " + (link.file() == null ? "" : link.file() + ":")
            + link.target());
      }
    }
    return Main.OK;
  }
}
