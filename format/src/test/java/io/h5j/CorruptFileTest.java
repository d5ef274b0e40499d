package io.h5j;

import io.h5j.format.H5FormatException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.testing.Fixtures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * Damaged files end in {@link H5FormatException} and nothing else: random byte flips and
 * truncations of every fixture are opened and walked completely (groups, links, attributes,
 * contiguous and compact data), each in bounded time.
 */
class CorruptFileTest {
  private static final List<String> FILES = Fixtures.files();

  @Provide
  Arbitrary<String> fixture() {
    return Arbitraries.of(FILES);
  }

  @Property(tries = 1000)
  void flippedBytesFailOnlyAsFormatErrors(@ForAll("fixture") String name,
      @ForAll @IntRange(min = 1, max = 8) int flips, @ForAll long seed) throws Exception {
    byte[] data = Files.readAllBytes(Fixtures.file(name));
    java.util.Random rnd = new java.util.Random(seed);
    // Most structures sit in the first few KiB; aim half the flips there.
    for (int i = 0; i < flips; i++) {
      int limit = rnd.nextBoolean() ? Math.min(data.length, 4096) : data.length;
      data[rnd.nextInt(limit)] ^= (byte) (1 + rnd.nextInt(255));
    }
    walkDamaged(data);
  }

  @Property(tries = 300)
  void truncatedFilesFailOnlyAsFormatErrors(@ForAll("fixture") String name,
      @ForAll @IntRange(min = 0, max = 1000) int permille) throws Exception {
    byte[] whole = Files.readAllBytes(Fixtures.file(name));
    walkDamaged(java.util.Arrays.copyOf(whole, (int) ((long) whole.length * permille / 1000)));
  }

  @Test
  void theWalkReachesEveryObjectOfAnUndamagedFile() throws Exception {
    for (String name : FILES) {
      Set<Long> manifestAddresses = new HashSet<>();
      Fixtures.objects(name).forEach(o -> {
        if (o.has("addr")) {
          manifestAddresses.add(o.get("addr").asLong());
        }
      });
      Set<Long> seen = new HashSet<>();
      try (H5File h = H5File.open(Fixtures.file(name))) {
        walk(h.root(), seen);
      }
      assertEquals(manifestAddresses, seen, name);
    }
  }

  /**
   * /src/growing of vds.h5 ([5, 4] int32, chunked, rows unlimited) with its first dimension's
   * top byte damaged to 2^60 + 5: 2^64 + 80 bytes. Reading it is a format error, not an
   * ArithmeticException (the property found this when its own size guard wrapped around).
   */
  /**
   * A sample the property found: a flip in a chunked layout's element size (11,927,556 bytes
   * against the datatype's 4) made the read size its buffer by the layout and fail with
   * "select less"; it is a format error naming both sizes.
   */
  @Example
  void aLayoutElementSizeUnlikeTheDatatypesIsAFormatError() throws Exception {
    flippedBytesFailOnlyAsFormatErrors("layouts_earliest.h5", 2, -3644698L);
  }

  @Example
  void aDatasetOfMoreThan2To63BytesIsAFormatError() throws Exception {
    byte[] data = Files.readAllBytes(Fixtures.file("vds.h5"));
    byte[] dataspace = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN).putLong(5)
        .putLong(4).putLong(-1).putLong(4).array(); // dims, then max dims
    String latin1 = new String(data, StandardCharsets.ISO_8859_1);
    int at = latin1.indexOf(new String(dataspace, StandardCharsets.ISO_8859_1));
    assertTrue(at > 0 && latin1.indexOf(new String(dataspace, StandardCharsets.ISO_8859_1),
        at + 1) < 0, "one dataspace [5, 4] max [unlimited, 4] in vds.h5");
    data[at + 7] ^= 0x10;
    Path f = Files.createTempFile("h5j-corrupt", ".h5");
    try {
      Files.write(f, data);
      try (H5File h = H5File.open(f)) {
        Dataset d = h.dataset("src/growing");
        assertArrayEquals(new long[] {(1L << 60) + 5, 4}, d.shape());
        H5FormatException e = assertThrows(H5FormatException.class, d::read);
        assertTrue(e.getMessage().contains("/src/growing") && e.getMessage().contains("2^63"),
            e.getMessage());
      }
    } finally {
      Files.deleteIfExists(f);
    }
    walkDamaged(data);
  }

  private static void walkDamaged(byte[] data) throws IOException {
    Path f = Files.createTempFile("h5j-corrupt", ".h5");
    try {
      Files.write(f, data);
      String outcome = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
        try (H5File h = H5File.open(f)) {
          h.fillMissingVirtualSources(true); // the copy has no sibling source files
          walk(h.root(), new HashSet<>());
          return "read without error";
        } catch (H5FormatException expected) {
          return "H5FormatException";
        } catch (Throwable t) {
          return fail("damaged file raised " + t + " instead of H5FormatException", t);
        }
      });
      Statistics.collect(outcome);
    } finally {
      Files.deleteIfExists(f);
    }
  }

  private static void walk(Node n, Set<Long> seen) throws IOException {
    if (!seen.add(n.address()) || seen.size() > 10_000) {
      return;
    }
    n.attributes().all();
    if (n instanceof Dataset d) {
      d.layoutName();
      var space = d.dataspace();
      // a division: damage can make the byte count pass 2^63, and a product then wraps around
      if (space.elementCount() < (1 << 28) / Math.max(1, d.datatype().size())) {
        d.read();
      } else if (space.elementCount() > 0) {
        // too big for one Java array (damage can make a valid-looking huge dataset): one element
        d.read(Selection.box(new long[space.rank()], java.util.Collections.nCopies(
            space.rank(), 1L).stream().mapToLong(Long::longValue).toArray()));
      }
    } else if (n instanceof NamedDatatype t) {
      t.datatype();
    } else if (n instanceof Group g) {
      for (Link l : g.links()) {
        if (l.kind() == Link.Kind.HARD) {
          walk(g.get(l.name()), seen);
        }
      }
    }
  }
}
