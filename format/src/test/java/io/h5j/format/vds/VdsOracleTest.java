package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.internal.DatasetInternals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.H5File;
import io.h5j.format.heap.GlobalHeapCollection;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.EncodedSelection.Irregular;
import io.h5j.format.select.EncodedSelection.Regular;
import io.h5j.format.select.SelectionCodec;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mapping blocks written by libhdf5 1.10.8 (through h5py) decode to exactly the mappings
 * libhdf5 reports; blocks written by h5j are read by libhdf5.
 */
@OracleTest
class VdsOracleTest {
  static final String GEN = """
import h5py, numpy as np, json, sys, os
from h5py import h5s
d = sys.argv[1]
os.chdir(d)
with h5py.File('src.h5','w') as f:
    f['data'] = np.arange(120, dtype='i4').reshape(10,12)
    f['d3'] = np.arange(2*3*4, dtype='i4').reshape(2,3,4)
for b in range(3):
    with h5py.File('src_%d.h5' % b,'w') as f:
        f['data'] = np.arange(5, dtype='i4') + 100*b
with h5py.File('vds.h5','w', libver='earliest') as f:
    f['raw'] = np.arange(10*12, dtype='i4').reshape(10,12) * 10
    L = h5py.VirtualLayout(shape=(10,12), dtype='i4')
    vs = h5py.VirtualSource('.', 'raw', shape=(10,12))
    for i in range(3):
        for j in range(4):
            a, b = i*4, j*3
            L[a:min(a+4,10), b:b+3] = vs[a:min(a+4,10), b:b+3]
    f.create_virtual_dataset('same', L, fillvalue=-1)
    L = h5py.VirtualLayout(shape=(10,12), dtype='i4')
    vs = h5py.VirtualSource('src.h5', 'data', shape=(10,12))
    L[0:5, :] = vs[5:10, :]
    L[5:10, 0:12:2] = vs[0:5, 0:12:2]
    f.create_virtual_dataset('cross', L, fillvalue=-1)
    L = h5py.VirtualLayout(shape=(4,3,4), dtype='i4')
    vs = h5py.VirtualSource('src.h5', 'd3', shape=(2,3,4))
    L[2:4, :, :] = vs
    L[0:1, 0:2, 1:3] = vs[1:2, 1:3, 2:4]
    f.create_virtual_dataset('d3', L, fillvalue=-1)
    L = h5py.VirtualLayout(shape=(6,), dtype='i4')
    vs = h5py.VirtualSource('src.h5', 'data', shape=(10,12))
    L[0:4] = vs[0, 0:4]
    L[2:6] = vs[1, 0:4]
    f.create_virtual_dataset('overlap', L, fillvalue=-1)
    try:
        L = h5py.VirtualLayout(shape=(10,12), maxshape=(None,12), dtype='i4')
        vs = h5py.VirtualSource('src.h5', 'data', shape=(10,12), maxshape=(None,12))
        L[0:h5s.UNLIMITED, :] = vs[0:h5s.UNLIMITED, :]
        f.create_virtual_dataset('unlim', L, fillvalue=-1)
    except Exception as e:
        print("unlim failed", e, file=sys.stderr)
    try:
        dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
        dcpl.set_fill_value(np.array(-1, dtype='i4'))
        vsp = h5s.create_simple((15,), (h5s.UNLIMITED,))
        vsp.select_hyperslab((0,), (h5s.UNLIMITED,), stride=(5,), block=(5,))
        ssp = h5s.create_simple((5,))
        dcpl.set_virtual(vsp, b'src_%b.h5', b'data', ssp)
        h5py.h5d.create(f.id, b'printf', h5py.h5t.NATIVE_INT32, vsp, dcpl=dcpl)
    except Exception as e:
        print("printf failed", e, file=sys.stderr)
    # percent in a source dataset name
    f['we%ird'] = np.arange(4, dtype='i4')
    L = h5py.VirtualLayout(shape=(4,), dtype='i4')
    L[:] = h5py.VirtualSource('.', 'we%%ird', shape=(4,))
    f.create_virtual_dataset('pct', L, fillvalue=-1)

U = 2**64 - 1
def sel(sp):
    t = sp.get_select_type()
    out = {'type': int(t)}
    if t == h5s.SEL_HYPERSLABS:
        if sp.is_regular_hyperslab():
            reg = sp.get_regular_hyperslab()
            out['regular'] = [[-1 if v == U else int(v) for v in a] for a in reg]
        try:
            out['blocks'] = np.asarray(sp.get_select_hyper_blocklist()).tolist()
        except Exception:
            pass
    return out
res = {}
with h5py.File('vds.h5','r') as f:
    for name in f:
        ds = f[name]
        if not ds.is_virtual:
            continue
        dcpl = ds.id.get_create_plist()
        ms = []
        for i in range(dcpl.get_virtual_count()):
            ms.append({'file': dcpl.get_virtual_filename(i), 'dset': dcpl.get_virtual_dsetname(i),
                       'src': sel(dcpl.get_virtual_srcspace(i)), 'virt': sel(dcpl.get_virtual_vspace(i))})
        res[name] = ms
print(json.dumps(res))
""";

  @TempDir
  Path dir;

  static byte[] block(Path file, String name) throws Exception {
    LayoutMessage.Virtual v;
    try (H5File f = H5File.open(file)) {
      v = (LayoutMessage.Virtual) DatasetInternals.layout(f.dataset(name));
    }
    try (FileAccess fa = FileAccess.openRead(file)) {
      fa.params(FileParams.DEFAULT);
      return GlobalHeapCollection.read(fa, v.heapAddress()).object((int) v.heapIndex());
    }
  }

