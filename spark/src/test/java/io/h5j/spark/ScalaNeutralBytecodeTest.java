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
 * h5j-spark's classes refer to no Scala class (only to Spark's Java interfaces and to types
 * whose names are the same in every Scala build), so the one jar runs on Spark built for Scala
 * 2.12 and for 2.13. A Scala class named in a signature or a call (scala.collection.Seq, say)
 * would tie the jar to one Scala build: this test finds any, in every class's constant pool.
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

  /** Whether the class file holds a name in package scala (a UTF-8 constant "scala/..."). */
  private static boolean namesScala(Path classFile) {
    try {
      return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1)
          .contains("scala/");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
