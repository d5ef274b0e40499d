package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.internal.DatasetInternals;

import io.h5j.H5File;
import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Valid files that libhdf5 writes and repack once refused: datasets with a huge but bounded
 * maximum shape (libhdf5's fixed array over 2^26 elements in chunks of 10, a data block of 54
 * MB of which it writes the pages it uses: repack materialised every entry and ran out of memory
 * from 2^31 of them; a v1 B-tree in the earliest format, whose fixed array would cover 2^40
 * elements), and references that are null or name an object deleted since.
 */
@OracleTest
class UnusualDatasetsRepackTest {
  @TempDir
  Path dir;

  private static int indexType(Path file, String path) throws IOException {
    try (H5File f = H5File.open(file)) {
      return ((LayoutMessage.Chunked) DatasetInternals.layout(f.dataset(path))).indexType();
    }
  }

  @Test
  void hugeBoundedMaximumShapesKeepTheIndexLibhdf5Chooses() throws IOException {
    Path in = dir.resolve("huge.h5");
    Path earliest = dir.resolve("huge_earliest.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
        "    f.create_dataset('m26', data=np.arange(25.), maxshape=(2**26,), chunks=(10,))",
        "    f.create_dataset('m2d', data=np.arange(16.).reshape(4, 4), maxshape=(2**12, 2**12),",
        "                     chunks=(2, 2))",
        "with h5py.File(sys.argv[2], 'w') as f:",
        "    f.create_dataset('m40', data=np.arange(25.), maxshape=(2**40,), chunks=(10,))",
        "    f.create_dataset('small', data=np.arange(25.), maxshape=(100,), chunks=(10,))"),
        in.toString(), earliest.toString());
    Path out = dir.resolve("out.h5");
    Path outEarliest = dir.resolve("out_earliest.h5");
    Repacker.builder().build().repack(in, out);
    Repacker.builder().build().repack(earliest, outEarliest);
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertSameContent(earliest, outEarliest);
    // the fixed arrays libhdf5 made, of 6,710,887 and 4,194,304 entries (larger ones only
    // take h5diff longer: libhdf5 visits every entry)
    assertEquals(ChunkIndex.FIXED_ARRAY, indexType(in, "/m26"));
    assertEquals(ChunkIndex.FIXED_ARRAY, indexType(out, "/m26"));
    assertEquals(ChunkIndex.FIXED_ARRAY, indexType(out, "/m2d"));
    // whose data blocks span their files as libhdf5's does (holes where no page is used)
    assertEquals(Files.size(in), Files.size(out), 64 * 1024);
    assertEquals(ChunkIndex.V1_BTREE, indexType(earliest, "/m40"));
    assertEquals(ChunkIndex.V1_BTREE, indexType(outEarliest, "/m40"));
    assertEquals(ChunkIndex.FIXED_ARRAY, indexType(outEarliest, "/small"));
    assertTrue(Files.size(outEarliest) < 64 * 1024, "size " + Files.size(outEarliest));
  }

  @Test
  void nullReferencesStayNullAndDanglingOnesBecomeNull() throws IOException {
    Path in = dir.resolve("refs.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    d = f.create_dataset('data', data=np.arange(10.))",
        "    gone = f.create_dataset('gone', data=np.arange(10.))",
        "    s = f.create_dataset('scale', data=np.arange(10.))",
        "    s.make_scale('x')",
        "    d.dims[0].attach_scale(s)",
        "    gone.dims[0].attach_scale(s)",
        "    t = f.create_dataset('scale2', data=np.arange(10.))",
        "    t.make_scale('y')",
        "    d.dims[0].attach_scale(t)",
        "    rl = t.attrs['REFERENCE_LIST']",
        "    held = np.zeros(2, dtype=rl.dtype)",
        "    held[0] = rl[0]",
        "    held[1] = (h5py.Reference(), 0)",
        "    del t.attrs['REFERENCE_LIST']",
        "    t.attrs.create('REFERENCE_LIST', held, dtype=rl.dtype)",
        "    f.create_dataset('refs', data=np.array([h5py.Reference(), d.ref], dtype=h5py.ref_dtype))",
        "    d.attrs['refs'] = np.array([d.ref, h5py.Reference()], dtype=h5py.ref_dtype)",
        "    del f['gone']"), in.toString());
    Path out = dir.resolve("out.h5");
    RepackReport r = Repacker.builder().build().repack(in, out);
    assertEquals(1, r.danglingReferences().size(), r.danglingReferences().toString());
    String seen = Oracles.python(String.join("\n",
        "import sys, h5py",
        "f = h5py.File(sys.argv[1], 'r')",
        "def name(r):",
        "    return f[r].name if r else None",
        "print([name(r) for r, _ in f['scale'].attrs['REFERENCE_LIST']])",
        "print([name(r) for r, _ in f['scale2'].attrs['REFERENCE_LIST']])",
        "print([name(r) for r in f['refs'][...]], [name(r) for r in f['data'].attrs['refs']])"),
        out.toString());
    assertEquals(List.of("['/data', None]", "['/data', None]", "[None, '/data'] ['/data', None]"),
        seen.lines().toList());
    RepackOracle.assertReadable(out);
  }
}
