package io.h5j.conformance.readme;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The module path of a program that uses h5j: the modules {@code io.h5j},
 * {@code io.h5j.versioning} and {@code io.h5j.repack} and what they require, nothing else
 * (no test classes, no cli), taken from this JVM's class path.
 */
public final class LibraryModules {
  /** The modules a consumer program requires. */
  public static final List<String> ROOTS = List.of("io.h5j", "io.h5j.versioning", "io.h5j.repack");

  private LibraryModules() {}

  /** Each folder or jar that holds one of the resolved modules, system modules left out. */
  public static List<Path> path() {
    List<ModuleFinder> finders = new ArrayList<>();
    finders.add(ModuleFinder.ofSystem());
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      ModuleFinder one = ModuleFinder.of(Path.of(entry));
      try {
        one.findAll();
      } catch (FindException e) {
        continue; // a jar whose name yields no module name is no module: never on the path
      }
      finders.add(one);
    }
    Configuration resolved = Configuration.empty().resolve(
        ModuleFinder.compose(finders.toArray(ModuleFinder[]::new)), ModuleFinder.of(), ROOTS);
    List<Path> out = new ArrayList<>();
    for (ResolvedModule m : resolved.modules()) {
      URI where = m.reference().location().orElseThrow();
      if (where.getScheme().equals("file")) {
        out.add(Path.of(where));
      }
    }
    return out;
  }
}
