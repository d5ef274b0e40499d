package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * /proc/locks tells who holds libhdf5's flock lock without starting anything; the switch that
 * says whether a writer takes it reads as libhdf5's HDF5_USE_FILE_LOCKING does.
 */
class FlockHoldersTest {
  @TempDir Path dir;

  @Test
  void seesTheHelpersLockSharedThenExclusive() throws Exception {
    Path file = dir.resolve("held.h5");
    Files.writeString(file, "");
    assumeTrue(Libhdf5FileLock.unavailable(file, Libhdf5FileLock.FLOCK) == null,
        "needs Linux, util-linux's flock and a local file system");
    assertEquals(List.of(), FlockHolders.of(file));
    try (Libhdf5FileLock l = Libhdf5FileLock.open(file, Libhdf5FileLock.FLOCK)) {
      assertEquals(List.of(), FlockHolders.of(file), "the helper holds nothing yet");
      assertTrue(l.tryShared());
      List<FlockHolders.Holder> shared = FlockHolders.of(file);
      assertEquals(1, shared.size(), shared.toString());
      assertEquals(false, shared.get(0).exclusive());
      assertTrue(l.exclusive(Duration.ofMillis(100)));
      List<FlockHolders.Holder> exclusive = FlockHolders.of(file);
      assertEquals(1, exclusive.size(), exclusive.toString());
      assertTrue(exclusive.get(0).exclusive());
      // the pid is that of the flock(1) run that took the lock, one per request
      assertTrue(l.holders().matches("process \\d+ \\(.+\\) exclusive"), l.holders());
    }
    assertEquals(List.of(), FlockHolders.of(file), "the lock went with the helper");
  }

  @Test
  void anotherFileIsNotSeenAsHeld() throws Exception {
    Path held = dir.resolve("a.h5");
    Path other = dir.resolve("b.h5");
    Files.writeString(held, "");
    Files.writeString(other, "");
    assumeTrue(Libhdf5FileLock.unavailable(held, Libhdf5FileLock.FLOCK) == null);
    try (Libhdf5FileLock l = Libhdf5FileLock.open(held, Libhdf5FileLock.FLOCK)) {
      assertTrue(l.exclusive(Duration.ofMillis(100)));
      assertEquals(List.of(), FlockHolders.of(other));
    }
  }

  @Test
  void theSwitchReadsAsLibhdf5s() {
    assertEquals(Libhdf5Locking.REQUIRED, Libhdf5Locking.parse("TRUE"));
    assertEquals(Libhdf5Locking.REQUIRED, Libhdf5Locking.parse("1"));
    assertEquals(Libhdf5Locking.BEST_EFFORT, Libhdf5Locking.parse("BEST_EFFORT"));
    assertEquals(Libhdf5Locking.BEST_EFFORT, Libhdf5Locking.parse("best-effort"));
    assertEquals(Libhdf5Locking.OFF, Libhdf5Locking.parse("FALSE"));
    assertEquals(Libhdf5Locking.OFF, Libhdf5Locking.parse("0"));
    assertNull(Libhdf5Locking.parse("maybe"));
    assertNull(Libhdf5Locking.parse(null));
  }

  @Test
  void aMissingToolIsNamedWithoutStartingAnything() throws Exception {
    Path file = dir.resolve("x.h5");
    Files.writeString(file, "");
    assumeTrue(System.getProperty("os.name").startsWith("Linux"));
    String why = Libhdf5FileLock.unavailable(file, dir.resolve("no-flock"));
    assertTrue(why != null && why.contains("no-flock is missing"), why);
  }
}
