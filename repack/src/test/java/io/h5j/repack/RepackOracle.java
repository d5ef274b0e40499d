package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** libhdf5's judgement of a repack: h5diff finds no difference and h5dump reads the output. */
final class RepackOracle {
  private RepackOracle() {}

  /** Fails unless {@code h5diff in out} exits 0 (h5diff ships with h5dump in hdf5-tools). */
  static void assertSameContent(Path in, Path out) throws IOException {
    Oracles.requireH5dump();
    Oracles.Run r = Oracles.run(List.of("h5diff", in.toString(), out.toString()));
    if (r.exitCode() != 0) {
      Oracles.Run detail = Oracles.run(List.of("h5diff", "-r", in.toString(), out.toString()));
      fail("h5diff " + in + " " + out + " exited " + r.exitCode() + ":\n" + r.stderr()
          + detail.stdout().lines().filter(l -> !l.startsWith("0 differences")
              && !l.startsWith("dataset:") && !l.startsWith("attribute:")
              && !l.startsWith("group")).limit(40).reduce("", (a, b) -> a + b + "\n"));
    }
    assertEquals(0, r.exitCode());
  }

  /**
   * Where to write the repacked {@code fixture}: a new folder holding copies of all fixture
   * files, so that external links and virtual dataset sources, which name other files
   * relative to the file, resolve as they do for the input.
   */
  static Path besideFixtures(String fixture) {
    return io.h5j.testing.Fixtures.scratchDirFor(fixture).resolve(fixture);
  }

  /**
   * libhdf5's view of each dataset's storage, a line each: path, layout, chunk shape,
   * pipeline (id, flags, client data), each stored chunk's offset and filter mask, and
   * whether any storage is allocated.
   */
  private static final String STORAGE = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "def show(name, o):",
      "    if not isinstance(o, h5py.Dataset):",
      "        return",
      "    p = o.id.get_create_plist()",
      "    filters = [p.get_filter(i)[:3] for i in range(p.get_nfilters())]",
      "    chunks = []",
      "    if o.chunks:",
      "        for i in range(o.id.get_num_chunks()):",
      "            c = o.id.get_chunk_info(i)",
      "            chunks.append((c.chunk_offset, c.filter_mask))",
      "    print(name, p.get_layout(), o.chunks, filters, chunks,",
      "          'stored' if o.id.get_storage_size() else 'unallocated')",
      "f.visititems(show)");

  /**
   * A repacker with at most one h5repack-style option: "as stored" (none), a filter
   * ({@code GZIP=1}) or a layout ({@code CHUNK=3}, {@code CONTI}).
   */
  static Repacker repacker(String option) {
    Repacker.Builder b = Repacker.builder();
    if (option.startsWith("GZIP")) {
      b.filter(FilterOption.parse(option));
    } else if (!option.equals("as stored")) {
      b.layout(LayoutOption.parse(option));
    }
    return b.build();
  }

  /** {@link #STORAGE} of every dataset in {@code file}. */
  static String storage(Path file) throws IOException {
    return Oracles.python(STORAGE, file.toString());
  }

  /** Runs h5repack -v with a {@code -f} for each of {@code filters}; returns what it prints. */
  static String h5repack(Path in, Path out, List<String> filters) throws IOException {
    Oracles.requireH5dump(); // h5repack comes with h5dump (hdf5-tools)
    List<String> cmd = new java.util.ArrayList<>(List.of("h5repack", "-v"));
    for (String f : filters) {
      cmd.add("-f");
      cmd.add(f);
    }
    cmd.add(in.toString());
    cmd.add(out.toString());
    Oracles.Run r = Oracles.run(cmd);
    assertEquals(0, r.exitCode(), r.stderr() + r.stdout());
    return r.stdout();
  }

  /** h5dump reads every object and value of {@code file} without error. */
  static void assertReadable(Path file) throws IOException {
    Oracles.h5dump(file);
  }
}
