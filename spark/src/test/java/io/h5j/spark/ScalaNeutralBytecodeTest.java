package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * h5j-spark's classes refer to no Scala class but {@code scala.Option} (what
 * {@code SparkSession.getActiveSession} returns, the same class with the same methods in Scala
 * 2.12 and 2.13), so the one jar runs on Spark built for either. A Scala class named in a
 * signature or a call (scala.collection.Seq, which 2.13 moved, say) would tie the jar to one
 * Scala build: this test finds any, in every class's constant pool.
 */
class ScalaNeutralBytecodeTest {
  @Test
  void noClassOfTheModuleNamesAScalaClass() throws Exception {
    Path classes = Path.of(Hdf5DataSource.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI());
    List<Path> files;
    try (Stream<Path> s = Files.walk(classes)) {
      files = s.filter(p -> p.toString().endsWith(".class")).toList();
    }
    assertTrue(files.size() > 10, "found the module's classes in " + classes + ": " + files);
    List<String> tied = files.stream().filter(ScalaNeutralBytecodeTest::namesScala)
        .map(p -> classes.relativize(p).toString()).toList();
    assertEquals(List.of(), tied, "classes that name a Scala class");
  }

  /** The Scala classes whose binary form is the same in Scala 2.12 and 2.13. */
  private static final java.util.Set<String> SAME_IN_EVERY_SCALA = java.util.Set.of(
      "scala/Option");
  private static final java.util.regex.Pattern SCALA_NAME =
      java.util.regex.Pattern.compile("scala/[A-Za-z0-9_/$]*");

  /** Whether the class file names a class of package scala other than those above. */
  private static boolean namesScala(Path classFile) {
    try {
      java.util.regex.Matcher m = SCALA_NAME.matcher(
          new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1));
      while (m.find()) {
        if (!SAME_IN_EVERY_SCALA.contains(m.group())) {
          return true;
        }
      }
      return false;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
