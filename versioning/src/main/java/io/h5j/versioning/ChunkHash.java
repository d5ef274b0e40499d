package io.h5j.versioning;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The chunk hash versioned-hdf5 de-duplicates by: SHA-256 of the chunk's elements (trimmed at
 * the array edge, C order, the bytes numpy holds) followed by the ASCII of Python's repr of
 * the trimmed shape, e.g. {@code (4, 3)} or {@code (4,)}. Variable-length strings hash as an
 * 8-byte little-endian length then the UTF-8 bytes, per element.
 */
public final class ChunkHash {
  private ChunkHash() {}

  /**
   * Hash of a chunk of fixed-size elements given as their stored bytes.
   *
   * @param elements the chunk's elements as stored, trimmed at the array edge, C order
   * @param shape the trimmed chunk's shape
   * @return the 32-byte SHA-256 digest
   */
  public static byte[] of(byte[] elements, long[] shape) {
    return of(elements, 0, elements.length, shape);
  }

  /**
   * Hash of a chunk of fixed-size elements stored in {@code length} bytes of {@code bytes} from
   * {@code offset} (a chunk inside a larger read, hashed without a copy).
   *
   * @param bytes holds the chunk's elements as stored, trimmed at the array edge, C order
   * @param offset where the elements start in {@code bytes}
   * @param length the elements' size in bytes
   * @param shape the trimmed chunk's shape
   * @return the 32-byte SHA-256 digest
   */
  public static byte[] of(byte[] bytes, int offset, int length, long[] shape) {
    MessageDigest md = sha256();
    md.update(bytes, offset, length);
    md.update(shapeRepr(shape).getBytes(StandardCharsets.US_ASCII));
    return md.digest();
  }

  /**
   * Hash of a chunk of variable-length strings.
   *
   * @param elements the chunk's strings, trimmed at the array edge, C order
   * @param shape the trimmed chunk's shape
   * @return the 32-byte SHA-256 digest
   */
  public static byte[] ofStrings(String[] elements, long[] shape) {
    MessageDigest md = sha256();
    ByteBuffer len = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    for (String s : elements) {
      byte[] b = s == null ? new byte[0] : s.getBytes(StandardCharsets.UTF_8);
      len.clear();
      md.update(len.putLong(0, b.length).array());
      md.update(b);
    }
    md.update(shapeRepr(shape).getBytes(StandardCharsets.US_ASCII));
    return md.digest();
  }

  /** Python's repr of a tuple of ints: {@code ()}, {@code (4,)}, {@code (4, 3)}. */
  static String shapeRepr(long[] shape) {
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < shape.length; i++) {
      if (i > 0) {
        b.append(", ");
      }
      b.append(shape[i]);
    }
    if (shape.length == 1) {
      b.append(',');
    }
    return b.append(')').toString();
  }

  /**
   * Lower-case hex of a hash, for messages and tests.
   *
   * @param hash any bytes
   * @return two lower-case hex digits per byte
   */
  public static String hex(byte[] hash) {
    StringBuilder b = new StringBuilder();
    for (byte x : hash) {
      b.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
    }
    return b.toString();
  }

  /** One digest per thread, reset by each {@code digest()}: a lookup per chunk cost more. */
  private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM lacks SHA-256", e);
    }
  });

  private static MessageDigest sha256() {
    MessageDigest md = SHA256.get();
    md.reset();
    return md;
  }
}
