package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.H5File;
import io.h5j.testing.ComplexOracle;
import io.h5j.testing.OracleTest;
import io.h5j.type.ComplexType;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HDF5 2.0's complex numbers repacked: every complex dataset, attribute, compound member,
 * array element and committed type libhdf5 2.0 (h5py 3.16) writes, it reads from the output
 * as the same values of the same class and size, and h5j reads the same datatypes; as
 * stored, deflated, chunked anew and made contiguous.
 */
@OracleTest
class ComplexRepackTest {
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"as stored", "GZIP=1", "CHUNK=2", "CONTI"})
  void complexValuesAndTypesSurvive(String option, @TempDir Path dir) throws IOException {
    Path in = dir.resolve("in.h5");
    Path out = dir.resolve("out.h5");
    ComplexOracle.write(in);
    RepackOracle.repacker(option).repack(in, out);

    Map<String, String> before = ComplexOracle.read(in);
    assertTrue(before.size() >= 15 && before.values().stream()
        .allMatch(v -> v.startsWith("complex|") || v.startsWith("committed complex|")),
        before.toString());
    assertEquals(before, ComplexOracle.read(out));
    try (H5File i = H5File.open(in); H5File o = H5File.open(out)) {
      for (String path : new String[] {"/c32", "/c64be", "/c256", "/compound", "/array"}) {
        Datatype t = i.dataset(path).datatype();
        assertEquals(t, o.dataset(path).datatype(), path);
      }
      assertTrue(i.dataset("/c256").datatype() instanceof ComplexType);
    }
  }
}
