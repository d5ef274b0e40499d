package io.h5j.format.check;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Where a file's bytes go, by kind of structure: a walk of everything reachable (the check's
 * walk, each object once) that sums the ranges it finds, and the rest of the file as
 * unreachable. Chunks and contiguous data are split by the dataset's name, so that
 * versioned-hdf5's {@code raw_data} and {@code hash_table} datasets show apart from the rest;
 * header messages are a breakdown of the object headers they lie in.
 * Run: {@code java -cp format/target/classes:format/target/test-classes
 * io.h5j.format.check.SpaceAccounting [--gaps] FILE...} (after {@code mvn -o -pl format
 * test-compile}).
 */
final class SpaceAccounting implements SpaceTally {
  static final String UNREACHABLE = "unreachable (file size minus everything reachable)";

  private record Range(long address, long length, String kind) {}

  private record Claim(String kind, long address, long length) {}

  private final Map<String, Long> bytes = new TreeMap<>();
  private final Map<String, Long> nested = new TreeMap<>();
  private final Set<Claim> claimed = new HashSet<>();
  private final List<Range> ranges = new ArrayList<>();
  /** Unreachable bytes by the kinds of structure before and after them. */
  private final Map<String, Long> gaps = new TreeMap<>();
  private final Map<String, Long> gapCounts = new TreeMap<>();

  /** Bytes by kind of structure, and {@link #UNREACHABLE}: together the file's size. */
  Map<String, Long> bytes() {
    return bytes;
  }

  /** Bytes inside the structures of {@link #bytes}, by kind: header messages, heap objects. */
  Map<String, Long> nested() {
    return nested;
  }

  static SpaceAccounting of(Path file) throws IOException {
    SpaceAccounting a = new SpaceAccounting();
    StructureCheck.run(file, a);
    a.bytes.put(UNREACHABLE, Files.size(file) - a.union());
    return a;
  }

  @Override
  public void claim(String path, String structure, long address, long length) {
    if (address < 0) {
      nested.merge("header messages: " + message(structure), length, Long::sum);
      return;
    }
    if (structure.startsWith("global heap object")) {
      // inside a collection, which is claimed too
      nested.merge("global heap objects: mapping blocks", length, Long::sum);
      return;
    }
    String kind = kind(path, structure);
    if (claimed.add(new Claim(kind, address, length))) {
      bytes.merge(kind, length, Long::sum);
      ranges.add(new Range(address, length, kind));
    }
  }

  private static String kind(String path, String structure) {
    String leaf = path.substring(path.lastIndexOf('/') + 1);
    String of = leaf.equals("raw_data") || leaf.equals("hash_table") ? leaf : "other datasets";
    if (structure.equals("chunk") || structure.equals("contiguous data")) {
      return "data of " + of;
    }
    if (structure.equals("chunk index")) {
      return "chunk indexes of " + of;
    }
    if (structure.equals("object header chunk")) {
      return "object headers";
    }
    if (structure.startsWith("local heap") || structure.equals("v1 B-tree node")
        || structure.equals("symbol table node")) {
      return "symbol tables (v1 B-trees, local heaps)";
    }
    return structure;
  }

  private static String message(String structure) {
    return switch (Integer.parseInt(structure.substring("message ".length()))) {
      case 0x0C -> "attributes";
      case 0x08 -> "layouts";
      case 0x06 -> "links";
      case 0x01, 0x03 -> "dataspaces and datatypes";
      case 0x05, 0x0B -> "fill values and filters";
      default -> "other";
    };
  }

  /** Bytes covered by the claimed ranges, overlaps counted once. */
  private long union() {
    ranges.sort((a, b) -> Long.compare(a.address, b.address));
    long total = 0;
    long end = -1;
    String previous = "";
    for (Range r : ranges) {
      long start = Math.max(r.address, end);
      long stop = r.address + r.length;
      if (r.address > end && end >= 0) {
        gaps.merge(previous + " | " + r.kind, r.address - end, Long::sum);
        gapCounts.merge(previous + " | " + r.kind, 1L, Long::sum);
      }
      if (stop > start) {
        total += stop - start;
        end = stop;
        previous = r.kind;
      }
    }
    return total;
  }

  /** Prints the accounting of each file; {@code --gaps} adds the unreachable runs by neighbours. */
  public static void main(String[] args) throws IOException {
    boolean gaps = java.util.Arrays.asList(args).contains("--gaps");
    for (String f : args) {
      if (f.equals("--gaps")) {
        continue;
      }
      Path p = Path.of(f);
      SpaceAccounting a = of(p);
      long size = Files.size(p);
      System.out.printf("%s: %,d bytes%n", p, size);
      a.bytes.forEach((k, v) -> System.out.printf("  %-55s %,14d  %6.2f%%%n", k, v,
          100.0 * v / size));
      a.nested.forEach((k, v) -> System.out.printf("    (within) %-44s %,14d%n", k, v));
      if (gaps) {
        a.gaps.forEach((k, v) -> System.out.printf("    (gap between) %-70s %,14d in %,d%n", k, v,
            a.gapCounts.get(k)));
      }
    }
  }
}
