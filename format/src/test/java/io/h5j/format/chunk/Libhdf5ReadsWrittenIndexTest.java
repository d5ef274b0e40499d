package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import io.h5j.internal.DatasetInternals;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.object.H5Context;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Dataspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * libhdf5 accepts the indexes h5j writes: in a copy of an h5py-made file, each chunked
 * dataset gets a new index written by {@link ChunkIndexType#write} over the same chunk
 * addresses, the layout message is patched in place to point at it, and h5py must read
 * every dataset's values unchanged. The new layout message must also equal libhdf5's apart
 * from the index address (same index type, flags and index information).
 */
@OracleTest
class Libhdf5ReadsWrittenIndexTest {
  @TempDir
  Path dir;

  private static final String MAKE = String.join("\n",
      "import sys, numpy as np, h5py",
      "latest = sys.argv[2] == 'latest'",
      "with h5py.File(sys.argv[1], 'w', libver='latest' if latest else 'earliest') as f:",
      "    for gz in (None, 'gzip'):",
      "        s = '_gz' if gz else ''",
      "        d = f.create_dataset('fa' + s, (60, 50), 'i2', chunks=(1, 1), compression=gz)",
      "        d[0:5] = 1; d[50:60] = np.arange(500).reshape(10, 50)",
      "        d = f.create_dataset('fa_small' + s, (10, 10), 'i4', maxshape=(20, 10), chunks=(5, 5), compression=gz)",
      "        d[:] = np.arange(100).reshape(10, 10)",
      "        d = f.create_dataset('ea' + s, (3000,), 'i1', maxshape=(None,), chunks=(1,), compression=gz)",
      "        d[0:100] = 1; d[2000:3000] = 2",
      "        d = f.create_dataset('ea_dim1' + s, (3, 1000), 'i4', maxshape=(4, None), chunks=(1, 1), compression=gz)",
      "        d[:, 0:300] = 5; d[1, 600:1000] = 6",
      "        d = f.create_dataset('bt2' + s, (40, 40), 'f8', maxshape=(None, None), chunks=(1, 1), compression=gz)",
      "        d[::3] = np.arange(40.0)",
      "        d = f.create_dataset('single' + s, (4, 4), 'i4', chunks=(4, 4), compression=gz)",
      "        d[:] = 3");

  private static final String COMPARE = String.join("\n",
      "import sys, numpy as np, h5py",
      "a = h5py.File(sys.argv[1], 'r'); b = h5py.File(sys.argv[2], 'r')",
      "for k in sorted(a):",
      "    x = a[k][...]; y = b[k][...]",
      "    print(k, 'same' if x.shape == y.shape and np.array_equal(x, y) else 'DIFFERENT', int(np.count_nonzero(x)))");

  @ParameterizedTest
  @ValueSource(strings = {"latest", "earliest"})
  void h5pyReadsDatasetsThroughH5jIndexes(String format) throws Exception {
    Path original = dir.resolve("orig_" + format + ".h5");
    Path patched = dir.resolve("patched_" + format + ".h5");
    Oracles.python(MAKE, original.toString(), format);
    Files.copy(original, patched);
    List<String> names = List.of("fa", "fa_small", "ea", "ea_dim1", "bt2", "single");
    H5Context ctx = H5Context.open(FileAccess.openReadWrite(patched));
    try (H5File src = H5File.open(original); FileAccess fa = ctx.access()) {
      int k = ctx.superblock().chunkInternalK();
      for (String base : names) {
        for (String name : List.of(base, base + "_gz")) {
          Dataset d = src.dataset(name);
          boolean filtered = name.endsWith("_gz");
          LayoutMessage.Chunked old = (LayoutMessage.Chunked) DatasetInternals.layout(d);
          Dataspace space = d.dataspace();
          try (ChunkTruth.Opened o = ChunkTruth.Opened.of(original)) {
            ChunkIndex idx = o.index(name, filtered);
            ChunkGeometry g = idx.geometry();
            List<ChunkRecord> chunks = ChunkTruth.all(idx);
            int type = format.equals("earliest") ? ChunkIndex.V1_BTREE
                : ChunkIndexType.choose(space, g.chunkDims(), filtered, false, false).code();
            assertEquals(old.indexType(), type, name + ": libhdf5's choice of index");
            WrittenIndex w = ChunkIndexType.of(type).write(fa, ctx.allocator(), g, filtered, chunks,
                IndexOptions.DEFAULTS.withV1K(k));
            LayoutMessage.Chunked now = w.layout(g);
            assertArrayEquals(encode(fa.params(), withAddress(old, 0)),
                encode(fa.params(), withAddress(now, 0)), name + ": layout message");
            if (old.indexAddress() != now.indexAddress()) {
              patchAddress(fa, d.address(), old.indexAddress(), now.indexAddress());
              fa.write(old.indexAddress(), "XXXX".getBytes(StandardCharsets.US_ASCII)); // old index unusable
            }
          }
        }
      }
      ctx.flush();
    }
    String out = Oracles.python(COMPARE, original.toString(), patched.toString());
    int lines = 0;
    for (String line : out.split("\n")) {
      if (!line.isBlank()) {
        lines++;
        assertEquals("same", line.trim().split(" ")[1], line);
      }
    }
    assertEquals(12, lines, out);
  }

  private static LayoutMessage.Chunked withAddress(LayoutMessage.Chunked l, long address) {
    return new LayoutMessage.Chunked(l.version(), l.flags(), l.chunkDims(), l.elementSize(),
        l.indexType(), l.indexInfo(), address);
  }

  private static byte[] encode(FileParams p, LayoutMessage.Chunked l) {
    ByteWriter w = new ByteWriter(p);
    l.encode(w);
    return w.toByteArray();
  }

  /**
   * Replaces the one occurrence of {@code from} (as a file address) in the first chunk of
   * the object header at {@code ohdr}, re-computing its checksum for version 2 headers.
   */
  static void patchAddress(FileAccess fa, long ohdr, long from, long to) throws Exception {
    int o = fa.params().offsetSize();
    byte[] head = fa.readUpTo(ohdr, 1 << 16, "object header");
    int start;
    int end;
    boolean v2 = new String(head, 0, 4, StandardCharsets.US_ASCII).equals("OHDR");
    if (v2) {
      int flags = head[5] & 0xff;
      int p = 6 + ((flags & 0x20) != 0 ? 16 : 0) + ((flags & 0x10) != 0 ? 4 : 0);
      int width = 1 << (flags & 3);
      long size = OracleBytes.le(head, p, width);
      start = p + width;
      end = (int) (start + size);
    } else {
      start = 16;
      end = (int) (16 + OracleBytes.le(head, 8, 4));
    }
    int hit = -1;
    for (int i = start; i + o <= end; i++) {
      if (OracleBytes.le(head, i, o) == from) {
        if (hit >= 0) {
          throw new AssertionError("address " + from + " occurs twice in the header at " + ohdr);
        }
        hit = i;
      }
    }
    if (hit < 0) {
      throw new AssertionError("address " + from + " not in the first chunk of header " + ohdr);
    }
    for (int i = 0; i < o; i++) {
      head[hit + i] = (byte) (to >>> (8 * i));
    }
    fa.write(ohdr + hit, java.util.Arrays.copyOfRange(head, hit, hit + o));
    if (v2) {
      int sum = Lookup3.checksum(head, 0, end);
      fa.write(ohdr + end, new ByteWriter(fa.params()).u32(sum & 0xffffffffL).toByteArray());
    }
  }

  /** Little-endian helpers. */
  static final class OracleBytes {
    static long le(byte[] d, int at, int n) {
      long v = 0;
      for (int i = 0; i < n; i++) {
        v |= (d[at + i] & 0xffL) << (8 * i);
      }
      return v;
    }
  }
}
