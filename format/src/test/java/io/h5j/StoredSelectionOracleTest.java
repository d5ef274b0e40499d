package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.h5j.raw.StoredSelection;
import io.h5j.raw.VirtualMappings;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stored selections through the public API ({@link H5File#region}, {@link
 * VirtualMappings#virtualSelection}, {@link VirtualMappings#sourceSelection}) against what
 * libhdf5 (h5py 3.7's 1.10.8) decodes from the same bytes: a selection's kind, its points, and
 * its blocks or the regular hyperslab libhdf5 finds.
 */
@OracleTest
class StoredSelectionOracleTest {
  /** Prints libhdf5's view of a SpaceID {@code s}'s selection, one line. */
  private static final String DESCRIBE = String.join("\n",
      "import sys, h5py, numpy as np",
      "def describe(s):",
      "    t = s.get_select_type()",
      "    if t == h5py.h5s.SEL_NONE: return 'none'",
      "    if t == h5py.h5s.SEL_ALL: return 'all'",
      "    if t == h5py.h5s.SEL_POINTS:",
      "        return 'points ' + ' '.join(str(int(v)) for v in"
          + " np.asarray(s.get_select_elem_pointlist()).ravel())",
      "    if s.is_regular_hyperslab():",
      "        u = 2**64 - 1",
      "        return 'regular ' + ' / '.join(' '.join('U' if int(v) == u else str(int(v))"
          + " for v in part) for part in s.get_regular_hyperslab())",
      "    return 'blocks ' + ' '.join(str(int(v)) for v in"
          + " np.asarray(s.get_select_hyper_blocklist()).ravel())");

  @TempDir
  Path dir;

  @Test
  void regionReferencesDecodeAsLibhdf5DecodesThem() throws IOException {
    Path file = dir.resolve("regions.h5");
    String out = Oracles.python(String.join("\n", DESCRIBE,
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    t = f.create_dataset('g/target', data=np.arange(60).reshape(6, 10))",
        "    sel = np.zeros((6, 10), bool); sel[0, 0] = sel[5, 9] = sel[2, 3] = True",
        "    refs = [t.regionref[1:3, 2:5], t.regionref[0:6:2, 1:9:3], t.regionref[sel],",
        "            t.regionref[...], h5py.h5r.RegionReference(), t.regionref[0:5, 0:2]]",
        "    f.create_dataset('refs', data=np.array(refs, dtype=object),"
            + " dtype=h5py.regionref_dtype)",
        "    for r in refs:",
        "        print('null' if not r else describe(h5py.h5r.get_region(r, t.id)))"),
        file.toString());
    List<String> expected = List.of(out.strip().split("\n"));
    List<String> actual = new ArrayList<>();
    try (H5File f = H5File.open(file)) {
      Dataset target = f.dataset("/g/target");
      for (Object element : (Object[]) f.dataset("/refs").read()) {
        RegionReference r = f.region((byte[]) element);
        if (r == null) {
          actual.add("null");
          continue;
        }
        assertEquals(target.address(), r.address());
        assertEquals("/g/target", f.dereference(r).path());
        actual.add(describe(r.selection()));
      }
    }
    assertEquals(expected, actual);
  }

  @Test
  void mappingSelectionsDecodeAsLibhdf5DecodesThem() throws IOException {
    Path file = Fixtures.file("vds.h5");
    String out = Oracles.python(String.join("\n", DESCRIBE,
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    def visit(name, o):",
        "        if isinstance(o, h5py.Dataset) and o.is_virtual:",
        "            p = o.id.get_create_plist()",
        "            for i in range(p.get_virtual_count()):",
        "                print('/' + name, i, describe(p.get_virtual_vspace(i)), '|',"
            + " describe(p.get_virtual_srcspace(i)))",
        "    f.visititems(visit)"), file.toString());
    List<String> expected = List.of(out.strip().split("\n"));
    List<String> actual = new ArrayList<>();
    try (H5File f = H5File.open(file)) {
      for (String line : expected) {
        String path = line.substring(0, line.indexOf(' '));
        VirtualMappings m = f.dataset(path).virtualMappings();
        for (int i = 0; i < m.count(); i++) {
          String mine = path + " " + i + " " + describe(m.virtualSelection(i)) + " | "
              + describe(m.sourceSelection(i));
          if (!actual.contains(mine)) {
            actual.add(mine);
          }
        }
      }
    }
    assertEquals(expected, actual);
  }

  @Test
  void mappingIndexesOutOfRangeAreRefused() throws IOException {
    try (H5File f = H5File.open(Fixtures.file("vds.h5"))) {
      VirtualMappings m = f.dataset("/cross_3d").virtualMappings();
      org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class,
          () -> m.sourceSelection(m.count()));
      assertNull(f.region(new byte[8 + 4]));
    }
  }

  /** The selection as {@link #DESCRIBE} prints libhdf5's. */
  private static String describe(StoredSelection s) {
    if (s instanceof StoredSelection.None) {
      return "none";
    }
    if (s instanceof StoredSelection.All) {
      return "all";
    }
    if (s instanceof StoredSelection.Points p) {
      return "points " + join(p.coords());
    }
    StoredSelection.Hyperslab h = s instanceof StoredSelection.Hyperslab stored ? stored
        : ((StoredSelection.Blocks) s).asRegular();
    if (h != null) {
      return "regular " + join(h.start()) + " / " + join(h.stride()) + " / " + join(h.count())
          + " / " + join(h.block());
    }
    StoredSelection.Blocks b = (StoredSelection.Blocks) s;
    StringBuilder sb = new StringBuilder("blocks");
    for (int k = 0; k < b.blockCount(); k++) {
      for (int d = 0; d < b.rank(); d++) {
        sb.append(' ').append(b.start(k, d));
      }
      for (int d = 0; d < b.rank(); d++) {
        sb.append(' ').append(b.end(k, d));
      }
    }
    return sb.toString();
  }

  private static String join(long[] v) {
    return String.join(" ", Arrays.stream(v).mapToObj(
        x -> x == StoredSelection.UNLIMITED ? "U" : Long.toString(x)).toList());
  }
}
