package io.h5j.format.object;

import io.h5j.format.io.Lookup3;
import java.nio.charset.StandardCharsets;

/** The hash that orders dense link and attribute name indexes: lookup3 of the name's bytes. */
public final class NameHash {
  private NameHash() {}

  /** The unsigned 32-bit hash of {@code name}. */
  public static long of(String name) {
    byte[] b = name.getBytes(StandardCharsets.UTF_8);
    return Lookup3.checksum(b, 0, b.length) & 0xffffffffL;
  }
}
