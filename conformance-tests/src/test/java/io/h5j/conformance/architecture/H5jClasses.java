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
  /**
   * The packages the modules export to everyone. {@code io.h5j.type} and {@code io.h5j.raw}
   * join them once they exist (issue 16).
   */
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

  /** The engine and the structures: every package under {@code io.h5j.format}. */
  static final DescribedPredicate<JavaClass> INTERNAL = DescribedPredicate.describe(
      "are internal (in a package under io.h5j.format)",
      c -> c.getPackageName().startsWith("io.h5j.format."));

  /** Main classes only: no test classes and no test jars (the format module's test-jar). */
  static final class MainClassesOnly implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return !location.contains("/test-classes/") && !location.contains("-tests.jar");
    }
  }
}
