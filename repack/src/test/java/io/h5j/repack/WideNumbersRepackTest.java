package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.WideNumbersOracle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Integers wider than 8 bytes and floats wider than 16 repacked unchanged: libhdf5 1.10.8
 * reads from the output the types, stored bytes and values it reads from the input, as
 * stored, deflated and chunked anew.
 */
@OracleTest
class WideNumbersRepackTest {
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"as stored", "GZIP=1", "CHUNK=3"})
  void typesBytesAndValuesSurvive(String option, @TempDir Path dir) throws IOException {
    Path in = dir.resolve("in.h5");
    Path out = dir.resolve("out.h5");
    WideNumbersOracle.write(in);
    RepackOracle.repacker(option).repack(in, out);
    Map<String, String> before = WideNumbersOracle.read(in);
    assertEquals(10, before.size(), before.toString());
    assertEquals(before, WideNumbersOracle.read(out));
  }
}
