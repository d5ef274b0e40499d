package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import io.h5j.format.H5FormatException;

import io.h5j.format.io.Lookup3;
import io.h5j.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Damage aimed at the mapping blocks of the VDS fixture: random byte flips inside a block,
 * with the checksum left wrong or made right again (so that the damage reaches the decoding
 * of names and selections and the reading of the data), end in an {@link H5FormatException}
 * that names the virtual dataset, or in a read; nothing else, in bounded time.
 */
class VirtualCorruptTest {
  private static final String FIXTURE = "vds.h5";

  /** Where each VDS's mapping block lies in the fixture: {offset, length}. */
  private static List<int[]> blocks(byte[] file) throws Exception {
    List<int[]> out = new ArrayList<>();
    try (H5File f = H5File.open(Fixtures.file(FIXTURE))) {
      for (Link l : f.root().links()) {
        if (f.root().get(l.name()) instanceof Dataset d && d.layoutName().equals("VIRTUAL")) {
          byte[] block = d.virtualMappings().bytes();
          int at = indexOf(file, block);
          assertTrue(at > 0, "block of " + d.path() + " found in the file");
          out.add(new int[] {at, block.length});
        }
      }
    }
    return out;
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int k = 0; k < needle.length; k++) {
        if (hay[i + k] != needle[k]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Property(tries = 400)
  void damagedBlocksFailOnlyAsFormatErrorsNamingTheDataset(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 4) int flips, @ForAll boolean fixChecksum)
      throws Exception {
    byte[] data = Files.readAllBytes(Fixtures.file(FIXTURE));
    List<int[]> blocks = blocks(data);
    Random rnd = new Random(seed);
    int[] b = blocks.get(rnd.nextInt(blocks.size()));
    for (int i = 0; i < flips; i++) {
      data[b[0] + rnd.nextInt(b[1] - 4)] ^= (byte) (1 + rnd.nextInt(255));
    }
    if (fixChecksum) {
      fixChecksum(data, b);
    }
    Statistics.collect(walkDamaged(data, rnd.nextBoolean()), fixChecksum);
  }

  /**
   * A source file name "." (this file) damaged to "/", checksum made right: the source is a
   * folder. Without fill, that is an error naming the dataset and the mapping, as a missing
   * file is, not the IOException "Is a directory" (the property found it, once in ~20,000
   * tries).
   */
  @Example
  void aSourceNameDamagedIntoAFolderIsAMissingSource() throws Exception {
    byte[] data = Files.readAllBytes(Fixtures.file(FIXTURE));
    int[] b = blocks(data).stream().filter(x -> data[x[0]] == 0 && data[x[0] + 9] == '.'
        && data[x[0] + 10] == 0).findFirst().orElseThrow(); // v0: version, count, "." NUL
    data[b[0] + 9] = '/';
    fixChecksum(data, b);
    assertEquals("walked", walkDamaged(data, false));
    Path f = Files.createTempFile(Fixtures.dir(), "damaged-vds", ".tmp");
    try {
      Files.write(f, data);
      try (H5File h = H5File.open(f)) {
        Dataset d = null;
        for (Link l : h.root().links()) {
          if (h.root().get(l.name()) instanceof Dataset v && v.layoutName().equals("VIRTUAL")
              && v.virtualMappings().bytes().length == b[1]
              && v.mappingBlock().sourceFile(0).equals("/")) {
            d = v;
          }
        }
        assertNotNull(d, "the damaged dataset");
        java.io.FileNotFoundException e = assertThrows(java.io.FileNotFoundException.class,
            d::read);
        assertTrue(e.getMessage().contains(d.path() + ", mapping 0: source file '/'"),
            e.getMessage());
      }
    } finally {
      Files.deleteIfExists(f);
    }
  }

  private static void fixChecksum(byte[] data, int[] block) {
    int sum = Lookup3.checksum(data, block[0], block[1] - 4);
    for (int k = 0; k < 4; k++) {
      data[block[0] + block[1] - 4 + k] = (byte) (sum >>> (8 * k));
    }
  }

  /**
   * Opens a damaged copy of the fixture and reads every virtual dataset (one element of a huge
   * one): "walked" when each read ended in data or in an error naming its dataset,
   * "H5FormatException" when the file did not open; fails on anything else or a hang.
   */
  private static String walkDamaged(byte[] data, boolean fill) throws Exception {
    // beside the fixture's sources, so that only the damage can make a source go missing
    Path f = Files.createTempFile(Fixtures.dir(), "damaged-vds", ".tmp");
    try {
      Files.write(f, data);
      return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
        try (H5File h = H5File.open(f)) {
          h.fillMissingVirtualSources(fill);
          for (Link l : h.root().links()) {
            if (h.root().get(l.name()) instanceof Dataset d && d.layoutName().equals("VIRTUAL")) {
              try {
                if (d.dataspace().elementCount() < 1 << 24) {
                  d.read();
                } else { // damage can make a valid-looking huge extent: one element then
                  d.read(Selection.box(new long[d.shape().length],
                      java.util.stream.LongStream.generate(() -> 1).limit(d.shape().length)
                          .toArray()));
                }
              } catch (H5FormatException e) {
                if (!e.getMessage().contains(d.path())) {
                  fail("error does not name " + d.path() + ": " + e.getMessage());
                }
              } catch (java.io.FileNotFoundException e) { // a damaged name: a missing source
                if (!e.getMessage().contains(d.path()) || !e.getMessage().contains("mapping")) {
                  fail("error does not name " + d.path() + " and the mapping: " + e.getMessage());
                }
              }
            }
          }
          return "walked";
        } catch (H5FormatException e) {
          return "H5FormatException";
        } catch (Throwable t) {
          return fail("damaged block raised " + t + " instead of H5FormatException", t);
        }
      });
    } finally {
      Files.deleteIfExists(f);
    }
  }
}
