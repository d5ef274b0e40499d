package io.h5j.cli;

import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.type.Datatypes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code h5j demo}: writes a small file with groups, attributes and datasets, prints its tree
 * and values, and checks every value by reading the file back.
 */
@Command(name = "demo", description = "Write a demo file, print it, and verify it by reading"
    + " it back.", subcommands = DemoSeedCommand.class)
final class DemoCommand implements Callable<Integer> {
  // no default in the working directory: run from a clone, the demo left a file in the repository
  @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "file to write"
      + " (default: h5j-demo.h5 in a new temporary folder; where is printed)")
  Path file;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  private record Expected(String path, Object values) {}

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    List<Expected> datasets = new ArrayList<>();
    double[] temperature = new double[24];
    for (int i = 0; i < temperature.length; i++) {
      temperature[i] = Math.round((15 + 8 * Math.sin(i * Math.PI / 12)) * 100) / 100.0;
    }
    long[] counts = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
    String[] stations = {"Zürich", "Genève", "Lugano"};
    if (file == null) {
      file = Files.createTempDirectory("h5j-demo").resolve("h5j-demo.h5");
    }
    try (H5File f = H5File.create(file)) {
      Group root = f.root();
      root.attributes().put("title", "h5j demo: a day of weather");
      root.attributes().put("created_by", "h5j demo");
      Group day = root.createGroup("weather/2026-11-29");
      day.attributes().put("units", "degC");
      day.createDataset("temperature", DatasetSpec.of(temperature).shape(4, 6));
      datasets.add(new Expected("/weather/2026-11-29/temperature", temperature));
      day.createDataset("station", DatasetSpec.of(stations));
      datasets.add(new Expected("/weather/2026-11-29/station", stations));
      root.createDataset("counts", DatasetSpec.of(counts).shape(3, 4)
          .layout(DatasetSpec.Layout.COMPACT));
      datasets.add(new Expected("/counts", counts));
      root.createDataset("reserved", DatasetSpec.empty(Datatypes.INT32, 5).fillValue(-1));
      datasets.add(new Expected("/reserved", new int[] {-1, -1, -1, -1, -1}));
      root.createSoftLink("latest", "/weather/2026-11-29");
    }
    out.println("wrote " + file);
    out.println();
    out.print(run("ls", "-r", file.toString()));
    out.println();
    out.print(run("dump", file.toString()));
    out.println();
    int attributes = 0;
    try (H5File f = H5File.open(file)) {
      for (Expected e : datasets) {
        Object got = f.dataset(e.path()).read();
        if (!Objects.deepEquals(e.values(), got)) {
          throw new IllegalStateException("read back " + e.path() + " as "
              + Arrays.deepToString(new Object[] {got}) + ", wrote something else");
        }
      }
      attributes += check(f.root().attributes().get("title"), "h5j demo: a day of weather");
      attributes += check(f.group("latest").attributes().get("units"), "degC");
    }
    out.println("verified: " + datasets.size() + " datasets and " + attributes
        + " attributes read back equal to what was written");
    return Main.OK;
  }

  private static int check(Object got, Object want) {
    if (!want.equals(got)) {
      throw new IllegalStateException("attribute read back as " + got + ", wrote " + want);
    }
    return 1;
  }

  private static String run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
    if (code != Main.OK) {
      throw new IllegalStateException("h5j " + String.join(" ", args) + " failed: " + err);
    }
    return out.toString();
  }
}
