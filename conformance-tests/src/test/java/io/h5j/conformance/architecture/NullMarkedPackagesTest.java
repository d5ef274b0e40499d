package io.h5j.conformance.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;

/**
 * Every exported package is {@code @NullMarked} (docs/CONTRACTS.md): without it, its
 * {@code @Nullable} marks would be the only nullness users' checkers see, and every other
 * parameter and return would read as unknown rather than non-null.
 */
class NullMarkedPackagesTest {
  @Test
  void everyExportedPackageIsNullMarked() throws ClassNotFoundException {
    List<String> unmarked = new ArrayList<>();
    for (String p : H5jClasses.EXPORTED) {
      // NullMarked is kept at run time; the package's annotations live on its package-info
      Class<?> info = Class.forName(p + ".package-info");
      if (!info.isAnnotationPresent(NullMarked.class)) {
        unmarked.add(p);
      }
    }
    assertEquals(List.of(), unmarked, "exported packages without @NullMarked");
  }
}
