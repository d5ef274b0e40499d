package io.h5j.conformance.readme;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Compiles {@link JavaBlock}s as classes {@code examples.<prefix><index>} of the module
 * {@value #MODULE}, which requires h5j's public modules and nothing else, against a module
 * path: a block that names a package h5j does not export to everyone fails to compile.
 */
public final class BlockCompiler {
  /** The module the blocks are compiled into. */
  public static final String MODULE = "h5j.examples";
  /** The package of the blocks' classes. */
  public static final String PACKAGE = "examples";

  private final ModuleCompiler compiler;

  public BlockCompiler(List<Path> modulePath) {
    this.compiler = new ModuleCompiler(modulePath);
  }

  /** The errors of one block, each naming the Markdown line; empty when it compiled. */
  public record Result(List<String> errors) {}

  /** Compiles every block into {@code out}; the errors of each block, in block order. */
  public List<Result> compile(List<JavaBlock> blocks, String prefix, Path out) throws IOException {
    List<Result> results = new ArrayList<>();
    for (int i = 0; i < blocks.size(); i++) {
      JavaBlock block = blocks.get(i);
      String name = prefix + (i + 1);
      String file = PACKAGE + "/" + name + ".java";
      Map<String, String> sources = new LinkedHashMap<>();
      sources.put("module-info.java", moduleInfo());
      sources.put(file, block.compilationUnit(PACKAGE, name));
      // one compilation per block: a block's errors name its own lines, never another's
      List<String> errors = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> d : compiler.compile(sources, out)) {
        String where = ModuleCompiler.fileOf(d).equals(file)
            ? "line " + block.markdownLine(d.getLineNumber()) : ModuleCompiler.fileOf(d);
        errors.add(where + ": " + d.getMessage(Locale.ROOT));
      }
      results.add(new Result(errors));
    }
    return results;
  }

  /** The class name of block {@code index} (0-based), as {@code java --module} takes it. */
  public static String className(String prefix, int index) {
    return PACKAGE + "." + prefix + (index + 1);
  }

  private static String moduleInfo() {
    StringBuilder m = new StringBuilder("module " + MODULE + " {");
    LibraryModules.ROOTS.forEach(r -> m.append(" requires ").append(r).append(';'));
    return m.append(" }\n").toString();
  }
}
