package io.h5j.repack;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Node;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;

/**
 * Checks that every path a filter or layout change names is a dataset of the input, before
 * a repack writes anything: a misspelt path would otherwise change nothing, silently.
 */
final class NamedDatasets {
  private NamedDatasets() {}

  /** @throws NoSuchDatasetException for the first path that names no dataset */
  static void check(Path in, Collection<String> paths) throws IOException {
    if (paths.isEmpty()) {
      return;
    }
    try (H5File f = H5File.open(in)) {
      for (String p : paths) {
        if (!f.root().contains(p)) {
          throw new NoSuchDatasetException(in, p, "no object");
        }
        Node n = f.root().get(p);
        if (!(n instanceof Dataset)) {
          throw new NoSuchDatasetException(in, p, n instanceof io.h5j.Group ? "a group"
              : "a committed datatype");
        }
      }
    }
  }
}
