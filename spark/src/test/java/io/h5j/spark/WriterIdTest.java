package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Which writers a later write may take for dead, by the names their files give them. */
class WriterIdTest {
  private static Process start(String... cmd) throws Exception {
    return new ProcessBuilder(cmd).redirectErrorStream(true).start();
  }

  @Test
  void aProcessOfThisHostThatEndedIsDeadAndNoOtherIs() throws Exception {
    String host = WriterId.current().host();
    Process ended = start("true");
    assertTrue(ended.waitFor(30, TimeUnit.SECONDS));
    Process running = start("sleep", "30");
    try {
      assertTrue(new WriterId(ended.pid(), host).provablyDead(), "an ended process");
      assertFalse(new WriterId(running.pid(), host).provablyDead(), "a running process");
      assertFalse(WriterId.current().provablyDead(), "this process");
      assertFalse(new WriterId(ended.pid(), host + "-elsewhere").provablyDead(),
          "a process of another host");
    } finally {
      running.destroyForcibly();
    }
  }

  @Test
  void aJobFolderNamesItsDriver() {
    String job = PartFiles.jobDir("t.h5", "0f6e-11").substring("t.h5.parts/".length());
    assertEquals("0f6e-11." + ProcessHandle.current().pid() + "@" + WriterId.current().host(),
        job);
    assertEquals(WriterId.current(), PartFiles.writerOf(job));
    assertEquals(new WriterId(42, "node-7.example.org"),
        PartFiles.writerOf("q1.42@node-7.example.org"));
    assertNull(PartFiles.writerOf("0f6e-11"), "a folder of an older build names no writer");
    assertNull(PartFiles.writerOf("q1.x@host"));
    assertNull(PartFiles.writerOf("q1.42@bad/host"));
  }
}
