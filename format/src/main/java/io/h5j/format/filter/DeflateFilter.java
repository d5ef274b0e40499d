package io.h5j.format.filter;

import io.h5j.H5FormatException;
import java.io.ByteArrayOutputStream;
import java.util.Optional;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Adler32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Filter 1, deflate: a zlib stream (RFC 1950, with header and Adler-32), as libhdf5's
 * {@code compress2} writes it. Client data value 0 is the level, 0..9 (default 6 when absent).
 */
final class DeflateFilter implements Filter {
  @Override
  public int id() {
    return Filters.DEFLATE;
  }

  @Override
  public String name() {
    return "deflate";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(in);
      // Inflate straight into an array of the expected size (the chunk's, usually exact).
      byte[] out = new byte[Math.max(0, Math.min(maxOutput, 64 << 20))];
      int n = 0;
      while (!inflater.finished()) {
        if (n == out.length) {
          if (out.length >= maxOutput) {
            byte[] probe = new byte[1];
            if (inflater.inflate(probe) > 0) {
              throw FilterSupport.error(this, "inflated data exceed the expected " + maxOutput
                  + " bytes");
            }
            if (!inflater.finished()) {
              throw FilterSupport.error(this, "zlib stream ends early");
            }
            break;
          }
          out = java.util.Arrays.copyOf(out, (int) Math.min(maxOutput, 2L * out.length + 1));
        }
        int got = inflater.inflate(out, n, out.length - n);
        if (got == 0 && !inflater.finished()
            && (inflater.needsInput() || inflater.needsDictionary())) {
          throw FilterSupport.error(this, "zlib stream ends early");
        }
        n += got;
      }
      return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    } catch (DataFormatException e) {
      throw FilterSupport.error(this, "corrupt zlib stream: " + e.getMessage(), e);
    } finally {
      inflater.end();
    }
  }

  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput)
      throws H5FormatException {
    return decode(in, inLength, clientData, out, maxOutput, Helpers.NONE);
  }

  /** Each thread's raw inflater, reset per chunk: zlib's state is set up once per thread. */
  private static final ThreadLocal<Inflater> RAW_INFLATERS =
      ThreadLocal.withInitial(() -> new Inflater(true));
  private static final byte[] EMPTY = new byte[0];

  /** Output between checksum jobs handed to a helper while inflating goes on. */
  private static final int CHECKED_PIECE = 128 << 10;

  /**
   * Inflates the raw deflate data inside the zlib wrapper and checks the wrapper's Adler-32
   * apart from zlib: on easily compressed data the checksum costs as much as inflating, so
   * helpers checksum each inflated piece while this thread inflates the next.
   */
  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput,
      Helpers helpers) throws H5FormatException {
    int dataStart = zlibHeaderLength(in, inLength);
    boolean share = helpers.forBytes(maxOutput).available();
    int piece = share ? CHECKED_PIECE : Integer.MAX_VALUE;
    List<Helpers.Forked<Long, RuntimeException>> sums = new ArrayList<>();
    List<Integer> lengths = new ArrayList<>();
    Inflater inflater = RAW_INFLATERS.get();
    inflater.reset();
    try {
      inflater.setInput(in, dataStart, inLength - dataStart);
      int n = 0;
      int checked = 0;
      while (!inflater.finished()) {
        if (n == maxOutput) {
          if (inflater.inflate(new byte[1]) > 0) {
            throw FilterSupport.error(this, "inflated data exceed the expected " + maxOutput
                + " bytes");
          }
          if (!inflater.finished()) {
            throw FilterSupport.error(this, "zlib stream ends early");
          }
          break;
        }
        int got = inflater.inflate(out, n, (int) Math.min(maxOutput, (long) n + piece) - n);
        if (got == 0 && !inflater.finished()
            && (inflater.needsInput() || inflater.needsDictionary())) {
          throw FilterSupport.error(this, "zlib stream ends early");
        }
        n += got;
        if (n - checked >= piece) {
          int from = checked;
          int to = n;
          sums.add(helpers.fork(() -> adler32(out, from, to)));
          lengths.add(to - from);
          checked = n;
        }
      }
      int trailer = inLength - inflater.getRemaining();
      if (inLength - trailer < 4) {
        throw FilterSupport.error(this, "zlib stream ends early");
      }
      long sum = 1;
      for (int i = 0; i < sums.size(); i++) {
        sum = combineAdler32(sum, sums.get(i).join(), lengths.get(i));
      }
      sum = combineAdler32(sum, adler32(out, checked, n), n - checked);
      long stored = (in[trailer] & 0xffL) << 24 | (in[trailer + 1] & 0xff) << 16
          | (in[trailer + 2] & 0xff) << 8 | (in[trailer + 3] & 0xff);
      if (sum != stored) {
        throw FilterSupport.error(this, "corrupt zlib stream: incorrect data check (Adler-32 "
            + Long.toHexString(sum) + ", stored " + Long.toHexString(stored) + ")");
      }
      return n;
    } catch (DataFormatException e) {
      throw FilterSupport.error(this, "corrupt zlib stream: " + e.getMessage(), e);
    } finally {
      for (Helpers.Forked<Long, RuntimeException> f : sums) {
        f.abandon(); // after a failure: no helper may still read out when this returns
      }
      inflater.setInput(EMPTY); // drop the reference to the chunk
    }
  }

  /** The length of the zlib header (RFC 1950) at the start of {@code in}, after checking it. */
  private int zlibHeaderLength(byte[] in, int inLength) throws H5FormatException {
    if (inLength < 2) {
      throw FilterSupport.error(this, "zlib stream ends early");
    }
    int cmf = in[0] & 0xff;
    int flg = in[1] & 0xff;
    if ((cmf << 8 | flg) % 31 != 0) {
      throw FilterSupport.error(this, "corrupt zlib stream: incorrect header check");
    }
    if ((cmf & 0x0f) != 8) {
      throw FilterSupport.error(this, "corrupt zlib stream: unknown compression method "
          + (cmf & 0x0f));
    }
    if (cmf >>> 4 > 7) {
      throw FilterSupport.error(this, "corrupt zlib stream: invalid window size");
    }
    if ((flg & 0x20) != 0) {
      throw FilterSupport.error(this, "zlib stream needs a preset dictionary, which HDF5"
          + " never uses");
    }
    return 2;
  }

  /** Adler-32 modulus, the largest prime below 2^16. */
  private static final long ADLER_BASE = 65521;

  private static long adler32(byte[] b, int from, int to) {
    Adler32 a = new Adler32();
    a.update(b, from, to - from);
    return a.getValue();
  }

  /**
   * The Adler-32 of two runs of bytes one after the other, from each run's own checksum (low
   * half: 1 + the byte sum; high half: the sum of the low half after each byte). Appending a
   * run of {@code length2} bytes adds its byte sum to the low half, and to the high half its
   * own high half plus {@code length2} times the first run's byte sum.
   */
  static long combineAdler32(long first, long second, long length2) {
    long a1 = first & 0xffff;
    long b1 = first >>> 16;
    long a2 = second & 0xffff;
    long b2 = second >>> 16;
    long sum1 = (a1 + ADLER_BASE - 1) % ADLER_BASE; // the first run's byte sum
    long a = (sum1 + a2) % ADLER_BASE;
    long b = (b1 + b2 + length2 % ADLER_BASE * sum1) % ADLER_BASE;
    return b << 16 | a;
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    int level = FilterSupport.clientValue(clientData, 0, 6);
    if (level < 0 || level > 9) {
      throw new IllegalArgumentException("deflate level " + level + " is not 0..9");
    }
    Deflater deflater = new Deflater(level);
    try {
      deflater.setInput(in);
      deflater.finish();
      ByteArrayOutputStream out = new ByteArrayOutputStream(in.length / 2 + 64);
      byte[] buf = new byte[1 << 16];
      while (!deflater.finished()) {
        int n = deflater.deflate(buf);
        out.write(buf, 0, n);
      }
      return Optional.of(out.toByteArray());
    } finally {
      deflater.end();
    }
  }

  /** zlib's compressBound. */
  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + (inputSize >> 12) + (inputSize >> 14) + (inputSize >> 25) + 13;
  }
}
