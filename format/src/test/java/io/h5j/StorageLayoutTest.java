package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Dataset#layout()} of every dataset of files libhdf5 wrote (every layout class, chunk
 * shapes, filter pipelines, an external file list) says what h5py's creation property list
 * says: layout class, external file count, chunk shape and filter ids.
 */
@OracleTest
class StorageLayoutTest {
  /** One line per dataset of argv[1]: path kind chunks filters, as h5j's side prints it. */
  private static final String H5PY = String.join("\n",
      "import sys, h5py",
      "kinds = {h5py.h5d.COMPACT: 'COMPACT', h5py.h5d.CONTIGUOUS: 'CONTIGUOUS',",
      "         h5py.h5d.CHUNKED: 'CHUNKED', h5py.h5d.VIRTUAL: 'VIRTUAL'}",
      "out = []",
      "def visit(name, o):",
      "    if isinstance(o, h5py.Dataset):",
      "        p = o.id.get_create_plist()",
      "        kind = 'EXTERNAL' if p.get_external_count() else kinds[p.get_layout()]",
      "        chunks = list(o.chunks) if o.chunks else None",
      "        ids = [p.get_filter(i)[0] for i in range(p.get_nfilters())]",
      "        out.append('/%s %s %s %s' % (name, kind, chunks, ids))",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    f.visititems(visit)",
      "print('\\n'.join(sorted(out)))");

  private static final String EXTERNAL = String.join("\n",
      "import sys, os, h5py, numpy as np",
      "d = sys.argv[1]",
      "with h5py.File(os.path.join(d, 'ext.h5'), 'w') as f:",
      "    f.create_dataset('e', data=np.arange(20, dtype='<i4'),",
      "        external=[(os.path.join(d, 'a.bin'), 0, 80)])");

  @Test
  void everyLayoutIsWhatH5pySays() throws IOException {
    for (String name : List.of("layouts_latest.h5", "layouts_earliest.h5", "vds.h5")) {
      check(Fixtures.file(name));
    }
  }

  @Test
  void anExternalFileListMakesContiguousDataExternal() throws IOException {
    Path dir = Files.createTempDirectory("h5j-layout");
    Oracles.python(EXTERNAL, dir.toString());
    check(dir.resolve("ext.h5"));
  }

  private static void check(Path file) throws IOException {
    List<String> h5j = new ArrayList<>();
    try (H5File f = H5File.open(file)) {
      for (Node n : f.root().walk()) {
        if (n instanceof Dataset d) {
          StorageLayout l = d.layout();
          long[] c = l.chunkShape();
          String chunks = c == null ? "None" : java.util.Arrays.toString(c);
          h5j.add(d.path() + " " + l.kind() + " " + chunks + " "
              + l.filters().stream().map(Filter::id).toList());
        }
      }
    }
    h5j.sort(null);
    assertEquals(Oracles.python(H5PY, file.toString()).strip(), String.join("\n", h5j),
        "layouts of " + file);
  }
}
