package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.format.H5FormatException;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.CharacterSet;
import io.h5j.type.Datatypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GlobalHeapTest {
  @TempDir
  Path dir;

  @Test
  void writeThenReadThroughAFile() throws Exception {
    Path p = dir.resolve("gh.h5");
    Random rnd = new Random(7);
    List<byte[]> data = new ArrayList<>();
    List<GlobalHeapId> ids = new ArrayList<>();
    try (FileAccess f = FileAccess.create(p)) {
      SpaceAllocator alloc = new SpaceAllocator(100);
      GlobalHeapWriter w = new GlobalHeapWriter(f, alloc);
      for (int i = 0; i < 600; i++) {
        int len = i % 97 == 0 ? 5000 + rnd.nextInt(3000) : rnd.nextInt(60);
        byte[] b = new byte[len];
        rnd.nextBytes(b);
        data.add(b);
        ids.add(w.write(b));
      }
      w.flush();
      f.truncate(alloc.endOfAllocation());
    }
    assertEquals(1, ids.get(0).index());
    try (FileAccess f = FileAccess.openRead(p)) {
      GlobalHeapReader r = new GlobalHeapReader(f, 4);
      for (int i = 0; i < data.size(); i++) {
        assertArrayEquals(data.get(i), r.read(ids.get(i)), "object " + i);
      }
      GlobalHeapCollection c = r.collection(ids.get(1).collectionAddress());
      assertEquals(GlobalHeapWriter.MIN_COLLECTION_SIZE, c.size());
      assertThrows(H5FormatException.class, () -> r.read(ids.get(1).collectionAddress(), 999));
      assertThrows(H5FormatException.class, () -> r.read(3, 1));
    }
  }

  @Test
  void vlenStringsThroughTheHeap() throws Exception {
    Path p = dir.resolve("vlen.h5");
    DataConverter c = new DataConverter(FileParams.DEFAULT);
    String[] v = {"alpha", "", "γάμμα", "x".repeat(10000)};
    byte[] raw;
    try (FileAccess f = FileAccess.create(p)) {
      GlobalHeapWriter w = new GlobalHeapWriter(f, new SpaceAllocator(0));
      raw = c.fromJavaArray(Datatypes.vlenString(CharacterSet.UTF8), v, w);
      w.flush();
    }
    try (FileAccess f = FileAccess.openRead(p)) {
      assertArrayEquals(v, (String[]) c.toJavaArray(Datatypes.vlenString(CharacterSet.UTF8), raw,
          4, new GlobalHeapReader(f)));
    }
  }

  @Test
  void corruptObjectLengthIsAFormatError() throws Exception {
    Path p = dir.resolve("bad.h5");
    long addr;
    try (FileAccess f = FileAccess.create(p)) {
      GlobalHeapWriter w = new GlobalHeapWriter(f, new SpaceAllocator(0));
      addr = w.write(new byte[] {1, 2, 3}).collectionAddress();
      w.flush();
      // object 1's size field sits after the 16-byte header and 8 bytes of index/refcount
      f.write(addr + 16 + 8, new byte[] {0, 0x20, 0, 0, 0, 0, 0, 0});
    }
    try (FileAccess f = FileAccess.openRead(p)) {
      H5FormatException e = assertThrows(H5FormatException.class,
          () -> new GlobalHeapReader(f).read(addr, 1));
      assertEquals(addr + 16, e.offset());
      f.params(FileParams.DEFAULT);
    }
    try (FileAccess f = FileAccess.openReadWrite(p)) {
      f.write(addr + 8, new byte[] {(byte) 0xff, (byte) 0xff, 0, 0, 0, 0, 0, 0}); // collection size
      assertThrows(H5FormatException.class, () -> GlobalHeapCollection.read(f, addr));
    }
  }

  @Property(tries = 2000)
  void decodeOfMutatedCollectionFailsOnlyWithFormatException(
      @ForAll @Size(min = 1, max = 5) List<@IntRange(max = 300) Integer> lengths,
      @ForAll @Size(min = 1, max = 6) List<@IntRange(max = 100000) Integer> positions,
      @ForAll @Size(min = 6, max = 6) byte[] values) {
    FileParams pp = FileParams.DEFAULT;
    io.h5j.format.io.ByteWriter w = new io.h5j.format.io.ByteWriter(pp);
    w.ascii("GCOL").u8(1).zeros(3).length(0);
    int idx = 1;
    for (int len : lengths) {
      w.u16(idx++).u16(0).u32(0).length(len).zeros((len + 7) / 8 * 8);
    }
    w.u16(0).u16(0).u32(0).length(16);
    byte[] b = w.toByteArray();
    io.h5j.format.io.ByteWriter fix = new io.h5j.format.io.ByteWriter(pp);
    fix.length(b.length);
    System.arraycopy(fix.toByteArray(), 0, b, 8, 8);
    for (int i = 0; i < positions.size(); i++) {
      b[positions.get(i) % b.length] = values[i];
    }
    try {
      GlobalHeapCollection.decode(new ByteReader(b, 0, "fuzz", pp), 0);
    } catch (H5FormatException expected) {
      // fine
    } catch (Throwable t) {
      fail("decode threw " + t, t);
    }
  }

  @Test
  void tempFilesCleanedUp() throws Exception {
    assertEquals(true, Files.isDirectory(dir));
  }
}