  static long[] longs(JsonNode a) {
    long[] out = new long[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).asLong();
    }
    return out;
  }

  static void assertSelection(JsonNode exp, EncodedSelection got, String what) {
    int type = exp.get("type").asInt();
    int gotType = got instanceof EncodedSelection.None ? 0
        : got instanceof EncodedSelection.Points ? 1
        : got instanceof EncodedSelection.All ? 3 : 2;
    assertEquals(type, gotType, what + " type: " + got);
    if (exp.has("regular") && got instanceof Regular g) {
      long[][] parts = {g.slab().start(), g.slab().stride(), g.slab().count(), g.slab().block()};
      for (int k = 0; k < 4; k++) {
        long[] e = longs(exp.get("regular").get(k));
        for (int d = 0; d < e.length; d++) {
          if (e[d] == -1) {
            e[d] = EncodedSelection.UNLIMITED;
          }
        }
        assertArrayEquals(e, parts[k], what + " field " + k + ": " + got);
      }
    }
    if (exp.has("blocks")) {
      Irregular b = got instanceof Regular g ? SelectionCodec.toBlocks(g) : (Irregular) got;
      JsonNode blocks = exp.get("blocks");
      assertEquals(blocks.size(), b.blockCount(), what + ": " + got);
      for (int i = 0; i < blocks.size(); i++) {
        for (int d = 0; d < b.rank(); d++) {
          assertEquals(blocks.get(i).get(0).get(d).asLong(), b.start(i, d), what);
          assertEquals(blocks.get(i).get(1).get(d).asLong(), b.end(i, d), what);
        }
      }
    }
  }

  JsonNode generate() throws Exception {
    return new ObjectMapper().readTree(Oracles.python(GEN, dir.toString()));
  }

  @Test
  void libhdf5BlocksDecodeToTheMappingsLibhdf5Reports() throws Exception {
    JsonNode all = generate();
    Path vds = dir.resolve("vds.h5");
    assertTrue(all.size() >= 7, all.toString());
    for (Iterator<String> it = all.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      JsonNode exp = all.get(name);
      byte[] raw = block(vds, "/" + name);
      MappingBlock b = MappingBlock.decode(raw, FileParams.DEFAULT, 0, "/" + name);
      assertEquals(0, b.version());
      assertEquals(exp.size(), b.count(), name);
      List<Mapping> ms = new ArrayList<>();
      for (int i = 0; i < b.count(); i++) {
        JsonNode e = exp.get(i);
        Mapping m = b.mapping(i);
        ms.add(m);
        assertEquals(e.get("file").asText(), m.sourceFile(), name + " " + i);
        assertEquals(e.get("dset").asText(), m.sourceDataset(), name + " " + i);
        assertSelection(e.get("src"), m.sourceSelection(), name + " " + i + " source");
        assertSelection(e.get("virt"), m.virtualSelection(), name + " " + i + " virtual");
      }
      // h5j's default encoding of the same mappings is libhdf5's, byte for byte
      assertArrayEquals(raw, MappingBlockWriter.encode(FileParams.DEFAULT,
          MappingBlockWriter.Format.V0, ms), name);
    }
    MappingBlock same = MappingBlock.decode(block(vds, "/same"), FileParams.DEFAULT, 0, "same");
    assertTrue(same.allBoxes() && same.singleSource() && same.grid() != null);
    assertArrayEquals(new long[] {4, 3}, same.grid().cell());
  }

  @Test
  void libhdf5ReadsABlockH5jWrote() throws Exception {
    generate();
    Path vds = dir.resolve("vds.h5");
    byte[] old = block(vds, "/same");
    MappingBlock b = MappingBlock.decode(old, FileParams.DEFAULT, 0, "same");
    // swap the sources of the first two (4 x 3) chunks
    MappingBlockWriter w = new MappingBlockWriter(FileParams.DEFAULT);
    int n = b.count();
    for (int i = 0; i < n; i++) {
      int src = i == 0 ? 1 : i == 1 ? 0 : i;
      w.addBox(b.sourceFile(i), b.sourceDataset(i),
          new long[] {b.sourceStart(src, 0), b.sourceStart(src, 1)},
          new long[] {b.virtualStart(i, 0), b.virtualStart(i, 1)},
          new long[] {b.blockShape(i, 0), b.blockShape(i, 1)});
    }
    byte[] fresh = w.toByteArray();
    assertEquals(old.length, fresh.length);
    byte[] file = Files.readAllBytes(vds);
    int at = indexOf(file, old);
    assertTrue(at > 0);
    System.arraycopy(fresh, 0, file, at, fresh.length);
    Files.write(vds, file);
    assertEquals(0, b.virtualStart(0, 1));
    String out = Oracles.python("import h5py, sys, json\n"
        + "f = h5py.File(sys.argv[1], 'r')\n"
        + "print(json.dumps(f['same'][:].tolist()))\n", vds.toString());
    JsonNode v = new ObjectMapper().readTree(out);
    for (int r = 0; r < 10; r++) {
      for (int c = 0; c < 12; c++) {
        int sc = c < 3 ? c + 3 : c < 6 ? c - 3 : c;
        if (r >= 4) {
          sc = c;
        }
        assertEquals((r * 12 + sc) * 10, v.get(r).get(c).asInt(), r + "," + c);
      }
    }
  }

  static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
