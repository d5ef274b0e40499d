package io.h5j;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.format.io.Lookup3;
import io.h5j.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
      int sum = Lookup3.checksum(data, b[0], b[1] - 4);
      for (int k = 0; k < 4; k++) {
        data[b[0] + b[1] - 4 + k] = (byte) (sum >>> (8 * k));
      }
    }
    // beside the fixture's sources, so that only the damage can make a source go missing
    Path dir = Fixtures.dir();
    Path f = Files.createTempFile(dir, "damaged-vds", ".tmp");
    try {
      Files.write(f, data);
      String outcome = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
        try (H5File h = H5File.open(f)) {
          h.fillMissingVirtualSources(rnd.nextBoolean());
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
      Statistics.collect(outcome, fixChecksum);
    } finally {
      Files.deleteIfExists(f);
    }
  }
}
