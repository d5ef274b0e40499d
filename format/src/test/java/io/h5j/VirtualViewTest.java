package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * libhdf5's virtual views against h5py's, on virtual datasets h5py writes: printf-named
 * sources with one missing in the middle (source files, and datasets of the same file in
 * blocks of 2 rows every 3), and two unlimited sources of different lengths; each read under
 * LAST_AVAILABLE and FIRST_MISSING with printf gaps of 0, 1 and 5.
 */
@OracleTest
class VirtualViewTest {
  private static final String WRITE = String.join("\n",
      "import h5py, numpy as np, os, sys",
      "os.chdir(sys.argv[1])",
      "U = h5py.h5s.UNLIMITED",
      "for k in (0, 1, 3):",
      "  with h5py.File('src_%d.h5' % k, 'w') as s:",
      "    s['d'] = np.arange(3, dtype='<i4').reshape(1, 3) + 10 * k",
      "def vds(f, name, shape, maxshape, maps):",
      "  dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
      "  for vsel, fn, dn, ssel in maps:",
      "    dcpl.set_virtual(vsel, fn, dn, ssel)",
      "  dcpl.set_fill_value(np.array([-1], dtype='<i4'))",
      "  h5py.h5d.create(f.id, name, h5py.h5t.STD_I32LE,",
      "                  h5py.h5s.create_simple(shape, maxshape), dcpl=dcpl)",
      "with h5py.File('vds.h5', 'w') as f:",
      "  for k in (0, 1, 3):",
      "    f['p/p%d' % k] = np.arange(6, dtype='<i4').reshape(2, 3) + 100 * k",
      "  f.create_dataset('a', data=np.arange(5, dtype='<i4').reshape(5, 1) + 200,",
      "                   maxshape=(None, 1), chunks=(2, 1))",
      "  f.create_dataset('b', data=np.arange(3, dtype='<i4').reshape(3, 1) + 300,",
      "                   maxshape=(None, 1), chunks=(2, 1))",
      "  v = h5py.h5s.create_simple((0, 3), (U, 3))",
      "  v.select_hyperslab((0, 0), (U, 1), (1, 1), (1, 3))",
      "  vds(f, b'files', (0, 3), (U, 3),",
      "      [(v, b'src_%b.h5', b'/d', h5py.h5s.create_simple((1, 3)))])",
      "  v = h5py.h5s.create_simple((0, 3), (U, 3))",
      "  v.select_hyperslab((0, 0), (U, 1), (3, 1), (2, 3))",
      "  vds(f, b'same', (0, 3), (U, 3), [(v, b'.', b'/p/p%b', h5py.h5s.create_simple((2, 3)))])",
      "  maps = []",
      "  for col, src in ((0, b'/a'), (1, b'/b')):",
      "    v = h5py.h5s.create_simple((0, 2), (U, 2))",
      "    v.select_hyperslab((0, col), (1, 1), (1, 1), (U, 1))",
      "    s = h5py.h5s.create_simple((1, 1), (U, 1))",
      "    s.select_hyperslab((0, 0), (1, 1), (1, 1), (U, 1))",
      "    maps.append((v, b'.', src, s))",
      "  vds(f, b'two', (0, 2), (U, 2), maps)");

  private static final String READ = String.join("\n",
      "import h5py, json, sys",
      "out = {}",
      "for view, gap in [(v, int(g)) for v, g in (c.split(':') for c in sys.argv[2:])]:",
      "  for name in ('files', 'same', 'two'):",
      "    with h5py.File(sys.argv[1], 'r') as f:", // a fresh file: libhdf5 keeps the first view
      "      dapl = h5py.h5p.create(h5py.h5p.DATASET_ACCESS)",
      "      dapl.set_virtual_view(h5py.h5d.VDS_FIRST_MISSING if view == 'FIRST_MISSING'",
      "                            else h5py.h5d.VDS_LAST_AVAILABLE)",
      "      dapl.set_virtual_printf_gap(gap)",
      "      d = h5py.Dataset(h5py.h5d.open(f.id, name.encode(), dapl))",
      "      out['%s:%d:%s' % (view, gap, name)] = [list(d.shape), d[()].ravel().tolist()]",
      "print(json.dumps(out))");

  @Test
  void bothViewsAndPrintfGapsAsLibhdf5() throws Exception {
    Path dir = Files.createTempDirectory("vds-view");
    try {
      Oracles.python(WRITE, dir.toString());
      List<String> configs = List.of("LAST_AVAILABLE:0", "LAST_AVAILABLE:1", "LAST_AVAILABLE:5",
          "FIRST_MISSING:0", "FIRST_MISSING:1");
      String[] args = new String[configs.size() + 1];
      args[0] = dir.resolve("vds.h5").toString();
      for (int i = 0; i < configs.size(); i++) {
        args[i + 1] = configs.get(i);
      }
      JsonNode py = new ObjectMapper().readTree(Oracles.python(READ, args));
      // the views differ where they should: otherwise this test could not tell them apart
      assertEquals("[4,3]", py.get("LAST_AVAILABLE:1:files").get(0).toString());
      assertEquals("[2,3]", py.get("FIRST_MISSING:1:files").get(0).toString());
      assertEquals("[5,3]", py.get("LAST_AVAILABLE:0:same").get(0).toString());
      assertEquals("[6,3]", py.get("FIRST_MISSING:0:same").get(0).toString());
      assertEquals("[5,2]", py.get("LAST_AVAILABLE:0:two").get(0).toString());
      assertEquals("[3,2]", py.get("FIRST_MISSING:0:two").get(0).toString());
      try (H5File f = H5File.open(dir.resolve("vds.h5"))) {
        for (String c : configs) { // one open file: the view applies from the next shape()
          String[] vg = c.split(":");
          f.virtualView(VirtualView.valueOf(vg[0])).virtualPrintfGap(Long.parseLong(vg[1]));
          for (String name : new String[] {"files", "same", "two"}) {
            JsonNode want = py.get(c + ":" + name);
            Dataset d = f.dataset(name);
            assertEquals(want.get(0).toString(), Arrays.toString(d.shape()).replace(" ", ""),
                c + " " + name + " shape");
            assertEquals(want.get(1).toString(), Arrays.toString((int[]) d.read())
                .replace(" ", ""), c + " " + name + " values");
          }
        }
      }
    } finally {
      try (var s = Files.list(dir)) {
        for (Path p : s.toList()) {
          Files.delete(p);
        }
      }
      Files.delete(dir);
    }
  }
}
