package io.h5j.conformance.readme;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles {@link JavaBlock}s with the JDK's compiler against a given class path (the library's
 * main classes, nothing of the tests), each block as class {@code prefix + index}.
 */
public final class BlockCompiler {
  private final List<Path> classPath;

  public BlockCompiler(List<Path> classPath) {
    this.classPath = List.copyOf(classPath);
  }

  /** The errors of one block, each naming the Markdown line; empty when it compiled. */
  public record Result(List<String> errors) {}

  /** Compiles every block into {@code out}; the errors of each block, in block order. */
  public List<Result> compile(List<JavaBlock> blocks, String prefix, Path out) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no Java compiler in " + System.getProperty("java.home")
          + ": run the tests on a JDK");
    }
    List<Result> results = new ArrayList<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
      files.setLocationFromPaths(StandardLocation.CLASS_PATH, classPath);
      files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(out));
      for (int i = 0; i < blocks.size(); i++) {
        JavaBlock block = blocks.get(i);
        String name = prefix + (i + 1);
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        // one task per block: a block's errors name its own lines, never another's
        javac.getTask(null, files, diagnostics, List.of("-proc:none", "-Xlint:none"), null,
            List.of(new Source(name, block.compilationUnit(name)))).call();
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
          if (d.getKind() == Diagnostic.Kind.ERROR) {
            errors.add("line " + block.markdownLine(d.getLineNumber()) + ": "
                + d.getMessage(Locale.ROOT));
          }
        }
        results.add(new Result(errors));
      }
    }
    return results;
  }

  /** A compilation unit held in memory. */
  private static final class Source extends SimpleJavaFileObject {
    private final String text;

    Source(String className, String text) {
      super(URI.create("string:///" + className + Kind.SOURCE.extension), Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }
}
