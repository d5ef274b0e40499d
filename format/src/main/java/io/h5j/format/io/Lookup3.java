package io.h5j.format.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Bob Jenkins' lookup3 "hashlittle", the checksum of every version-2 HDF5 structure
 * (superblock v2+, object header v2, B-tree v2, fractal heap, ...).
 *
 * <p>Besides the one-call {@link #hash}, an instance hashes a range whose bytes arrive in
 * order ({@link #over}, {@link #advanceTo}, {@link #finish}): a checksum thread can follow a
 * reader filling the array. Each 12-byte round depends on the one before, so one core hashes
 * at about one byte per cycle whatever the loads are; the loads here are one little-endian int
 * per word, with the bounds checked once per call.
 */
public final class Lookup3 {
  /** Little-endian int loads from a byte[]. */
  private static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] k;
  private final int end;
  /** Where the next full round starts. */
  private int at;
  private int a;
  private int b;
  private int c;

  private Lookup3(byte[] k, int offset, int length, int initval) {
    this.k = k;
    this.end = offset + length;
    this.at = offset;
    this.a = 0xdeadbeef + length + initval;
    this.b = a;
    this.c = a;
  }

  /** Checksum of {@code length} bytes of {@code data} from {@code offset}, seed 0. */
  public static int checksum(byte[] data, int offset, int length) {
    return hash(data, offset, length, 0);
  }

  /**
   * lookup3 "hashlittle" of {@code length} bytes of {@code k} from {@code offset}, with seed
   * {@code initval}.
   *
   * @throws IndexOutOfBoundsException when the range is not inside {@code k}
   */
  public static int hash(byte[] k, int offset, int length, int initval) {
    return over(k, offset, length, initval).finish();
  }

  /**
   * A hash of {@code length} bytes of {@code k} from {@code offset} (seed {@code initval}) that
   * reads them as they are declared present by {@link #advanceTo}.
   *
   * @throws IndexOutOfBoundsException when the range is not inside {@code k}
   */
  public static Lookup3 over(byte[] k, int offset, int length, int initval) {
    Objects.checkFromIndexSize(offset, length, k.length);
    return new Lookup3(k, offset, length, initval);
  }

  /** Index of the first byte not hashed yet. */
  public int position() {
    return at;
  }

  /**
   * Hashes every 12-byte round that ends at or before index {@code present} of the array
   * (bytes before it are final), except the range's last round, which {@link #finish} hashes.
   */
  public void advanceTo(int present) {
    // the last round (1 to 12 bytes) is mixed by finish(): keep it out of the loop
    int stop = Math.min(present, end - 1) - 12;
    if (at > stop) {
      return;
    }
    Objects.checkFromToIndex(at, stop + 12, k.length);
    byte[] data = k;
    int i = at;
    int x = a;
    int y = b;
    int z = c;
    for (; i <= stop; i += 12) {
      x += (int) LE_INT.get(data, i);
      y += (int) LE_INT.get(data, i + 4);
      z += (int) LE_INT.get(data, i + 8);
      // mix(a, b, c)
      x -= z; x ^= Integer.rotateLeft(z, 4); z += y;
      y -= x; y ^= Integer.rotateLeft(x, 6); x += z;
      z -= y; z ^= Integer.rotateLeft(y, 8); y += x;
      x -= z; x ^= Integer.rotateLeft(z, 16); z += y;
      y -= x; y ^= Integer.rotateLeft(x, 19); x += z;
      z -= y; z ^= Integer.rotateLeft(y, 4); y += x;
    }
    at = i;
    a = x;
    b = y;
    c = z;
  }

  /** The hash, once every byte of the range is present. */
  public int finish() {
    advanceTo(end);
    int remaining = end - at;
    if (remaining == 0) {
      return c;
    }
    // the last round: bytes beyond the end read as zero
    int x = a + partial(at, remaining, 0);
    int y = b + partial(at, remaining, 4);
    int z = c + partial(at, remaining, 8);
    // final(a, b, c)
    z ^= y; z -= Integer.rotateLeft(y, 14);
    x ^= z; x -= Integer.rotateLeft(z, 11);
    y ^= x; y -= Integer.rotateLeft(x, 25);
    z ^= y; z -= Integer.rotateLeft(y, 16);
    x ^= z; x -= Integer.rotateLeft(z, 4);
    y ^= x; y -= Integer.rotateLeft(x, 14);
    z ^= y; z -= Integer.rotateLeft(y, 24);
    return z;
  }

  private int partial(int i, int remaining, int from) {
    int w = 0;
    for (int j = 0; j < 4 && from + j < remaining; j++) {
      w |= (k[i + from + j] & 0xff) << (8 * j);
    }
    return w;
  }
}
