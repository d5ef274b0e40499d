package io.h5j.format.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.FileCheck;
import io.h5j.format.CheckReport;
import io.h5j.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every file under fixtures/ (written by libhdf5, h5py, versioned-hdf5) checks clean. */
class FixturesCheckCleanTest {
  static Stream<Path> fixtures() throws IOException {
    try (Stream<Path> all = Files.walk(Fixtures.dir())) {
      List<Path> files = all.filter(p -> p.toString().endsWith(".h5")).sorted().toList();
      return files.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void checksClean(Path file) throws IOException {
    CheckReport r = FileCheck.check(file);
    assertEquals(List.of(), r.problems(), r.toString());
    assertTrue(r.clean());
    assertTrue(r.objects() > 0, r.toString());
  }
}
