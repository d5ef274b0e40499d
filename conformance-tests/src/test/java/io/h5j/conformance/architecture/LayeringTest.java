package io.h5j.conformance.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.freeze.FreezingArchRule;

/**
 * The layering of DESIGN.md ("Inside format", "Modules"): structures below the engine below
 * the API, and the other modules on the public API only.
 *
 * <p>Today's violations are frozen in {@code src/test/archunit-store} (committed): a rule fails
 * on any violation not in its store, and drops the ones that are fixed. After a deliberate
 * change, re-freeze with {@code -Darchunit.freeze.refreeze=true} and commit the store.
 */
@AnalyzeClasses(packages = "io.h5j", importOptions = H5jClasses.MainClassesOnly.class)
class LayeringTest {
  private static final String[] ABOVE_THE_ENGINE =
      {"io.h5j", "io.h5j.versioning..", "io.h5j.repack..", "io.h5j.cli.."};

  @ArchTest
  static final ArchRule structuresDoNotUseTheApiOrTheModulesAbove = FreezingArchRule.freeze(
      noClasses().that().resideInAPackage("io.h5j.format..")
          .and().resideOutsideOfPackage("io.h5j.format.dataset..")
          .should().dependOnClassesThat().resideInAnyPackage(ABOVE_THE_ENGINE)
          .as("structures (io.h5j.format.* but the engine) do not use the API package io.h5j, "
              + "versioning, repack or cli"));

  /** The engine package is being written (issue 16): the rule holds vacuously until then. */
  @ArchTest
  static final ArchRule engineDoesNotUseTheApiOrTheModulesAbove = FreezingArchRule.freeze(
      noClasses().that().resideInAPackage("io.h5j.format.dataset..")
          .should().dependOnClassesThat().resideInAnyPackage(ABOVE_THE_ENGINE)
          .allowEmptyShould(true)
          .as("the engine (io.h5j.format.dataset) does not use the API package io.h5j, "
              + "versioning, repack or cli"));

  @ArchTest
  static final ArchRule versioningUsesOnlyExportedPackages = onExportedPackagesOnly(
      "io.h5j.versioning..", "versioning");

  @ArchTest
  static final ArchRule repackUsesOnlyExportedPackages = onExportedPackagesOnly(
      "io.h5j.repack..", "repack");

  @ArchTest
  static final ArchRule cliUsesOnlyThePublicApi = onExportedPackagesOnly("io.h5j.cli..", "cli");

  private static ArchRule onExportedPackagesOnly(String packages, String module) {
    return FreezingArchRule.freeze(noClasses().that().resideInAPackage(packages)
        .should().dependOnClassesThat(H5jClasses.INTERNAL)
        .as(module + " uses only exported packages of format (io.h5j, io.h5j.format, "
            + "io.h5j.type, io.h5j.raw), none under io.h5j.format, nor io.h5j.internal"));
  }
}
