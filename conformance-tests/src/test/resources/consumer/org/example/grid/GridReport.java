package org.example.grid;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.NodeVisitor;
import io.h5j.Selection;
import io.h5j.type.Datatypes;
import io.h5j.versioning.StagedVersion;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What an h5py or jHDF user does with a file of gridded measurements: writes a chunked,
 * deflated 2-D dataset from {@code double[][]} with attributes and an index of object
 * references, reads it back by slice, whole, by walk and through a reference, then keeps two
 * versions of it. Prints one {@code key=value} line per result, in the file's own terms.
 */
public final class GridReport {
  private static final int ROWS = 8;
  private static final int COLS = 6;

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : ".");
    write(dir.resolve("grid.h5"));
    read(dir.resolve("grid.h5"));
    versions(dir.resolve("grid-versions.h5"));
  }

  private static double[][] grid(double offset) {
    double[][] t = new double[ROWS][COLS];
    for (int i = 0; i < ROWS; i++) {
      for (int j = 0; j < COLS; j++) {
        t[i][j] = offset + 10 * i + j + 0.25;
      }
    }
    return t;
  }

  private static void write(Path file) throws IOException {
    try (H5File f = H5File.create(file)) {
      Group obs = f.root().createGroup("obs");
      obs.attributes().put("station", "Lindenberg");
      Dataset t = obs.createDataset("temperature",
          DatasetSpec.of(grid(270)).chunks(4, 3).deflate(6));
      t.attributes().put("units", "K");
      t.attributes().put("scale", 0.5);
      f.root().createDataset("index", DatasetSpec.of(new long[] {t.address(), obs.address()})
          .datatype(Datatypes.objectReference()));
    }
  }

  private static void read(Path file) throws IOException {
    try (H5File f = H5File.open(file)) {
      Dataset t = f.dataset("obs/temperature");
      print("shape", Arrays.toString(t.shape()));
      print("slice", Arrays.toString(t.readDoubles(Selection.parse("2:5, ::2"))));
      double[][] all = t.readArray(double[][].class);
      print("row7", Arrays.toString(all[7]));
      print("scale", t.attributes().getDouble("scale"));
      print("units", t.attributes().getString("units"));
      print("station", f.group("obs").attributes().getString("station"));
      List<String> walked = new ArrayList<>();
      for (Node n : f.root().walk()) {
        walked.add(n.path());
      }
      print("walk", walked.stream().sorted().toList());
      List<String> datasets = new ArrayList<>();
      f.root().visit(new NodeVisitor() {
        @Override
        public void node(Node n) throws IOException {
          if (n instanceof Dataset d) {
            datasets.add(d.path() + " " + d.datatype());
          }
        }
      });
      print("datasets", datasets.stream().sorted().toList());
      Node[] targets = f.dataset("index").readReferences();
      print("references", Arrays.stream(targets).map(Node::path).toList());
      Dataset viaReference = (Dataset) targets[0];
      print("reference_row0", Arrays.toString(viaReference.readDoubles(Selection.parse("0, :"))));
    }
  }

  private static void versions(Path file) throws IOException {
    try (VersionedFile vf = VersionedFile.create(file)) {
      try (StagedVersion v = vf.stageVersion("v1")) {
        v.createDataset("temperature", DatasetSpec.of(grid(270)).chunks(4, 3));
      }
      vf.commit("v2", "v1", v -> v.write("temperature", new long[] {4, 3}, new long[] {1, 2},
          new double[] {-1, -2}));
      print("versions", vf.versions().stream().map(i -> i.name()).sorted().toList());
      double[] v1 = (double[]) vf.version("v1").read("temperature");
      double[] v2 = (double[]) vf.version("v2").read("temperature");
      print("v1_row4", Arrays.toString(Arrays.copyOfRange(v1, 4 * COLS, 5 * COLS)));
      print("v2_row4", Arrays.toString(Arrays.copyOfRange(v2, 4 * COLS, 5 * COLS)));
    }
  }

  private static void print(String key, Object value) {
    System.out.println(key + "=" + value);
  }
}
