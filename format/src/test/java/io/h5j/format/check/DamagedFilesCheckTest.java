package io.h5j.format.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.CheckReport;
import io.h5j.format.Problem;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.ForwardingFileChannel;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bit flips in the structures the check reads (the ranges it reads from a clean fixture:
 * object headers, heaps, B-tree nodes, chunk indexes, mapping blocks), one at a time, judged
 * by libhdf5: whenever h5dump cannot read the damaged copy, the check reports a problem; the
 * check never throws and never hangs. Flips that libhdf5 reads past and the check does not
 * see (structures without a checksum where the flip still decodes, bytes no reader uses) are
 * counted per structure and printed, not hidden.
 */
@OracleTest
class DamagedFilesCheckTest {
  private static final int FLIPS_PER_FILE = 6;

  /** libhdf5 reading every object and value of a file: exit status 0 when it could. */
  private record Judge(String name, List<String> command) {
    boolean reads(Path file) throws IOException {
      List<String> cmd = new ArrayList<>(command);
      cmd.add(file.toString());
      return Oracles.run(cmd).exitCode() == 0;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * Reads every object, attribute and dataset value with h5py on libhdf5 2.0, then has
   * libhdf5 resolve every revised reference ({@code tools/libhdf5-2/refs_oracle.py}, in the
   * same process), which h5py cannot read as values: exit 1 when either fails. Arguments: the
   * oracle, the file.
   */
  private static final String READ_ALL_V2 = String.join("\n",
      "import os, sys, h5py",
      "sys.path.insert(0, os.path.dirname(sys.argv[1]))",
      "import refs_oracle",
      "def read(get):",
      "    try:",
      "        get()",
      "    except TypeError as e:",
      "        if 'reference type' not in str(e):",
      "            raise",
      "f = h5py.File(sys.argv[2], 'r')",
      "def visit(name, o):",
      "    for a in o.attrs:",
      "        read(lambda: o.attrs[a])",
      "    if isinstance(o, h5py.Dataset):",
      "        read(lambda: o[()])",
      "for a in f.attrs:",
      "    read(lambda: f.attrs[a])",
      "f.visititems(visit)",
      "f.close()",
      "sys.exit(1 if any('error' in r for r in refs_oracle.describe(sys.argv[2])) else 0)");

  /**
   * The most thorough libhdf5 reader that reads the clean {@code file}: h5dump 1.10.8 of
   * everything; else h5dump of headers and storage properties (it opens every dataset, its
   * mapping blocks and chunk indexes, and reads no data: the versioned fixtures' virtual
   * datasets fail a full dump of libhdf5 1.10.8); else h5py on libhdf5 2.0 reading every
   * value (files of HDF5 2.0 encodings).
   */
  private static Judge judge(Path file) throws IOException {
    List<Judge> judges = new ArrayList<>(List.of(new Judge("h5dump", List.of("h5dump")),
        new Judge("h5dump -H -p", List.of("h5dump", "-H", "-p"))));
    if (Files.isExecutable(Oracles.hdf5v2Python())) {
      judges.add(new Judge("h5py on libhdf5 2.0", List.of(Oracles.hdf5v2Python().toString(),
          "-c", READ_ALL_V2, Oracles.hdf5v2Dir().resolve("refs_oracle.py").toString())));
    }
    for (Judge j : judges) {
      if (j.reads(file)) {
        return j;
      }
    }
    Oracles.requireHdf5v2();
    throw new AssertionError("no libhdf5 reader reads the clean " + file);
  }
  /** kind of structure → {flips, reported by the check, refused by libhdf5}. */
  private static final Map<String, long[]> TALLY = new TreeMap<>();

  /**
   * Every fixture file of at most 1 MiB, by its path under fixtures/: the two larger ones
   * (versioned-hdf5's seed-small files) have the structures of its smoke files, and libhdf5
   * takes seconds to read each damaged copy of them (FixturesCheckCleanTest checks them);
   * not libhdf5's own test files (libhdf5-tests/: one holds 2^61 elements of fill value,
   * which h5dump prints for hours; CorpusDumpTest reads them).
   */
  static Stream<String> fixtures() throws IOException {
    try (Stream<Path> all = Files.walk(Fixtures.dir())) {
      return all.filter(p -> p.toString().endsWith(".h5") && p.toFile().length() <= 1 << 20)
          .filter(p -> !Fixtures.dir().relativize(p).startsWith("libhdf5-tests"))
          .map(p -> Fixtures.dir().relativize(p).toString()).sorted().toList().stream();
    }
  }

  /** A copy of the whole fixtures folder, so that damaged files find their companions. */
  private static Path scratch;

  @BeforeAll
  static void copyFixtures() throws IOException {
    scratch = Files.createTempDirectory("h5j-damaged");
    try (Stream<Path> all = Files.walk(Fixtures.dir())) {
      for (Path p : all.toList()) {
        Path to = scratch.resolve(Fixtures.dir().relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
  }

  /** A channel that records the range of every positional read. */
  private static final class RecordingChannel extends ForwardingFileChannel {
    final Set<long[]> reads = new LinkedHashSet<>();

    RecordingChannel(FileChannel c) {
      super(c);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
      int n = super.read(dst, position);
      if (n > 0) {
        reads.add(new long[] {position, n});
      }
      return n;
    }
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void everyFlipLibhdf5RefusesIsReported(String fixture) throws Exception {
    Oracles.requireH5dump();
    Path damaged = scratch.resolve(fixture);
    byte[] bytes = Files.readAllBytes(damaged);
    List<long[]> ranges = rangesRead(damaged);
    assertFalse(ranges.isEmpty());
    Judge judge = judge(damaged);
    Random random = new Random(fixture.hashCode());
    List<String> missed = new ArrayList<>();
    // a kind of structure first, then one of its ranges: rare kinds get flips too
    Map<String, List<long[]>> byKind = new TreeMap<>();
    for (long[] range : ranges) {
      byKind.computeIfAbsent(kind(bytes, (int) range[0]), k -> new ArrayList<>()).add(range);
    }
    List<String> kinds = new ArrayList<>(byKind.keySet());
    for (int i = 0; i < FLIPS_PER_FILE; i++) {
      String kind = kinds.get(random.nextInt(kinds.size()));
      List<long[]> ofKind = byKind.get(kind);
      long[] range = ofKind.get(random.nextInt(ofKind.size()));
      int at = (int) (range[0] + random.nextInt((int) range[1]));
      int bit = random.nextInt(8);
      byte[] copy = bytes.clone();
      copy[at] ^= (byte) (1 << bit);
      Files.write(damaged, copy);
      CheckReport r = assertTimeoutPreemptively(Duration.ofSeconds(20),
          () -> io.h5j.FileCheck.check(damaged), "check of " + fixture + " with byte " + at
              + " bit " + bit + " flipped");
      boolean refused = !judge.reads(damaged);
      long[] t = TALLY.computeIfAbsent(kind, k -> new long[3]);
      t[0]++;
      t[1] += r.clean() ? 0 : 1;
      t[2] += refused ? 1 : 0;
      if (refused && r.clean()) {
        missed.add(kind + " byte " + at + " bit " + bit);
      }
    }
    Files.write(damaged, bytes);
    assertEquals(List.of(), missed, fixture + ": " + judge + " refuses these flips, the check"
        + " saw nothing");
  }

  /**
   * Random damage anywhere in the first 64 KiB (1 to 3 flipped bits, 40 copies of each
   * fixture up to 1 MiB) ends in a report: no exception, no decoder's runtime exception
   * reported as "does not decode", and no check longer than 20 s.
   */
  @ParameterizedTest
  @MethodSource("fixtures")
  void randomDamageEndsInAReport(String fixture) throws Exception {
    Path damaged = scratch.resolve(fixture);
    byte[] bytes = Files.readAllBytes(damaged);
    Random random = new Random(~fixture.hashCode());
    try {
      for (int i = 0; i < 40; i++) {
        byte[] copy = bytes.clone();
        int flips = 1 + random.nextInt(3);
        for (int k = 0; k < flips; k++) {
          copy[random.nextInt(Math.min(copy.length, 1 << 16))] ^= (byte) (1 << random.nextInt(8));
        }
        Files.write(damaged, copy);
        CheckReport r = assertTimeoutPreemptively(Duration.ofSeconds(20),
            () -> io.h5j.FileCheck.check(damaged), fixture + " copy " + i);
        for (Problem p : r.problems()) {
          assertFalse(p.detail().startsWith("does not decode (java."), fixture + " copy " + i
              + ": a decoder failed with a runtime exception: " + p);
        }
      }
    } finally {
      Files.write(damaged, bytes);
    }
  }

  @AfterAll
  static void printTally() {
    StringBuilder s = new StringBuilder("bit flips by structure (flips, reported by the check,"
        + " refused by libhdf5):");
    TALLY.forEach((k, v) -> s.append("\n  ").append(k).append(": ").append(v[0]).append(", ")
        .append(v[1]).append(", ").append(v[2]));
    System.out.println(s);
  }

  /** The ranges the check reads from {@code file}, which must check clean. */
  private static List<long[]> rangesRead(Path file) throws IOException {
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
      RecordingChannel rec = new RecordingChannel(c);
      CheckReport r;
      try (FileAccess fa = FileAccess.borrow(file, rec, false)) {
        r = StructureCheck.run(fa, file, 10, n -> { });
      }
      assertTrue(r.clean(), r.toString());
      Map<Long, long[]> distinct = new LinkedHashMap<>();
      for (long[] read : rec.reads) {
        distinct.merge(read[0], read, (a, b) -> a[1] >= b[1] ? a : b);
      }
      return new ArrayList<>(distinct.values());
    }
  }

  /** The structure a read range starts with, by its signature. */
  private static String kind(byte[] file, int at) {
    if (at + 8 <= file.length && file[at] == (byte) 0x89 && file[at + 1] == 'H') {
      return "superblock v" + (file[at + 8] & 0xff);
    }
    if (at + 4 <= file.length) {
      String sig = new String(file, at, 4, StandardCharsets.ISO_8859_1);
      if (sig.chars().allMatch(ch -> ch >= 'A' && ch <= 'Z')) {
        return sig;
      }
    }
    return "unsigned (v1 object header, message, heap data)";
  }

}
