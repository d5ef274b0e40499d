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
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(maxOutput, 1 << 20));
      byte[] buf = new byte[Math.max(1, Math.min(maxOutput + 1, 1 << 16))];
      while (!inflater.finished()) {
        int n = inflater.inflate(buf);
        if (n == 0 && !inflater.finished()
            && (inflater.needsInput() || inflater.needsDictionary())) {
          throw FilterSupport.error(this, "zlib stream ends early");
        }
        if (out.size() + (long) n > maxOutput) {
          throw FilterSupport.error(this, "inflated data exceed the expected " + maxOutput
              + " bytes");
        }
        out.write(buf, 0, n);
      }
      return out.toByteArray();
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
