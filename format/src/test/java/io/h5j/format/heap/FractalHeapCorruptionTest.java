package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.btree.LinkCreationOrderRecord;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Corrupted heaps and B-trees (byte flips, truncations, random bytes) end only in
 * {@link H5FormatException}, or in the original data when the damage hit padding.
 */
@OracleTest
class FractalHeapCorruptionTest {
  static final int OBJECTS = 150;
  static final List<byte[]> OBJ = FractalHeapRoundTripTest.objects(OBJECTS, 42, false);
  static final byte[] FILE;
  static final long HEAP;
  static final long TREE;

  static {
    try {
      Path p = Files.createTempFile("heap-fuzz", ".bin");
      p.toFile().deleteOnExit();
      long heap;
      long tree;
      try (FileAccess fa = FileAccess.create(p)) {
        SpaceAllocator alloc = new SpaceAllocator(0);
        FractalHeapWriter.Result r =
            FractalHeapWriter.write(fa, alloc, FractalHeapParams.DENSE_LINKS, OBJ);
        heap = r.headerAddress();
        List<byte[]> recs = new ArrayList<>();
        for (int i = 0; i < OBJECTS; i++) {
          recs.add(new LinkCreationOrderRecord(i, r.heapIds().get(i)).toBytes());
        }
        tree = BTreeV2Writer.write(fa, alloc, BTreeV2Params.defaults(6, 15), recs);
        fa.truncate(alloc.endOfAllocation());
      }
      FILE = Files.readAllBytes(p);
      HEAP = heap;
      TREE = tree;
      Files.delete(p);
    } catch (IOException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Reads every object through the tree; returns them, or throws. */
  static List<byte[]> readAll(byte[] bytes) throws IOException {
    Path p = Files.createTempFile("heap-fuzz", ".bin");
    try {
      Files.write(p, bytes);
      try (FileAccess fa = FileAccess.openRead(p)) {
        FractalHeap heap = FractalHeap.open(fa, HEAP);
        BTreeV2 tree = BTreeV2.open(fa, TREE);
        List<byte[]> out = new ArrayList<>();
        tree.forEach(r -> out.add(heap.read(LinkCreationOrderRecord.decode(r).heapId())));
        return out;
      }
    } finally {
      Files.delete(p);
    }
  }

  static void check(byte[] bytes) throws IOException {
    List<byte[]> back;
    try {
      back = readAll(bytes);
    } catch (H5FormatException expected) {
      return;
    }
    assertEquals(OBJECTS, back.size());
    for (int i = 0; i < OBJECTS; i++) {
      assertArrayEquals(OBJ.get(i), back.get(i));
    }
  }

  @Example
  void intactFileReadsBack() throws IOException {
    assertEquals(OBJECTS, readAll(FILE).size());
    check(FILE);
  }

  @Property(tries = 400)
  void byteFlipsFailCleanly(@ForAll @IntRange(min = 0, max = 1 << 20) int where,
      @ForAll @IntRange(min = 1, max = 255) int xor) throws IOException {
    byte[] b = FILE.clone();
    b[where % b.length] ^= (byte) xor;
    check(b);
  }

  @Property(tries = 200)
  void multipleFlipsFailCleanly(@ForAll @Size(min = 2, max = 8) List<@IntRange(min = 0, max = 1 << 20) Integer> where)
      throws IOException {
    byte[] b = FILE.clone();
    for (int w : where) {
      b[w % b.length] ^= (byte) (w * 37 + 1);
    }
    check(b);
  }

  /**
   * Flips a byte inside a checksummed header or the root indirect block and then repairs the
   * checksum, so the damage reaches the value checks instead of stopping at the checksum.
   */
  @Property(tries = 600)
  void checksumRepairedFlipsFailCleanly(@ForAll @IntRange(min = 0, max = 2) int structure,
      @ForAll @IntRange(min = 4, max = 1 << 20) int where,
      @ForAll @IntRange(min = 1, max = 255) int xor) throws IOException {
    byte[] b = FILE.clone();
    long start;
    int length;
    if (structure == 0) {
      start = HEAP;
      length = FractalHeapHeader.encodedSize(io.h5j.format.io.FileParams.DEFAULT, 0);
    } else if (structure == 1) {
      start = TREE;
      length = BTreeV2.headerSize(io.h5j.format.io.FileParams.DEFAULT);
    } else {
      start = OracleFiles.le(FILE, (int) HEAP + FractalHeapHeader.encodedSize(
          io.h5j.format.io.FileParams.DEFAULT, 0) - 4 - 2 - 8, 8);
      int rows = (int) OracleFiles.le(FILE, (int) HEAP + FractalHeapHeader.encodedSize(
          io.h5j.format.io.FileParams.DEFAULT, 0) - 4 - 2, 2);
      length = 4 + 1 + 8 + 4 + rows * 4 * 8 + 4;
    }
    int at = (int) start + 4 + where % (length - 8);
    b[at] ^= (byte) xor;
    int sum = io.h5j.format.io.Lookup3.checksum(b, (int) start, length - 4);
    for (int i = 0; i < 4; i++) {
      b[(int) start + length - 4 + i] = (byte) (sum >>> (8 * i));
    }
    check(b);
  }

  @Property(tries = 200)
  void truncationsFailCleanly(@ForAll @IntRange(min = 0, max = 1 << 20) int keep) throws IOException {
    check(java.util.Arrays.copyOf(FILE, keep % FILE.length));
  }

  @Property(tries = 200)
  void randomBytesFailCleanly(@ForAll @Size(min = 0, max = 4096) byte[] junk) throws IOException {
    byte[] b = java.util.Arrays.copyOf(junk, Math.max(junk.length, 1));
    Path p = Files.createTempFile("heap-junk", ".bin");
    try {
      Files.write(p, b);
      try (FileAccess fa = FileAccess.openRead(p)) {
        try {
          FractalHeap.open(fa, 0).read(new byte[] {0, 30, 0, 0, 0, 10, 0});
        } catch (H5FormatException expected) {
          // fine
        }
        try {
          BTreeV2.open(fa, 0).forEach(r -> r.bytes(r.remaining()));
        } catch (H5FormatException expected) {
          // fine
        }
      }
    } finally {
      Files.delete(p);
    }
  }
}
