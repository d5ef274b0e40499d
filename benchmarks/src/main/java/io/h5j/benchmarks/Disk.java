package io.h5j.benchmarks;

import java.io.IOException;

/** Disk state between timed runs. */
final class Disk {
  private Disk() {}

  /**
   * Writes every dirty page back ({@code sync}), so that a timed run does not pay for the
   * write-back of what came before it.
   */
  static void sync() throws IOException, InterruptedException {
    new ProcessBuilder("sync").inheritIO().start().waitFor();
  }
}
