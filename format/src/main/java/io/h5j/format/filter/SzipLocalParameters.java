package io.h5j.format.filter;

import io.h5j.type.BitfieldType;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;

/**
 * What libhdf5 1.10's szip "set local" step stores for a dataset: from the two values
 * {@code H5Pset_szip} keeps (options mask, pixels per block) the four of
 * {@link SzipParameters}. Bits per pixel are the datatype's precision (its size when the
 * precision has an offset), 25..32 made 32 and 33..64 made 64; the scanline is the chunk's
 * fastest dimension, at most 128 blocks, or the whole chunk (at most 128 blocks) when that
 * dimension is shorter than a block; the byte order bit is the datatype's.
 */
final class SzipLocalParameters {
  private static final int MAX_BLOCKS_PER_SCANLINE = 128;
  private static final int MAX_PIXELS_PER_SCANLINE = 32 * MAX_BLOCKS_PER_SCANLINE;
  private static final int CHIP = 2;

  private SzipLocalParameters() {}

  /**
   * The options mask {@code H5Pset_szip} stores for {@code mask} and checks on the block size:
   * raw and K13 always set, chip and the byte order bits cleared.
   *
   * @throws IllegalArgumentException if {@code pixelsPerBlock} is not even in 2..32
   */
  static int[] setSzip(int mask, int pixelsPerBlock) {
    if (pixelsPerBlock < 2 || pixelsPerBlock > 32 || pixelsPerBlock % 2 != 0) {
      throw new IllegalArgumentException("szip pixels per block must be even and 2..32, got "
          + pixelsPerBlock);
    }
    int m = (mask & ~CHIP | SzipParameters.K13 | SzipParameters.RAW)
        & ~(SzipParameters.LSB | SzipParameters.MSB);
    return new int[] {m, pixelsPerBlock};
  }

  /**
   * The four client data values for {@code type} in chunks of {@code chunkDims}.
   *
   * @throws IllegalArgumentException where libhdf5 refuses szip (a datatype without a byte
   *     order or precision, more than 32 bits other than 64, a chunk smaller than a block)
   */
  static int[] of(int[] clientData, Datatype type, long[] chunkDims) {
    if (clientData.length < 2) {
      throw new IllegalArgumentException("szip needs the options mask and pixels per block");
    }
    int ppb = clientData[1];
    int size = 8 * type.size();
    int precision;
    int offset;
    Endianness order;
    if (type instanceof FixedPointType t) {
      precision = t.bitPrecision();
      offset = t.bitOffset();
      order = t.order();
    } else if (type instanceof FloatType t) {
      precision = t.bitPrecision();
      offset = t.bitOffset();
      order = t.order();
    } else if (type instanceof BitfieldType t) {
      precision = t.bitPrecision();
      offset = t.bitOffset();
      order = t.order();
    } else {
      throw new IllegalArgumentException("szip needs integer, float or bitfield elements, not "
          + type);
    }
    if (size > 32 && size != 64 || order == Endianness.VAX) {
      throw new IllegalArgumentException("szip cannot apply to " + size + "-bit " + order
          + " elements");
    }
    if (precision < size && offset != 0) {
      precision = size;
    }
    if (precision > 24) {
      precision = precision <= 32 ? 32 : 64;
    }
    long scanline = chunkDims[chunkDims.length - 1];
    if (scanline < ppb) {
      long points = 1;
      for (long d : chunkDims) {
        points *= d;
      }
      if (points < ppb) {
        throw new IllegalArgumentException("szip pixels per block " + ppb
            + " exceed the chunk's " + points + " elements");
      }
      scanline = Math.min((long) ppb * MAX_BLOCKS_PER_SCANLINE, points);
    } else if (scanline <= MAX_PIXELS_PER_SCANLINE) {
      scanline = Math.min((long) ppb * MAX_BLOCKS_PER_SCANLINE, scanline);
    } else {
      scanline = (long) ppb * MAX_BLOCKS_PER_SCANLINE;
    }
    int mask = clientData[0] & ~(SzipParameters.LSB | SzipParameters.MSB)
        | (order == Endianness.BIG_ENDIAN ? SzipParameters.MSB : SzipParameters.LSB);
    return new int[] {mask, ppb, precision, (int) scanline};
  }
}
