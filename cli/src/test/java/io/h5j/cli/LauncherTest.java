package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's {@code h5j} launcher, run through symlinks from another folder, on a copy
 * of the repository's layout with a stand-in for Maven (which records each build and "builds"
 * a jar that prints its arguments): it builds once, runs the jar, and builds again only when a
 * source or a pom is newer than the jar.
 */
class LauncherTest {
  @TempDir
  Path dir;

  private Path repo;
  private Path builds;

  @BeforeEach
  void layOutARepository() throws Exception {
    repo = dir.resolve("repo");
    for (String module : List.of("format", "versioning", "repack", "cli")) {
      Path src = repo.resolve(module + "/src/main/java/io/h5j/Some.java");
      Files.createDirectories(src.getParent());
      Files.writeString(src, "// a source\n");
      Files.writeString(repo.resolve(module + "/pom.xml"), "<project/>\n");
    }
    Files.writeString(repo.resolve("pom.xml"), "<project/>\n");
    Files.copy(Path.of("..", "h5j"), repo.resolve("h5j"));
    executable(repo.resolve("h5j"));
    Path jar = echoJar();
    builds = dir.resolve("builds.txt");
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Files.writeString(bin.resolve("mvn"), String.join("\n", "#!/bin/sh",
        "echo \"$(pwd -P) $*\" >> '" + builds + "'",
        // what a quiet Maven still prints: colour codes, and a warning on stderr
        "printf '\\033[0m\\033[0m'", "echo 'WARNING: a plugin warning' >&2",
        "if [ -f '" + dir.resolve("fail") + "' ]; then echo 'ERROR: it does not compile'; exit 1; fi",
        "mkdir -p cli/target && cp '" + jar + "' cli/target/h5j.jar", ""));
    executable(bin.resolve("mvn"));
  }

  private static void executable(Path p) throws IOException {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** A jar whose main prints "ran" and its arguments. */
  private Path echoJar() throws Exception {
    Path src = Files.createDirectories(dir.resolve("echo")).resolve("Echo.java");
    Files.writeString(src, "public class Echo { public static void main(String[] a) {"
        + " System.out.println(\"ran \" + String.join(\" \", a)); } }");
    assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null,
        "-d", src.getParent().toString(), src.toString()));
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Echo");
    Path jar = dir.resolve("echo.jar");
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream j = new JarOutputStream(out, m)) {
      j.putNextEntry(new JarEntry("Echo.class"));
      j.write(Files.readAllBytes(src.resolveSibling("Echo.class")));
      j.closeEntry();
    }
    return jar;
  }

  private record Run(int code, String out, String err) {}

  private Run launch(Path launcher, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
    cmd.addAll(List.of(args));
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(elsewhere.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().put("PATH", dir.resolve("bin") + ":" + Path.of(
        System.getProperty("java.home"), "bin") + ":/usr/bin:/bin");
    pb.environment().put("HOME", dir.toString());
    Process p = pb.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher did not finish");
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  private List<String> builds() throws IOException {
    return Files.exists(builds) ? Files.readAllLines(builds) : List.of();
  }

  @Test
  void showsMavensOutputOnlyWhenTheBuildFails() throws Exception {
    Run quiet = launch(repo.resolve("h5j"), "ls", "x.h5");
    assertEquals(0, quiet.code(), quiet.err());
    assertEquals("ran ls x.h5\n", quiet.out());
    assertEquals(List.of("h5j: building " + repo.toRealPath().resolve("cli/target/h5j.jar")
        + " (first run)..."), quiet.err().lines().toList());

    Files.writeString(dir.resolve("fail"), "");
    Files.setLastModifiedTime(repo.resolve("cli/src/main/java/io/h5j/Some.java"),
        FileTime.from(Instant.now().plusSeconds(60)));
    Run failed = launch(repo.resolve("h5j"), "ls", "x.h5");
    assertEquals(2, failed.code(), failed.err());
    assertEquals("", failed.out());
    assertTrue(failed.err().contains("ERROR: it does not compile"), failed.err());
    assertTrue(failed.err().contains("WARNING: a plugin warning"), failed.err());
    assertTrue(failed.err().endsWith("h5j: the build failed (Maven's output above)\n"),
        failed.err());
  }

  @Test
  void buildsOnceThroughSymlinksAndAgainWhenASourceChanges() throws Exception {
    Path links = Files.createDirectories(dir.resolve("links"));
    Path absolute = Files.createSymbolicLink(links.resolve("h5j"), repo.resolve("h5j"));
    Path chained = Files.createSymbolicLink(links.resolve("h5j-again"), Path.of("h5j"));

    Run first = launch(absolute, "ls", "x.h5");
    assertEquals(0, first.code(), first.err());
    assertEquals("ran ls x.h5\n", first.out());
    assertTrue(first.err().contains("first run"), first.err());
    assertEquals(List.of(repo.toRealPath() + " -q -B -Dstyle.color=never -DskipTests -pl cli -am package"), builds());

    Run again = launch(chained, "dump", "y.h5");
    assertEquals(0, again.code(), again.err());
    assertEquals("ran dump y.h5\n", again.out());
    assertEquals(1, builds().size(), "built again with nothing changed: " + again.err());

    for (String changed : List.of("repack/src/main/java/io/h5j/Some.java", "pom.xml",
        "format/pom.xml")) {
      int before = builds().size();
      Files.setLastModifiedTime(repo.resolve(changed),
          FileTime.from(Instant.now().plusSeconds(60)));
      Run edited = launch(absolute, "log", "z.h5");
      assertEquals(0, edited.code(), edited.err());
      assertEquals("ran log z.h5\n", edited.out());
      assertEquals(before + 1, builds().size(), changed + " changed: " + edited.err());
      assertTrue(edited.err().contains("rebuilding"), edited.err());
      Files.setLastModifiedTime(repo.resolve(changed),
          FileTime.from(Instant.now().minusSeconds(60)));
    }
  }
}
