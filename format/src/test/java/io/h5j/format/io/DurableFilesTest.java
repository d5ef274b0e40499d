package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableFilesTest {
  @TempDir Path dir;

  @Test
  void temporaryNamesAreHiddenBesideTheTargetAndDistinct() {
    Path target = dir.resolve("out.h5");
    Path a = DurableFiles.temporaryBeside(target);
    Path b = DurableFiles.temporaryBeside(target);
    assertEquals(dir.toAbsolutePath(), a.getParent());
    assertTrue(a.getFileName().toString().startsWith(".out.h5." + ProcessHandle.current().pid()
        + "."), a.toString());
    assertTrue(a.getFileName().toString().endsWith(".part"), a.toString());
    assertFalse(a.equals(b));
  }

  @Test
  void removesTheTemporaryFilesOfDeadWritersOnly() throws Exception {
    Path target = dir.resolve("out.h5");
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    long dead = p.pid();
    Path ofDead = dir.resolve(".out.h5." + dead + ".123.part");
    Path ofLive = DurableFiles.temporaryBeside(target);
    Path otherTarget = dir.resolve(".other.h5." + dead + ".5.part");
    Path lookalike = dir.resolve(".out.h5.notapid.5.part");
    for (Path f : new Path[] {ofDead, ofLive, otherTarget, lookalike}) {
      Files.write(f, new byte[] {1});
    }
    assertEquals(1, DurableFiles.removeAbandoned(target));
    assertFalse(Files.exists(ofDead));
    assertTrue(Files.exists(ofLive));
    assertTrue(Files.exists(otherTarget));
    assertTrue(Files.exists(lookalike));
  }

  @Test
  void moveIntoPlaceReplacesTheTarget() throws Exception {
    Path target = dir.resolve("out.h5");
    Files.write(target, new byte[] {1, 2});
    Path temp = DurableFiles.temporaryBeside(target);
    Files.write(temp, new byte[] {3, 4, 5});
    DurableFiles.moveIntoPlace(temp, target);
    assertFalse(Files.exists(temp));
    assertArrayEquals(new byte[] {3, 4, 5}, Files.readAllBytes(target));
  }
}
