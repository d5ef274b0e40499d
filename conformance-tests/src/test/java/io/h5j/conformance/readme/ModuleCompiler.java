package io.h5j.conformance.readme;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles sources held in memory as one named module (a {@code module-info.java} among them)
 * against a module path, with the JDK's compiler. On the module path javac itself refuses a
 * package that a module does not export to the one compiled: what a user of h5j sees.
 */
public final class ModuleCompiler {
  private final List<Path> modulePath;

  public ModuleCompiler(List<Path> modulePath) {
    this.modulePath = List.copyOf(modulePath);
  }

  /**
   * Compiles {@code sources} (path of each file in the module, such as
   * {@code org/example/Main.java}, to its text) into {@code out}; the errors, in order.
   */
  public List<Diagnostic<? extends JavaFileObject>> compile(Map<String, String> sources, Path out)
      throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no Java compiler in " + System.getProperty("java.home")
          + ": run the tests on a JDK");
    }
    if (!sources.containsKey("module-info.java")) {
      throw new IllegalArgumentException("no module-info.java among " + sources.keySet());
    }
    List<JavaFileObject> units = new ArrayList<>();
    sources.forEach((path, text) -> units.add(new Source(path, text)));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
      files.setLocationFromPaths(StandardLocation.MODULE_PATH, modulePath);
      files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(out));
      javac.getTask(null, files, diagnostics, List.of("-proc:none", "-Xlint:none"), null, units)
          .call();
    }
    List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        errors.add(d);
      }
    }
    return errors;
  }

  /** The path in the module of the file a diagnostic is about, as given to {@link #compile}. */
  public static String fileOf(Diagnostic<? extends JavaFileObject> d) {
    return d.getSource() == null ? "" : d.getSource().toUri().getPath().substring(1);
  }

  /** A compilation unit held in memory. */
  private static final class Source extends SimpleJavaFileObject {
    private final String text;

    Source(String path, String text) {
      super(URI.create("string:///" + path), Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }
}
