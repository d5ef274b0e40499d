package io.h5j.repack;

import java.nio.file.Path;

/** A repack in a JVM of its own, for tests that kill it: {@code RepackChild IN OUT}. */
public final class RepackChild {
  private RepackChild() {}

  public static void main(String[] args) throws Exception {
    Repacker.builder().build().repack(Path.of(args[0]), Path.of(args[1]));
  }
}
