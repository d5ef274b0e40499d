package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hand-built heap whose root direct block is deflated (libhdf5 never writes these for groups). */
class FilteredHeapTest {
  @TempDir Path dir;

  static final long HEADER = 0;
  static final long BLOCK = 1024;

  private Path build(int filterId) throws Exception {
    FileParams p = FileParams.DEFAULT;
    byte[] object = "hello, filtered fractal heap".getBytes(StandardCharsets.US_ASCII);
    byte[] block = new byte[512];
    ByteWriter w = new ByteWriter(p);
    w.ascii("FHDB").u8(0).offset(HEADER).u32(0);
    byte[] prefix = w.toByteArray();
    System.arraycopy(prefix, 0, block, 0, prefix.length);
    System.arraycopy(object, 0, block, prefix.length + 4, object.length);
    int sum = Lookup3.checksum(block, 0, block.length);
    for (int i = 0; i < 4; i++) {
      block[prefix.length + i] = (byte) (sum >>> (8 * i));
    }
    Deflater d = new Deflater(6);
    d.setInput(block);
    d.finish();
    byte[] buf = new byte[1024];
    int n = d.deflate(buf);
    d.end();
    byte[] packed = Arrays.copyOf(buf, n);
    byte[] pipeline = new ByteWriter(p).u8(2).u8(1).u16(filterId).u16(0).u16(1).u32(6).toByteArray();
    FractalHeapHeader h = new FractalHeapHeader(7, pipeline.length, 2, 4096, 0,
        FileParams.UNDEFINED, 0, FileParams.UNDEFINED, 512, 512, 0, 1, 0, 0, 0, 0, 4, 512,
        65536, 32, 1, BLOCK, 0, packed.length, 0, pipeline);
    ByteWriter hw = new ByteWriter(p);
    h.encode(hw);
    Path file = dir.resolve("filtered" + filterId);
    try (FileAccess fa = FileAccess.create(file)) {
      fa.write(HEADER, hw.toByteArray());
      fa.write(BLOCK, packed);
    }
    return file;
  }

  static byte[] id() {
    return new byte[] {0, 21, 0, 0, 0, 28, 0}; // offset 17 + 4 (checksum), length 28
  }

  @Test
  void deflatedRootDirectBlockIsRead() throws Exception {
    try (FileAccess fa = FileAccess.openRead(build(1))) {
      FractalHeap heap = FractalHeap.open(fa, HEADER);
      assertArrayEquals("hello, filtered fractal heap".getBytes(StandardCharsets.US_ASCII),
          heap.read(id()));
    }
  }

  @Test
  void otherFiltersAreReportedUnsupported() throws Exception {
    try (FileAccess fa = FileAccess.openRead(build(2))) {
      FractalHeap heap = FractalHeap.open(fa, HEADER);
      assertThrows(H5FormatException.class, () -> heap.read(id()));
    }
  }
}
