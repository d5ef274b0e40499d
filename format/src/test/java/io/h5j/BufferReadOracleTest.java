package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads into a caller's {@link ByteBuffer}: h5py writes 1-D datasets of 2-, 4- and 8-byte
 * elements in both byte orders, shuffled and deflated (whole chunks are unshuffled straight
 * into the buffer), deflated alone and unfiltered, and saves the bytes it reads back; h5j
 * reads whole chunks, parts of chunks, stretches over two and everything into direct and heap
 * buffers (a heap buffer on a slice of a larger array) whose position and limit are not at
 * their ends and whose byte order differs from the data's, and must put h5py's bytes between
 * position and position + size, leave every other byte and the limit alone, and advance the
 * position. A buffer that is read-only or too small is refused with a message, untouched.
 */
@OracleTest
class BufferReadOracleTest {
  private static final int CHUNK = 20000;
  private static final int N = 3 * CHUNK + 77;
  private static final String[] NAMES = {"f8_shuffled", "be8_shuffled", "i4_shuffled",
      "be4_shuffled", "i2_shuffled", "be2_shuffled", "f8_gzip", "f8_plain"};

  private static final String SCRIPT = String.join("\n",
      "import h5py, sys, numpy as np",
      "n = " + N,
      "v = ((np.arange(n, dtype=np.int64) * 2654435761) & 0xffffffff) - 2147483648",
      "z = dict(shuffle=True, compression='gzip')",
      "sets = [('f8_shuffled', '<f8', z), ('be8_shuffled', '>f8', dict(z, fletcher32=True)),",
      "        ('i4_shuffled', '<i4', z), ('be4_shuffled', '>f4', z), ('i2_shuffled', '<i2', z),",
      "        ('be2_shuffled', '>i2', z), ('f8_gzip', '<f8', dict(compression='gzip')),",
      "        ('f8_plain', '<f8', {})]",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "  for name, t, kw in sets:",
      "    f.create_dataset(name, data=v.astype(t), chunks=(" + CHUNK + ",), **kw)",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "  for name, t, kw in sets:",
      "    a = f[name][...]",
      "    assert a.dtype == np.dtype(t)",
      "    open(sys.argv[2] + '/' + name + '.bin', 'wb').write(a.tobytes())");

  /** Boxes {start, count}: a whole chunk, the first, the partial edge chunk, parts, all. */
  private static final long[][] BOXES = {{CHUNK, CHUNK}, {0, CHUNK}, {3 * CHUNK, 77},
      {101, 5003}, {CHUNK - 1000, 3000}, {2 * CHUNK + 8, CHUNK - 16}, {0, N}};

  /** A byte the read must never write (outside the selection's place in the buffer). */
  private static final byte UNTOUCHED = 0x5a;

  @TempDir
  Path dir;

  @Test
  void buffersGetTheBytesH5pyReadsAndNothingElse() throws Exception {
    Path file = dir.resolve("buffers.h5");
    Oracles.python(SCRIPT, file.toString(), dir.toString());
    try (H5File f = H5File.open(file)) {
      for (String name : NAMES) {
        byte[] all = Files.readAllBytes(dir.resolve(name + ".bin"));
        Dataset d = f.dataset(name);
        int size = all.length / N;
        for (long[] box : BOXES) {
          Selection sel = Selection.box(new long[] {box[0]}, new long[] {box[1]});
          byte[] want = Arrays.copyOfRange(all, (int) box[0] * size,
              (int) (box[0] + box[1]) * size);
          String what = name + " " + box[0] + "+" + box[1];
          // direct, position 13, limit 5 bytes short of the capacity, order opposite to the data's
          ByteBuffer direct = ByteBuffer.allocateDirect(want.length + 21)
              .order(name.startsWith("be") ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
          check(d, sel, direct, 13, want.length + 16, want, what + " direct");
          // heap, over bytes 7.. of a larger array (array offset 7), position 3
          ByteBuffer heap = ByteBuffer.wrap(new byte[want.length + 19], 7, want.length + 9)
              .slice();
          check(d, sel, heap, 3, want.length + 3, want, what + " heap");
        }
      }
    }
  }

  /**
   * Reads {@code sel} into {@code buf} set to {@code position} and {@code limit}; the bytes
   * there must be {@code want}, all others {@link #UNTOUCHED}.
   */
  private static void check(Dataset d, Selection sel, ByteBuffer buf, int position, int limit,
      byte[] want, String what) throws Exception {
    fill(buf);
    buf.limit(limit).position(position);
    d.read(sel, buf);
    assertEquals(position + want.length, buf.position(), what + ": position");
    assertEquals(limit, buf.limit(), what + ": limit");
    byte[] got = new byte[buf.capacity()];
    buf.duplicate().clear().get(got);
    assertArrayEquals(want, Arrays.copyOfRange(got, position, position + want.length), what);
    for (int i = 0; i < got.length; i++) {
      if (i < position || i >= position + want.length) {
        assertEquals(UNTOUCHED, got[i], what + ": byte " + i + " outside the selection");
      }
    }
  }

  private static void fill(ByteBuffer buf) {
    ByteBuffer all = buf.duplicate().clear();
    while (all.hasRemaining()) {
      all.put(UNTOUCHED);
    }
  }

  @Test
  void readOnlyOrTooSmallBuffersAreRefusedUntouched() throws Exception {
    Path file = dir.resolve("buffers.h5");
    Oracles.python(SCRIPT, file.toString(), dir.toString());
    try (H5File f = H5File.open(file)) {
      for (String name : new String[] {"f8_shuffled", "f8_gzip", "f8_plain"}) {
        Dataset d = f.dataset(name);
        Selection sel = Selection.box(new long[] {CHUNK}, new long[] {CHUNK});
        int bytes = CHUNK * 8;
        for (ByteBuffer writable : new ByteBuffer[] {ByteBuffer.allocateDirect(bytes + 10),
            ByteBuffer.allocate(bytes + 10)}) {
          String kind = name + (writable.isDirect() ? " direct" : " heap");
          fill(writable);
          ByteBuffer small = writable.duplicate().position(11); // one byte too few
          IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
              () -> d.read(sel, small), kind);
          assertTrue(e.getMessage().contains(bytes + " bytes")
              && e.getMessage().contains((bytes - 1) + " remaining"), e.getMessage());
          assertEquals(11, small.position(), kind);
          ByteBuffer readOnly = writable.asReadOnlyBuffer();
          e = assertThrows(IllegalArgumentException.class, () -> d.read(sel, readOnly), kind);
          assertTrue(e.getMessage().contains("read-only"), e.getMessage());
          assertEquals(0, readOnly.position(), kind);
          for (int i = 0; i < writable.capacity(); i++) {
            assertEquals(UNTOUCHED, writable.get(i), kind + ": byte " + i);
          }
        }
      }
    }
  }
}
