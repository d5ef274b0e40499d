package io.h5j.conformance.readme;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The module path of a program that uses h5j: the modules {@code io.h5j},
 * {@code io.h5j.versioning} and {@code io.h5j.repack} and what they require (statically too,
 * where the class path has it), nothing else
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
    ModuleFinder all = ModuleFinder.compose(finders.toArray(ModuleFinder[]::new));
    // resolution leaves out `requires static` modules, but javac needs a library's static
    // transitive ones (annotations such as JSpecify's) to compile its users: add them as roots
    Set<String> roots = new LinkedHashSet<>(ROOTS);
    Configuration resolved;
    boolean grew;
    do {
      resolved = Configuration.empty().resolve(all, ModuleFinder.of(), roots);
      grew = false;
      for (ResolvedModule m : resolved.modules()) {
        for (ModuleDescriptor.Requires r : m.reference().descriptor().requires()) {
          if (r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC)
              && all.find(r.name()).isPresent()) {
            grew |= roots.add(r.name());
          }
        }
      }
    } while (grew);
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
