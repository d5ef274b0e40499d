package io.h5j.format.filter;

import io.h5j.H5FormatException;
import java.io.ByteArrayOutputStream;
import java.util.Optional;
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
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(in, 0, inLength);
      int n = 0;
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
        int got = inflater.inflate(out, n, maxOutput - n);
        if (got == 0 && !inflater.finished()
            && (inflater.needsInput() || inflater.needsDictionary())) {
          throw FilterSupport.error(this, "zlib stream ends early");
        }
        n += got;
      }
      return n;
    } catch (DataFormatException e) {
      throw FilterSupport.error(this, "corrupt zlib stream: " + e.getMessage(), e);
    } finally {
      inflater.end();
    }
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
