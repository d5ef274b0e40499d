package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h5j check [--repair]} on copies of a file versioned-hdf5 wrote: exit codes, the lines
 * naming damage and repairs, and h5py's reading of what a repair wrote. Which versions map a
 * damaged chunk, and where the chunk is, come from h5py.
 */
@OracleTest
class CheckCommandTest {
  @TempDir
  Path dir;


  private Path smoke() throws Exception {
    Path f = dir.resolve("smoke.h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5/smoke-2.4.1.dev-5389a78.h5"), f,
        StandardCopyOption.REPLACE_EXISTING);
    f.toFile().setWritable(true);
    return f;
  }

  /** From h5py: the distinct raw slots the committed versions map, and v1's grid chunk [4, 0]. */
  private static JsonNode mapping(Path f) throws Exception {
    return new ObjectMapper().readTree(Oracles.python(String.join("\n",
        "import sys, json, h5py",
        "slots, readers, place = set(), [], None",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    for v, g in f['_version_data/versions'].items():",
        "        if v == '__first_version__' or not g.attrs['committed']:",
        "            continue",
        "        def visit(name, ds):",
        "            if isinstance(ds, h5py.Dataset) and ds.is_virtual:",
        "                for vs in ds.virtual_sources():",
        "                    slots.add((name, vs.src_space.get_select_bounds()[0][0]))",
        "        g.visititems(visit)",
        "    grid = f['_version_data/versions/v1/grid']",
        "    start = [vs.src_space.get_select_bounds()[0][0] for vs in grid.virtual_sources()",
        "             if vs.vspace.get_select_bounds()[0] == (4, 0)][0]",
        "    for v, g in f['_version_data/versions'].items():",
        "        if v != '__first_version__' and 'grid' in g:",
        "            for vs in g['grid'].virtual_sources():",
        "                if vs.src_space.get_select_bounds()[0][0] == start:",
        "                    readers.append(v + ' ' + str(list(vs.vspace.get_select_bounds()[0])))",
        "    raw = f['_version_data/grid/raw_data']",
        "    place = raw.id.get_chunk_info_by_coord((start, 0)).byte_offset",
        "print(json.dumps({'slots': len(slots), 'start': int(start), 'readers': sorted(readers),",
        "                  'offset': place}))"), f.toString()));
  }

  @Test
  void aCleanFileExitsZero() throws Exception {
    Path f = smoke();
    JsonNode m = mapping(f);
    CliRun r = CliRun.of("check", f.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertEquals(List.of(f + ": clean; " + m.get("slots").asInt() + " raw chunks hashed"),
        r.out().lines().toList());
  }

  @Test
  void aFlippedBitIsNamedWithItsReadersAndExitsOne() throws Exception {
    Path f = smoke();
    JsonNode m = mapping(f);
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      long at = m.get("offset").asLong() + 4; // the second int32 of the chunk
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, at);
      b.put(0, (byte) (b.get(0) ^ 0x10)).rewind();
      ch.write(b, at);
    }
    CliRun r = CliRun.of("check", f.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    List<String> damaged = r.out().lines().filter(l -> l.startsWith("damaged: ")).toList();
    assertEquals(1, damaged.size(), r.out());
    long start = m.get("start").asLong();
    String line = damaged.get(0);
    assertTrue(line.startsWith("damaged: dataset grid: raw_data rows " + start + ".."
        + (start + 4) + " (raw chunk at file offset " + m.get("offset").asLong() + ")"), line);
    String readBy = line.substring(line.indexOf("; read by ") + "; read by ".length());
    List<String> readers = new java.util.ArrayList<>();
    m.get("readers").forEach(x -> readers.add(x.asText())); // "v1 [4, 0]": one chunk each here
    assertEquals(String.join(", ", readers), readBy, line);
    assertTrue(r.out().endsWith(f + ": damaged: 1 problem (1 damaged chunk); "
        + m.get("slots").asInt() + " raw chunks hashed\n"), r.out());
  }

  @Test
  void repairFixesWhatAKilledCommitLeavesAndExitsZero() throws Exception {
    Path f = smoke();
    Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r+') as f:",
        "    g = f['_version_data/versions'].create_group('v4')",
        "    g.attrs['prev_version'] = 'v3'",
        "    g.attrs['committed'] = False",
        "    g.attrs['timestamp'] = '2026-12-01 10:00:00.000000+0000'",
        "    late = f['_version_data'].create_group('late')",
        "    late.create_dataset('raw_data', shape=(0,), maxshape=(None,), chunks=(4,),",
        "                        dtype='i8')"), f.toString());
    CliRun before = CliRun.of("check", f.toString());
    assertEquals(1, before.code(), before.out());
    assertTrue(before.out().contains("damaged: version v4: is not committed"), before.out());
    assertTrue(before.out().contains("damaged: /_version_data/late: lacks hash_table"),
        before.out());

    CliRun r = CliRun.of("check", "--repair", f.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    List<String> repaired = r.out().lines().filter(l -> l.startsWith("repaired: ")).toList();
    assertEquals(List.of("repaired: version v4: deleted the uncommitted version group",
        "repaired: /_version_data/late: deleted the group"), repaired);
    assertTrue(r.out().lines().toList().get(2).startsWith(f + ": clean; "), r.out());
    assertTrue(r.out().strip().endsWith("; 2 repairs made"), r.out());

    JsonNode manifest = null;
    for (JsonNode e : new ObjectMapper().readTree(Fixtures.dir()
        .resolve("versioned-hdf5/manifest-2.4.1.dev-5389a78.json").toFile())) {
      if (e.get("file").asText().equals("smoke-2.4.1.dev-5389a78.h5")) {
        manifest = e;
      }
    }
    StringBuilder expected = new StringBuilder();
    for (JsonNode v : manifest.get("versions")) {
      for (JsonNode d : v.get("datasets")) {
        expected.append(v.get("version").asText()).append(' ').append(d.get("path").asText())
            .append(' ').append(d.get("sha256_c_order_le").asText()).append('\n');
      }
    }
    assertEquals(expected.toString(), Oracles.python(String.join("\n",
        "import sys, hashlib, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    assert 'late' not in f['_version_data'], 'orphan left'",
        "    vs = f['_version_data/versions']",
        "    assert vs.attrs['current_version'] == 'v3'",
        "    for v in sorted(vs):",
        "        if v == '__first_version__':",
        "            continue",
        "        assert vs[v].attrs['committed'], v",
        "        names = []",
        "        vs[v].visititems(lambda n, o: names.append(n) if isinstance(o, h5py.Dataset)"
            + " else None)",
        "        for n in sorted(names):",
        "            a = np.ascontiguousarray(vs[v][n][()])",
        "            print(v, n, hashlib.sha256(a.astype(a.dtype.newbyteorder('<')).tobytes())"
            + ".hexdigest())"), f.toString()));
  }

  @Test
  void usageAndInputErrors() throws Exception {
    assertEquals(2, CliRun.of("check").code());
    assertEquals(2, CliRun.of("check", "--fix", smoke().toString()).code());
    CliRun help = CliRun.of("check", "--help");
    assertEquals(0, help.code(), help.err());
    assertTrue(help.out().contains("--repair") && help.out().contains("Exit status:"),
        help.out());
    CliRun missing = CliRun.of("check", dir.resolve("nope.h5").toString());
    assertEquals(1, missing.code());
  }

  /**
   * A plain file gets the structural check: clean as written by h5py (h5dump reads it), and
   * a copy whose object header h5dump refuses (a flipped bit under a checksum) is named as
   * damaged, exit 1. h5dump's refusal, not h5j's reading, says where the damage is.
   */
  @Test
  void plainFilesGetTheStructuralCheck() throws Exception {
    Path f = dir.resolve("plain.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
        "    f.create_dataset('g/d', data=np.arange(100.0), chunks=(10,))",
        "    f['g'].attrs['a'] = 'text'"), f.toString());
    Oracles.h5dump(f);
    CliRun clean = CliRun.of("check", f.toString());
    assertEquals(0, clean.code(), clean.out() + clean.err());
    assertTrue(clean.out().contains(f + ": clean;"), clean.out());
    long header = Long.parseLong(Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(h5py.h5o.get_info(f['g'].id).addr)"), f.toString()).strip());
    Path bad = dir.resolve("bad.h5");
    Files.copy(f, bad);
    try (FileChannel ch = FileChannel.open(bad, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, header + 6);
      b.put(0, (byte) (b.get(0) ^ 0x10)).rewind();
      ch.write(b, header + 6);
    }
    Oracles.Run dump = Oracles.run(List.of("h5dump", bad.toString()));
    assertTrue(dump.exitCode() != 0, "h5dump reads the damaged copy:\n" + dump.stdout());
    CliRun damaged = CliRun.of("check", bad.toString());
    assertEquals(1, damaged.code(), damaged.out() + damaged.err());
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "damaged: /g: object header at offset (\\d+)").matcher(damaged.out());
    assertTrue(m.find(), damaged.out());
    long at = Long.parseLong(m.group(1));
    assertTrue(at >= header && at < header + 4096, "the damage at " + (header + 6)
        + " reported at " + at + ":\n" + damaged.out());
  }
}
