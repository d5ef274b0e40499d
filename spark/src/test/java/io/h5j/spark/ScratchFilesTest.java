package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scratch file of a process that ended is removed by the next one made; no other is. */
class ScratchFilesTest {
  @TempDir Path dir;

  @Test
  void theFirstScratchFileRemovesThoseOfEndedProcesses() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    assertTrue(ended.waitFor(30, TimeUnit.SECONDS));
    Process running = new ProcessBuilder("sleep", "30").start();
    try {
      Files.writeString(dir.resolve("h5j-p" + ended.pid() + "-abc-part-0-1.h5"), "dead");
      Files.writeString(dir.resolve("h5j-p" + running.pid() + "-abc-part-0-2.h5"), "running");
      Files.writeString(dir.resolve("h5j-12345678-part-0-3.h5"), "an older build's");
      Files.writeString(dir.resolve("other-" + ended.pid() + ".h5"), "not a scratch file");
      Path mine = ScratchFiles.newFile(dir, "out.h5");
      String name = mine.getFileName().toString();
      assertTrue(name.startsWith("h5j-p" + ProcessHandle.current().pid() + "-")
          && name.endsWith("-out.h5"), name);
      Files.writeString(mine, "mine");
      Files.writeString(dir.resolve("h5j-p" + ended.pid() + "-def-part-1-1.h5"), "dead, later");
      ScratchFiles.newFile(dir, "out.h5"); // a folder is swept once per process
      try (Stream<Path> s = Files.list(dir)) {
        assertEquals(List.of("h5j-p" + ended.pid() + "-def-part-1-1.h5", "h5j-p" + running.pid()
            + "-abc-part-0-2.h5", "h5j-12345678-part-0-3.h5", mine.getFileName().toString(),
            "other-" + ended.pid() + ".h5").stream().sorted().toList(),
            s.map(p -> p.getFileName().toString()).sorted().toList());
      }
      assertEquals(1, ScratchFiles.removeDead(dir));
    } finally {
      running.destroyForcibly();
    }
  }
}
