package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.Optional;

/**
 * Filter 6, scale-offset, decode only. libhdf5 subtracts the chunk's minimum from each value
 * (floats are first multiplied by 10^D and rounded: "D-scale") and keeps the {@code minbits}
 * low bits of each difference, packed most significant bit first after a 21-byte header: minbits
 * (u32 LE), the byte size of the minimum (u8, 8), the minimum (LE; a float's bits for float
 * data). A difference of all ones in minbits bits marks the fill value when one is defined.
 *
 * <p>Client data, as libhdf5's set-local callback stores them: 0 scale type (0 float D-scale, 1
 * float E-scale, 2 integer), 1 scale factor (D, or minbits for integers; 0 = computed), 2 elements
 * per chunk, 3 class (0 integer, 1 float), 4 element size, 5 sign (0 unsigned, 1 signed), 6 byte
 * order (0 LE, 1 BE), 7 fill value defined (0/1), from 8 the fill value's bytes (LE words).
 */
final class ScaleOffsetFilter implements Filter {
  private static final int HEADER = 21;

  @Override
  public int id() {
    return Filters.SCALEOFFSET;
  }

  @Override
  public String name() {
    return "scaleoffset";
  }

  @Override
  public boolean canEncode() {
    return false;
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    throw new UnsupportedOperationException("h5j does not write the scale-offset filter");
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + HEADER + 1;
  }

  @Override
  public byte[] decode(byte[] in, int[] cd, int maxOutput) throws H5FormatException {
    if (cd.length < 8) {
      throw FilterSupport.error(this, "client data has " + cd.length + " values, fewer than 8");
    }
    int scaleType = cd[0];
    int factor = cd[1];
    long elements = Integer.toUnsignedLong(cd[2]);
    boolean isFloat = cd[3] == 1;
    int size = cd[4];
    boolean signed = cd[5] == 1;
    boolean bigEndian = cd[6] == 1;
    boolean fillDefined = cd[7] == 1;
    if (cd[3] != 0 && cd[3] != 1) {
      throw FilterSupport.error(this, "datatype class " + cd[3] + " is not 0 or 1");
    }
    if (isFloat ? size != 4 && size != 8 : size != 1 && size != 2 && size != 4 && size != 8) {
      throw FilterSupport.error(this, (isFloat ? "float" : "integer") + " size " + size
          + " is not supported");
    }
    if (isFloat && scaleType != 0) {
      throw FilterSupport.error(this, "float scale type " + scaleType
          + " is not D-scale (E-scale is not implemented by libhdf5 either)");
    }
    if (!isFloat) {
      if (scaleType != 2) {
        throw FilterSupport.error(this, "integer data with scale type " + scaleType + ", not 2");
      }
      int minbits = Math.max(0, factor);
      if (minbits > size * 8) {
        throw FilterSupport.error(this, "minimum bits " + minbits + " exceed the element size");
      }
      if (minbits == size * 8) { // libhdf5 stores such chunks unchanged
        return checked(in.clone(), maxOutput);
      }
    }
    long outSize = elements * size;
    if (outSize > maxOutput) {
      throw FilterSupport.error(this, elements + " elements of " + size
          + " bytes exceed the expected " + maxOutput + " bytes");
    }
    if (in.length < HEADER) {
      throw FilterSupport.error(this, in.length + " bytes cannot hold the 21-byte header");
    }
    long minbits = ByteFields.littleEndian(in, 0, 4);
    int minvalSize = Math.min(8, in[4] & 0xff);
    long minval = ByteFields.littleEndian(in, 5, minvalSize);
    if (minbits > size * 8L) {
      throw FilterSupport.error(this, "minimum bits " + minbits + " exceed the element size");
    }
    byte[] out = new byte[(int) outSize];
    if (minbits == size * 8L) {
      if (in.length - HEADER < outSize) {
        throw FilterSupport.error(this, "full-precision data end early");
      }
      for (int i = 0; i < elements; i++) {
        put(out, i, size, bigEndian, ByteFields.littleEndian(in, HEADER + i * size, size));
      }
      return out;
    }
    BitReader bits = new BitReader(this, in, HEADER);
    long fillMark = (1L << minbits) - 1;
    long fill = fillDefined ? fillValue(cd, size) : 0;
    for (int i = 0; i < elements; i++) {
      long v = minbits > 0 ? bits.read((int) minbits) : 0;
      if (fillDefined && v == fillMark) {
        v = fill;
      } else {
        v = isFloat ? unscale(v, minval, factor, size) : v + minval;
      }
      put(out, i, size, bigEndian, v);
    }
    return out;
  }

  private static void put(byte[] out, int element, int size, boolean bigEndian, long v) {
    for (int b = 0; b < size; b++) {
      out[element * size + (bigEndian ? size - 1 - b : b)] = (byte) (v >>> (8 * b));
    }
  }

  /** libhdf5's float D-scale inverse, in the element's own precision: v / 10^D + min. */
  private static long unscale(long v, long minval, int d, int size) {
    if (size == 4) {
      float min = Float.intBitsToFloat((int) minval);
      float x = (float) (int) v / (float) Math.pow(10.0, (float) d) + min;
      return Float.floatToRawIntBits(x) & 0xffffffffL;
    }
    double min = Double.longBitsToDouble(minval);
    return Double.doubleToRawLongBits((double) v / Math.pow(10.0, d) + min);
  }

  /** The fill value's bytes, stored little-endian in client data words from value 8. */
  private long fillValue(int[] cd, int size) throws H5FormatException {
    int words = (size + 3) / 4;
    if (cd.length < 8 + words) {
      throw FilterSupport.error(this, "client data end before the fill value");
    }
    long v = 0;
    for (int w = words - 1; w >= 0; w--) {
      v = v << 32 | Integer.toUnsignedLong(cd[8 + w]);
    }
    return size == 8 ? v : v & ((1L << (8 * size)) - 1);
  }

  private byte[] checked(byte[] out, int maxOutput) throws H5FormatException {
    if (out.length > maxOutput) {
      throw FilterSupport.error(this, out.length + " bytes exceed the expected " + maxOutput);
    }
    return out;
  }
}
