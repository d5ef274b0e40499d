package io.h5j.benchmarks;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The SHA-256 of a read's elements, to compare with numpy's on the native side. */
final class ElementDigest {
  private ElementDigest() {}

  /**
   * SHA-256 (hex) of {@code flat}, a {@code double[]}, {@code float[]} or {@code int[]}, in
   * little-endian order, as numpy's {@code tobytes()} on this machine.
   */
  static String sha256(Object flat) throws NoSuchAlgorithmException {
    ByteBuffer b;
    if (flat instanceof double[] a) {
      b = ByteBuffer.allocate(a.length * 8).order(ByteOrder.LITTLE_ENDIAN);
      b.asDoubleBuffer().put(a);
    } else if (flat instanceof float[] a) {
      b = ByteBuffer.allocate(a.length * 4).order(ByteOrder.LITTLE_ENDIAN);
      b.asFloatBuffer().put(a);
    } else {
      int[] a = (int[]) flat;
      b = ByteBuffer.allocate(a.length * 4).order(ByteOrder.LITTLE_ENDIAN);
      b.asIntBuffer().put(a);
    }
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
  }
}
