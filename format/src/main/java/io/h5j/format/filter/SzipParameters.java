package io.h5j.format.filter;

/**
 * The four client data values of libhdf5's szip filter (options mask, pixels per block, bits per
 * pixel, pixels per scanline) and what libaec's szip interface derives from them: pixels of 32
 * and 64 bits are split into byte planes coded as 8-bit samples; other widths are coded as
 * samples of 1, 2 or 4 bytes in the mask's byte order; the NN option turns on the
 * nearest-neighbour preprocessor (EC means none); every scanline is one reference sample
 * interval (RSI), padded to a whole number of blocks. The RAW, K13 and CHIP bits change nothing
 * in libaec.
 *
 * @param optionsMask the szip options mask (NN 32, EC 4, MSB 16, LSB 8, RAW 128, K13 1)
 * @param pixelsPerBlock samples per coded block, even, 2..64
 * @param bitsPerPixel 1..32, or 64
 * @param pixelsPerScanline samples per scanline, at least 1
 */
record SzipParameters(int optionsMask, int pixelsPerBlock, int bitsPerPixel,
    int pixelsPerScanline) {
  static final int MSB = 16;
  static final int NN = 32;
  static final int LSB = 8;
  static final int EC = 4;
  static final int RAW = 128;
  static final int K13 = 1;
  /** The largest RSI in blocks libaec's encoder accepts. */
  static final int MAX_ENCODE_RSI = 4096;
  private static final int MAX_BLOCK = 64;

  /**
   * Checks the values as libaec's szip interface needs them.
   *
   * @throws IllegalArgumentException naming the value that libaec would refuse or mishandle
   */
  SzipParameters {
    if (pixelsPerBlock < 2 || pixelsPerBlock > MAX_BLOCK || (pixelsPerBlock & 1) != 0) {
      throw new IllegalArgumentException("pixels per block " + pixelsPerBlock
          + " is not an even number in 2.." + MAX_BLOCK);
    }
    if ((bitsPerPixel < 1 || bitsPerPixel > 32) && bitsPerPixel != 64) {
      throw new IllegalArgumentException("bits per pixel " + bitsPerPixel
          + " is not 1..32 or 64");
    }
    if (pixelsPerScanline < 1) {
      throw new IllegalArgumentException("pixels per scanline " + pixelsPerScanline
          + " is not positive");
    }
  }

  /** The parameters stored as client data: exactly four values, as libhdf5 requires. */
  static SzipParameters of(int[] clientData) {
    if (clientData.length != 4) {
      throw new IllegalArgumentException("szip needs 4 client data values (options mask, "
          + "pixels per block, bits per pixel, pixels per scanline), got " + clientData.length);
    }
    return new SzipParameters(clientData[0], clientData[1], clientData[2], clientData[3]);
  }

  /** Bytes per pixel when pixels are split into byte planes (32 and 64 bits), else 0. */
  int planes() {
    return bitsPerPixel == 32 || bitsPerPixel == 64 ? bitsPerPixel / 8 : 0;
  }

  /** Bits of each coded sample. */
  int sampleBits() {
    return planes() > 0 ? 8 : bitsPerPixel;
  }

  /** Bytes each coded sample takes in the unfiltered data. */
  int sampleBytes() {
    int bits = sampleBits();
    return bits > 16 ? 4 : bits > 8 ? 2 : 1;
  }

  /** Whether multi-byte samples are stored most significant byte first. */
  boolean msb() {
    return (optionsMask & MSB) != 0;
  }

  /** Whether the nearest-neighbour preprocessor (reference samples, mapped differences) runs. */
  boolean preprocess() {
    return (optionsMask & NN) != 0;
  }

  /** Blocks in one RSI: the scanline rounded up to whole blocks. */
  long blocksPerRsi() {
    return ((long) pixelsPerScanline + pixelsPerBlock - 1) / pixelsPerBlock;
  }

  /** Samples in one RSI, the scanline with its padding. */
  long rsiSamples() {
    return blocksPerRsi() * pixelsPerBlock;
  }

  /** Bits of the block option identifier: 3 for samples up to 8 bits, 4 up to 16, else 5. */
  int idBits() {
    int bits = sampleBits();
    return bits > 16 ? 5 : bits > 8 ? 4 : 3;
  }
}
