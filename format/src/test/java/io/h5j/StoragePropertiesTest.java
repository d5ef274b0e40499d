package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Dataset#storageProperties()} and {@link Dataset#fillValue()} of every dataset of
 * files libhdf5 and h5py wrote (old and new fill value messages, a user block, contiguous data
 * allocated or not) say what libhdf5 says through h5py: {@code H5Dget_offset}, the allocation
 * and fill times and {@code H5Pfill_value_defined} of the creation property list, and a
 * user-defined numeric fill value.
 */
@OracleTest
class StoragePropertiesTest {
  /**
   * One line per dataset of argv[1]: path offset alloc fill-time state, then a user-defined
   * fill value of a number type as Java's Double.toString writes it (for these values).
   */
  private static final String H5PY = String.join("\n",
      "import sys, h5py, numpy as np",
      "alloc = {1: 'EARLY', 2: 'LATE', 3: 'INCREMENTAL'}",
      "time = {0: 'ALLOC', 1: 'NEVER', 2: 'IFSET'}",
      "state = {0: 'UNDEFINED', 1: 'DEFAULT', 2: 'USER_DEFINED'}",
      "out = []",
      "def visit(name, o):",
      "    if isinstance(o, h5py.Dataset):",
      "        p = o.id.get_create_plist()",
      "        off = o.id.get_offset()",
      "        s = p.fill_value_defined()",
      "        line = '/%s %d %s %s %s' % (name, -1 if off is None else off,",
      "            alloc[p.get_alloc_time()], time[p.get_fill_time()], state[s])",
      "        if s == 2 and o.dtype.kind in 'iuf' and h5py.check_enum_dtype(o.dtype) is None:",
      "            line += ' ' + repr(float(o.fillvalue)).replace('e+', 'E').replace('e', 'E')",
      "        out.append(line)",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    f.visititems(visit)",
      "print('\\n'.join(sorted(out)))");

  @Test
  void propertiesAreWhatLibhdf5Says() throws IOException {
    for (String name : List.of("layouts_latest.h5", "layouts_earliest.h5", "userblock_512.h5",
        "datatypes_latest.h5", "libhdf5-tests/fill_old.h5", "libhdf5-tests/tarrold.h5",
        "other-writers/netcdf4.h5")) {
      check(Fixtures.dir().resolve(name));
    }
  }

  private static void check(Path file) throws IOException {
    List<String> h5j = new ArrayList<>();
    try (H5File f = H5File.open(file)) {
      for (Node n : f.root().walk()) {
        if (n instanceof Dataset d) {
          StorageProperties p = d.storageProperties();
          String line = d.path() + " " + p.address() + " " + p.allocationTime() + " "
              + p.fillTime() + " " + p.fillValue();
          Object v = d.fillValue();
          if (p.fillValue() == StorageProperties.FillValueState.USER_DEFINED && v != null
              && Array.get(v, 0) instanceof Number x && d.datatype().size() <= 8) {
            line += " " + x.doubleValue();
          }
          h5j.add(line);
        }
      }
    }
    h5j.sort(null);
    assertEquals(Oracles.python(H5PY, file.toString()).strip(), String.join("\n", h5j),
        "storage properties of " + file);
  }
}
