package io.h5j.conformance.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.List;

/**
 * What the architecture tests look at: h5j's main classes, and which of their packages are
 * public API (the unqualified exports of the module descriptors).
 */
final class H5jClasses {
  /** The packages the modules export to everyone. */
  static final List<String> EXPORTED = List.of("io.h5j", "io.h5j.format", "io.h5j.type",
      "io.h5j.raw", "io.h5j.versioning", "io.h5j.repack");

  private H5jClasses() {}

  /** Whether {@code c} lies in a package that the modules export to everyone. */
  static boolean exported(JavaClass c) {
    return EXPORTED.contains(c.getPackageName());
  }

  /** Whether {@code c} is one of h5j's classes that a user of the modules cannot reach. */
  static boolean notExported(JavaClass c) {
    String p = c.getPackageName();
    return (p.equals("io.h5j") || p.startsWith("io.h5j.")) && !exported(c);
  }

  /**
   * The engine and the structures (every package under {@code io.h5j.format}) and
   * {@code io.h5j.internal}, the format module's qualified export to h5j's own modules.
   */
  static final DescribedPredicate<JavaClass> INTERNAL = DescribedPredicate.describe(
      "are internal (in a package under io.h5j.format, or io.h5j.internal)",
      c -> c.getPackageName().startsWith("io.h5j.format.")
          || c.getPackageName().equals("io.h5j.internal"));

  /** Main classes only: no test classes and no test jars (the format module's test-jar). */
  static final class MainClassesOnly implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return !location.contains("/test-classes/") && !location.contains("-tests.jar");
    }
  }
}
