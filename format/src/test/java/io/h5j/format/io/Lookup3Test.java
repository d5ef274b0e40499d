package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Lookup3Test {
  // Vectors published with Bob Jenkins' lookup3.c driver5().
  @Test
  void emptyInputHashesToTheSeedConstant() {
    assertEquals(0xdeadbeef, Lookup3.hash(new byte[0], 0, 0, 0));
  }

  @Test
  void publishedVectors() {
    byte[] s = "Four score and seven years ago".getBytes(StandardCharsets.US_ASCII);
    assertEquals(0x17770551, Lookup3.hash(s, 0, s.length, 0));
    assertEquals(0xcd628161, Lookup3.hash(s, 0, s.length, 1));
  }
}
