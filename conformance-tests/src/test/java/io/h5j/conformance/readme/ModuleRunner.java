package io.h5j.conformance.readme;

import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.testing.Oracles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the main class of a compiled module in a JVM of its own, on the module path only: the
 * module's classes and {@link LibraryModules#path()}, no class path.
 */
public final class ModuleRunner {
  private ModuleRunner() {}

  /** Runs {@code module/mainClass} from {@code classes}, working in {@code folder}. */
  public static Oracles.Run run(Path classes, String module, String mainClass, Path folder)
      throws IOException, InterruptedException {
    List<String> path = new ArrayList<>();
    path.add(classes.toString());
    LibraryModules.path().forEach(p -> path.add(p.toString()));
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path out = Files.createTempFile("module-out", ".txt");
    Path err = Files.createTempFile("module-err", ".txt");
    try {
      Process p = new ProcessBuilder(java.toString(),
          "--module-path", String.join(File.pathSeparator, path),
          "--module", module + "/" + mainClass)
          .directory(folder.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
          .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail("timed out: " + module + "/" + mainClass + " in " + folder);
      }
      return new Oracles.Run(p.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
