package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

/**
 * Encoders that keep per-thread state between chunks (deflaters reset per chunk, output
 * buffers, the shuffle's scratch stage) give each chunk what a fresh encoder would, and no
 * chunk's result changes when the thread encodes the next.
 */
class ReusedEncodersTest {
  /** The zlib stream of {@code in} from a new JDK deflater: what one per chunk gives. */
  private static byte[] freshDeflate(byte[] in, int level) {
    Deflater d = new Deflater(level);
    try {
      d.setInput(in);
      d.finish();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[1 << 16];
      while (!d.finished()) {
        out.write(buf, 0, d.deflate(buf));
      }
      return out.toByteArray();
    } finally {
      d.end();
    }
  }

  private static byte[] inflate(byte[] stream, int length) throws Exception {
    Inflater i = new Inflater();
    try {
      i.setInput(stream);
      byte[] out = new byte[length];
      int n = 0;
      while (!i.finished() && n < length) {
        n += i.inflate(out, n, length - n);
      }
      assertEquals(length, n);
      return out;
    } finally {
      i.end();
    }
  }

  private static byte[] noise(long seed, int length) {
    byte[] b = new byte[length];
    new Random(seed).nextBytes(b);
    return b;
  }

  @Test
  void deflateOnOneThreadGivesWhatAFreshDeflaterGives() throws Exception {
    DeflateFilter deflate = new DeflateFilter();
    // levels and sizes vary from chunk to chunk; 9 MiB of noise outgrows the kept output
    int[][] chunks = {{4, 1 << 20}, {4, 1 << 20}, {1, 3000}, {9, 70_000}, {4, 0},
        {0, 5000}, {6, 9 << 20}, {4, 1 << 20}};
    for (int k = 0; k < chunks.length; k++) {
      int level = chunks[k][0];
      byte[] in = k % 2 == 0 ? FilterRoundTripTest.data(k, chunks[k][1], 8)
          : noise(k, chunks[k][1]);
      byte[] got = deflate.encode(in, new int[] {level}).orElseThrow();
      assertArrayEquals(freshDeflate(in, level), got, "chunk " + k + ", level " + level);
      assertArrayEquals(in, inflate(got, in.length), "chunk " + k);
    }
  }

  @Test
  void aChunksEncodingOutlivesTheNextChunk() throws Exception {
    List<List<FilterDescription>> pipelines = List.of(
        List.of(FilterDescription.of(Filters.SHUFFLE, false, 8),
            FilterDescription.of(Filters.DEFLATE, false, 4)),
        List.of(FilterDescription.of(Filters.SHUFFLE, false, 8)),
        // noise: the optional LZF declines, so the shuffled bytes are what is stored
        List.of(FilterDescription.of(Filters.SHUFFLE, false, 8),
            FilterDescription.of(Filters.LZF, true)));
    for (List<FilterDescription> filters : pipelines) {
      FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(filters));
      byte[] a = noise(1, 1 << 20);
      byte[] b = noise(2, 1 << 20);
      FilterPipeline.Encoded first = p.encode(a);
      byte[] kept = first.bytes().clone();
      FilterPipeline.Encoded second = p.encode(b);
      assertArrayEquals(kept, first.bytes(), filters + ": the first result changed");
      assertArrayEquals(a, p.decode(first.bytes(), first.filterMask(), a.length));
      assertArrayEquals(b, p.decode(second.bytes(), second.filterMask(), b.length));
    }
  }
}
