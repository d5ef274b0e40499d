package io.h5j.conformance.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering of DESIGN.md ("Inside format", "Modules"): structures below the engine below
 * the API, and the other modules on the public API only.
 *
 * <p>Every rule holds with no exception: a violation fails the build.
 */
@AnalyzeClasses(packages = "io.h5j", importOptions = H5jClasses.MainClassesOnly.class)
class LayeringTest {
  private static final String[] ABOVE_THE_ENGINE =
      {"io.h5j", "io.h5j.versioning..", "io.h5j.repack..", "io.h5j.cli.."};
  /** The engines: datasets' storage and the whole-file copy. */
  private static final String[] ENGINES = {"io.h5j.format.dataset..", "io.h5j.format.copy.."};

  @ArchTest
  static final ArchRule structuresDoNotUseTheApiOrTheModulesAbove =
      noClasses().that().resideInAPackage("io.h5j.format..")
          .and().resideOutsideOfPackages(ENGINES)
          .should().dependOnClassesThat().resideInAnyPackage(ABOVE_THE_ENGINE)
          .orShould().dependOnClassesThat().resideInAnyPackage(ENGINES)
          .as("structures (io.h5j.format.* but the engines) use neither the engines, nor the API"
              + " package io.h5j, versioning, repack or cli");

  @ArchTest
  static final ArchRule enginesDoNotUseTheApiOrTheModulesAbove =
      noClasses().that().resideInAnyPackage(ENGINES)
          .should().dependOnClassesThat().resideInAnyPackage(ABOVE_THE_ENGINE)
          .as("the engines (io.h5j.format.dataset, io.h5j.format.copy) do not use the API"
              + " package io.h5j, versioning, repack or cli");

  @ArchTest
  static final ArchRule versioningUsesOnlyExportedPackages = onExportedPackagesOnly(
      "io.h5j.versioning..", "versioning");

  @ArchTest
  static final ArchRule repackUsesOnlyExportedPackages = onExportedPackagesOnly(
      "io.h5j.repack..", "repack");

  @ArchTest
  static final ArchRule cliUsesOnlyThePublicApi = onExportedPackagesOnly("io.h5j.cli..", "cli");

  private static ArchRule onExportedPackagesOnly(String packages, String module) {
    return noClasses().that().resideInAPackage(packages)
        .should().dependOnClassesThat(H5jClasses.INTERNAL)
        .as(module + " uses only exported packages of format (io.h5j, io.h5j.format, "
            + "io.h5j.type, io.h5j.raw), none under io.h5j.format, nor io.h5j.internal");
  }
}
