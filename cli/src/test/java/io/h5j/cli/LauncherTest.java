package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
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

  /** A jar whose main class, named as h5j's, prints "ran" and its arguments. */
  private Path echoJar() throws Exception {
    Path src = Files.createDirectories(dir.resolve("echo")).resolve("Main.java");
    Files.writeString(src, "package io.h5j.cli; public class Main {"
        + " public static void main(String[] a) {"
        + " System.out.println(\"ran \" + String.join(\" \", a)); } }");
    Path classes = dir.resolve("echo");
    assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null,
        "-d", classes.toString(), src.toString()));
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "io.h5j.cli.Main");
    Path jar = dir.resolve("echo.jar");
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream j = new JarOutputStream(out, m)) {
      j.putNextEntry(new JarEntry("io/h5j/cli/Main.class"));
      j.write(Files.readAllBytes(classes.resolve("io/h5j/cli/Main.class")));
      j.closeEntry();
    }
    return jar;
  }

  private record Run(int code, String out, String err) {}

  private Run launch(Path launcher, String... args) throws Exception {
    return launch(Map.of(), launcher, args);
  }

  /** A run of the launcher, {@code env} added to its environment. */
  private Run launch(Map<String, String> env, Path launcher, String... args) throws Exception {
    Process p = start(env, "", launcher, args);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher did not finish");
    return new Run(p.exitValue(), Files.readString(dir.resolve("out.txt")),
        Files.readString(dir.resolve("err.txt")));
  }

  /** Starts the launcher, its output to out{@code suffix}.txt and err{@code suffix}.txt. */
  private Process start(Map<String, String> env, String suffix, Path launcher, String... args)
      throws IOException {
    List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
    cmd.addAll(List.of(args));
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(elsewhere.toFile())
        .redirectOutput(dir.resolve("out" + suffix + ".txt").toFile())
        .redirectError(dir.resolve("err" + suffix + ".txt").toFile());
    pb.environment().put("PATH", dir.resolve("bin") + ":" + Path.of(
        System.getProperty("java.home"), "bin") + ":/usr/bin:/bin");
    pb.environment().put("HOME", dir.toString());
    pb.environment().putAll(env);
    return pb.start();
  }

  /**
   * The files the launcher left beside the jar but the links to the java and the jar each
   * archive was made for: archives, markers, anything half-made.
   */
  private List<String> archiveFiles() throws IOException {
    try (Stream<Path> s = Files.list(repo.resolve("cli/target"))) {
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("h5j.jar"))
          .filter(n -> !n.matches("h5j-[0-9]+\\.(java|jar)")).sorted().toList();
    }
  }

  /** The archive's links: to the java and the jar it was made for. */
  private List<Path> links() throws IOException {
    try (Stream<Path> s = Files.list(repo.resolve("cli/target"))) {
      return s.filter(p -> p.getFileName().toString().matches("h5j-[0-9]+\\.(java|jar)"))
          .sorted().toList();
    }
  }

  /** A java on the PATH before the real one: {@code script} runs first, then the real java. */
  private Path javaWrapper(String script) throws IOException {
    Path java = Files.createDirectories(dir.resolve("bin")).resolve("java");
    Files.writeString(java, "#!/bin/sh\n" + script + "\nexec '"
        + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
    executable(java);
    return java;
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

  /** The class-data archive of the first run is what the next runs load their classes from. */
  @Test
  void runsFromTheArchiveItMadeOnTheFirstRun() throws Exception {
    assertEquals(0, launch(repo.resolve("h5j"), "ls", "x.h5").code());
    List<String> made = archiveFiles();
    assertEquals(1, made.size(), made.toString());
    assertTrue(made.get(0).matches("h5j-[0-9]+\\.jsa"), made.toString());
    Run again = launch(Map.of("H5J_JAVA_OPTS", "-Xlog:class+load"), repo.resolve("h5j"), "ls",
        "x.h5");
    assertEquals(0, again.code(), again.err());
    assertTrue(again.out().contains("ran ls x.h5\n"), again.out());
    assertTrue(again.out().lines().anyMatch(l -> l.contains(" io.h5j.cli.Main source: shared objects file")),
        again.out());
    assertEquals("", again.err());
  }

  @Test
  void runsQuietlyWithoutAnArchiveItsJavaRefuses() throws Exception {
    assertEquals(0, launch(repo.resolve("h5j"), "ls", "x.h5").code());
    Path archive = repo.resolve("cli/target").resolve(archiveFiles().get(0));
    Files.delete(archive); // the archive is read-only
    Files.write(archive, new byte[4096]);
    Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60)));
    Run refused = launch(repo.resolve("h5j"), "ls", "x.h5");
    assertEquals(new Run(0, "ran ls x.h5\n", ""), refused);
  }

  /** A jar built since the archive (a rebuild) gets an archive made again, then used. */
  @Test
  void makesTheArchiveAgainForANewJar() throws Exception {
    assertEquals(0, launch(repo.resolve("h5j"), "ls", "x.h5").code());
    Path archive = repo.resolve("cli/target").resolve(archiveFiles().get(0));
    FileTime made = Files.getLastModifiedTime(archive);
    Path jar = repo.resolve("cli/target/h5j.jar");
    Files.write(jar, Files.readAllBytes(jar)); // the same classes, a new file time
    Instant rebuilt = made.toInstant().plusSeconds(1); // newer to a test of whole seconds too
    Files.setLastModifiedTime(jar, FileTime.from(rebuilt));
    // the archive made again must be newer than the jar: not within the jar's second
    Thread.sleep(Math.max(0, Duration.between(Instant.now(), rebuilt.plusSeconds(1)).toMillis()));
    assertEquals(new Run(0, "ran ls x.h5\n", ""), launch(repo.resolve("h5j"), "ls", "x.h5"));
    assertEquals(List.of(archive.getFileName().toString()), archiveFiles());
    assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0,
        "not made again for the new jar");
    Run again = launch(Map.of("H5J_JAVA_OPTS", "-Xshare:on"), repo.resolve("h5j"), "ls", "x.h5");
    assertEquals(new Run(0, "ran ls x.h5\n", ""), again); // -Xshare:on: the archive maps
  }

  /**
   * JAVA_HOME's java runs h5j, with an archive of its own; a JAVA_HOME without a java is
   * passed over for the PATH's; links to javas that are gone are passed over too.
   */
  @Test
  void runsJavaHomesJavaAndPassesOverWhatIsNoJava() throws Exception {
    assertEquals(0, launch(repo.resolve("h5j"), "ls", "x.h5").code());
    Path used = dir.resolve("used.txt");
    Path home = Files.createDirectories(dir.resolve("jdk/bin"));
    Path java = home.resolve("java");
    Files.writeString(java, "#!/bin/sh\necho used >> '" + used + "'\nexec '"
        + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
    executable(java);
    Map<String, String> javaHome = Map.of("JAVA_HOME", home.getParent().toString());
    assertEquals(new Run(0, "ran ls x.h5\n", ""), launch(javaHome, repo.resolve("h5j"), "ls",
        "x.h5"));
    assertEquals(2, archiveFiles().size(), archiveFiles().toString());
    int runs = Files.readAllLines(used).size();
    assertTrue(runs >= 3, "JAVA_HOME's java trained and ran h5j: " + runs);
    assertEquals(new Run(0, "ran ls x.h5\n", ""), launch(javaHome, repo.resolve("h5j"), "ls",
        "x.h5"));
    assertEquals(runs + 1, Files.readAllLines(used).size(), "trained again");

    Path target = repo.resolve("cli/target");
    Files.createSymbolicLink(target.resolve("h5j-1.java"), dir.resolve("no/java"));
    Files.createSymbolicLink(target.resolve("h5j-1.jar"), target.resolve("h5j.jar"));
    Files.write(target.resolve("h5j-1.jsa"), new byte[4096]);
    Map<String, String> noJava = Map.of("JAVA_HOME", dir.resolve("none").toString());
    assertEquals(new Run(0, "ran ls x.h5\n", ""), launch(noJava, repo.resolve("h5j"), "ls",
        "x.h5"));
    assertEquals(runs + 1, Files.readAllLines(used).size(), "JAVA_HOME's java ran");
    assertEquals(3, archiveFiles().size(), "made another: " + archiveFiles());
  }

  /** Another java, or this one upgraded in place, gets an archive of its own. */
  @Test
  void makesAnArchiveForEachJavaAndAgainForAJavaInstalledSince() throws Exception {
    assertEquals(0, launch(repo.resolve("h5j"), "ls", "x.h5").code());
    List<String> ofTheRealJava = archiveFiles();
    Path wrapper = javaWrapper("");
    assertEquals(new Run(0, "ran ls x.h5\n", ""), launch(repo.resolve("h5j"), "ls", "x.h5"));
    List<String> both = archiveFiles();
    assertEquals(2, both.size(), both.toString());
    assertTrue(both.containsAll(ofTheRealJava), both.toString());
    Path ofTheWrapper = repo.resolve("cli/target").resolve(both.stream()
        .filter(n -> !ofTheRealJava.contains(n)).findFirst().orElseThrow());

    // an install: the archive older than the java's status change, the jar and the sources
    // older still
    FileTime past = FileTime.from(Instant.now().minusSeconds(60));
    try (Stream<Path> files = Files.walk(repo)) {
      // not through the archives' links: one leads to the real java
      for (Path f : files.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
          .toList()) {
        Files.setLastModifiedTime(f, FileTime.from(Instant.now().minusSeconds(3600)));
      }
    }
    Files.setLastModifiedTime(repo.resolve("cli/target/h5j.jar"),
        FileTime.from(Instant.now().minusSeconds(120)));
    Files.setLastModifiedTime(ofTheWrapper, past);
    Files.setLastModifiedTime(wrapper, FileTime.from(Instant.now().minusSeconds(3600)));
    assertEquals(new Run(0, "ran ls x.h5\n", ""), launch(repo.resolve("h5j"), "ls", "x.h5"));
    assertTrue(Files.getLastModifiedTime(ofTheWrapper).compareTo(past) > 0,
        "not made again after the java changed");
  }

  /** A JVM that cannot make an archive runs h5j without one, and is not asked again. */
  @Test
  void triesOnceWhereNoArchiveCanBeMade() throws Exception {
    Path attempts = dir.resolve("dumps.txt");
    javaWrapper("case \"$*\" in *-Xshare:dump*) echo dump >> '" + attempts + "';"
        + " echo 'Error: no archive here' >&2; exit 1 ;; esac");
    for (int run = 0; run < 3; run++) {
      Run r = launch(repo.resolve("h5j"), "ls", "x.h5");
      assertEquals(0, r.code(), r.err());
      assertEquals("ran ls x.h5\n", r.out());
      assertEquals(run == 0 ? List.of("h5j: building " + repo.toRealPath()
          .resolve("cli/target/h5j.jar") + " (first run)...") : List.of(), r.err().lines()
          .toList());
    }
    assertEquals(List.of("dump"), Files.readAllLines(attempts));
    List<String> left = archiveFiles();
    assertEquals(1, left.size(), left.toString());
    assertTrue(left.get(0).matches("h5j-[0-9]+\\.none"), left.toString());
  }

  /** First runs at the same time: each runs h5j; one archive is left, nothing half-made. */
  @Test
  void concurrentFirstRunsLeaveOneWholeArchive() throws Exception {
    assertEquals(0, launch(repo.resolve("h5j"), "--version").code()); // builds the jar
    for (String made : archiveFiles()) {
      Files.delete(repo.resolve("cli/target").resolve(made));
    }
    List<Process> runs = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      runs.add(start(Map.of(), "-" + i, repo.resolve("h5j"), "ls", "f" + i + ".h5"));
    }
    for (int i = 0; i < runs.size(); i++) {
      assertTrue(runs.get(i).waitFor(120, TimeUnit.SECONDS), "run " + i + " did not finish");
      assertEquals(new Run(0, "ran ls f" + i + ".h5\n", ""), new Run(runs.get(i).exitValue(),
          Files.readString(dir.resolve("out-" + i + ".txt")),
          Files.readString(dir.resolve("err-" + i + ".txt"))));
    }
    List<String> left = archiveFiles();
    assertEquals(1, left.size(), left.toString());
    Run after = launch(Map.of("H5J_JAVA_OPTS", "-Xshare:on"), repo.resolve("h5j"), "ls", "x.h5");
    assertEquals(new Run(0, "ran ls x.h5\n", ""), after); // -Xshare:on: the archive maps
  }
}
