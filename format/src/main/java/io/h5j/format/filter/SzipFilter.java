package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Filter 4, szip, as libhdf5 runs it over libaec: a little-endian u32 holding the unfiltered
 * size, then the CCSDS 121.0 stream libaec's szip interface writes ({@link AecEncoder},
 * {@link AecDecoder}). Client data are the four values of {@link SzipParameters}, which
 * libhdf5's "set local" step derives from the datatype (bits per pixel: the precision, 25..32
 * rounded to 32, 33..64 to 64; the byte order bit) and the chunk (pixels per scanline). Pixels
 * of 32 and 64 bits are split into byte planes first, as libaec does. A chunk whose coded form
 * would be larger than the chunk is declined, as libhdf5's filter fails there.
 */
final class SzipFilter implements Filter {
  private static final int HEADER = 4;
  private static final ThreadLocal<byte[]> PLANES = new ThreadLocal<>();

  @Override
  public int id() {
    return Filters.SZIP;
  }

  @Override
  public String name() {
    return "szip";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    long size = storedSize(in, in.length, maxOutput);
    byte[] out = new byte[(int) size];
    decode(in, in.length, clientData, out, out.length);
    return out;
  }

  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput)
      throws H5FormatException {
    SzipParameters p = parameters(clientData);
    int size = (int) storedSize(in, inLength, Math.min(maxOutput, out.length));
    int planes = p.planes();
    int pixel = planes > 0 ? planes : p.sampleBytes();
    if (size % pixel != 0) {
      throw FilterSupport.error(this, "unfiltered size " + size + " is not a whole number of "
          + pixel + "-byte pixels");
    }
    if (planes == 0) {
      AecDecoder.decode(this, in, HEADER, inLength, p, out, size / pixel);
      return size;
    }
    byte[] split = scratch(size);
    AecDecoder.decode(this, in, HEADER, inLength, p, split, size);
    int n = size / planes;
    for (int i = 0, o = 0; i < n; i++) {
      for (int j = 0, from = i; j < planes; j++, from += n) {
        out[o++] = split[from];
      }
    }
    return size;
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    return encode(in, clientData, in.length);
  }

  /** {@link #encode}, declining when the coded stream would pass {@code limit} bytes. */
  Optional<byte[]> encode(byte[] in, int[] clientData, int limit) {
    SzipParameters p = SzipParameters.of(clientData);
    if (p.blocksPerRsi() > SzipParameters.MAX_ENCODE_RSI) {
      throw new IllegalArgumentException("pixels per scanline " + p.pixelsPerScanline()
          + " make more than " + SzipParameters.MAX_ENCODE_RSI + " blocks per scanline");
    }
    int planes = p.planes();
    int pixel = planes > 0 ? planes : p.sampleBytes();
    if (in.length % pixel != 0) {
      return Optional.empty(); // not whole pixels: libaec would drop the tail
    }
    byte[] samples = in;
    if (planes > 0) {
      samples = scratch(in.length);
      int n = in.length / planes;
      for (int i = 0, o = 0; i < n; i++) {
        for (int j = 0, to = i; j < planes; j++, to += n) {
          samples[to] = in[o++];
        }
      }
    }
    byte[] out = new byte[HEADER + AecEncoder.capacity(limit)];
    int end = AecEncoder.encode(p, samples, in.length / p.sampleBytes(), out, HEADER,
        HEADER + limit);
    if (end < 0) {
      return Optional.empty();
    }
    for (int i = 0; i < HEADER; i++) {
      out[i] = (byte) (in.length >>> (8 * i));
    }
    return Optional.of(Arrays.copyOf(out, end));
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + HEADER; // larger results are declined
  }

  private SzipParameters parameters(int[] clientData) throws H5FormatException {
    try {
      return SzipParameters.of(clientData);
    } catch (IllegalArgumentException e) {
      throw FilterSupport.error(this, e.getMessage(), e);
    }
  }

  private long storedSize(byte[] in, int inLength, int maxOutput) throws H5FormatException {
    if (inLength < HEADER) {
      throw FilterSupport.error(this, inLength + " bytes cannot hold the 4-byte size header");
    }
    long size = ByteFields.littleEndian(in, 0, 4);
    if (size > maxOutput) {
      throw FilterSupport.error(this, "unfiltered size " + size + " exceeds the expected "
          + maxOutput + " bytes");
    }
    return size;
  }

  /** This thread's array for byte planes, at least {@code n} bytes long. */
  private static byte[] scratch(int n) {
    byte[] a = PLANES.get();
    if (a == null || a.length < n) {
      a = new byte[n];
      if (n <= ScratchArrays.MAX_BYTES) {
        PLANES.set(a);
      }
    }
    return a;
  }
}
