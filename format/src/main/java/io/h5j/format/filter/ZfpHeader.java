package io.h5j.format.filter;

import io.h5j.format.H5FormatException;

/**
 * What the H5Z-ZFP filter's client data say about every chunk: value 0 packs the writer's ZFP
 * library version (high 16 bits), ZFP codec version (bits 12-15) and H5Z-ZFP version (low 12
 * bits); the values after it hold ZFP's own full header as a bit stream: the magic "zfp" plus
 * codec byte (32 bits), the field metadata (52 bits: scalar type, dimensionality, extents less
 * one, x fastest) and the compression mode (12 bits, or 64 when the short form cannot say it).
 * The chunks themselves carry no header.
 *
 * <p>A file written on a big-endian machine stores these values byte-swapped as far as ZFP's
 * little-endian stream is concerned; H5Z-ZFP then tries the swapped values, and hands libhdf5
 * big-endian output.
 */
record ZfpHeader(ZfpType type, long[] extents, ZfpMode mode, boolean bigEndian) {
  /** The only ZFP codec (bit stream format) h5j decodes, that of ZFP 0.5 and 1.0. */
  static final int CODEC = 5;

  private static final int MAGIC_BITS = 32;
  private static final int META_BITS = 52;
  private static final int SHORT_MODE_BITS = 12;
  private static final int SHORT_MODE_MAX = (1 << SHORT_MODE_BITS) - 2;

  /** The scalar types ZFP compresses, in the order of their metadata codes. */
  enum ZfpType {
    INT32(4), INT64(8), FLOAT(4), DOUBLE(8);

    final int bytes;

    ZfpType(int bytes) {
      this.bytes = bytes;
    }

    /** Bits of the block-floating-point integers (and of the stored integers). */
    int intBits() {
      return bytes * 8;
    }
  }

  static ZfpHeader parse(Filter f, int[] clientData) throws H5FormatException {
    if (clientData.length < 2) {
      throw FilterSupport.error(f, "client data has " + clientData.length
          + " values; H5Z-ZFP stores a version word and ZFP's header");
    }
    int version = clientData[0];
    int plugin = version & 0xfff;
    int codec = (version >>> 12) & 0xf;
    if (plugin >= 0x110 && codec > CODEC) {
      throw FilterSupport.error(f, "written with ZFP codec version " + codec
          + "; h5j decodes codec " + CODEC);
    }
    H5FormatException little;
    try {
      return parse(f, clientData, false);
    } catch (H5FormatException e) {
      little = e;
    }
    try {
      return parse(f, clientData, true);
    } catch (H5FormatException e) {
      throw little;
    }
  }

  private static ZfpHeader parse(Filter f, int[] clientData, boolean swapped)
      throws H5FormatException {
    byte[] bytes = new byte[4 * (clientData.length - 1)];
    for (int i = 1; i < clientData.length; i++) {
      int v = swapped ? Integer.reverseBytes(clientData[i]) : clientData[i];
      for (int b = 0; b < 4; b++) {
        bytes[4 * (i - 1) + b] = (byte) (v >>> (8 * b));
      }
    }
    ZfpBitStream s = new ZfpBitStream(bytes, bytes.length);
    long magic = s.readBits(MAGIC_BITS);
    long meta = s.readBits(META_BITS);
    long mode = s.readBits(SHORT_MODE_BITS);
    if (mode > SHORT_MODE_MAX) {
      mode += s.readBits(64 - SHORT_MODE_BITS) << SHORT_MODE_BITS;
    }
    if (s.position() > s.limit()) {
      throw FilterSupport.error(f, "client data end inside ZFP's header (" + s.limit()
          + " of at least " + s.position() + " bits)");
    }
    if ((magic & 0xffffff) != ('z' | 'f' << 8 | 'p' << 16)) {
      throw FilterSupport.error(f, "client data lack ZFP's magic \"zfp\"");
    }
    long codec = magic >>> 24;
    if (codec != CODEC) {
      throw FilterSupport.error(f, "ZFP codec version " + codec + " in the header; h5j decodes "
          + "codec " + CODEC);
    }
    ZfpType type = ZfpType.values()[(int) (meta & 3)];
    int dims = (int) ((meta >>> 2) & 3) + 1;
    long[] extents = new long[dims];
    int width = dims == 1 ? 48 : 48 / dims;
    // one dimension has 48 bits, of which ZFP uses the low 32
    long mask = (1L << (dims == 1 ? 32 : width)) - 1;
    for (int d = 0; d < dims; d++) {
      extents[d] = ((meta >>> (4 + d * width)) & mask) + 1;
    }
    return new ZfpHeader(type, extents, ZfpMode.of(f, mode), swapped);
  }

  /** Values in one chunk. */
  long values() {
    long n = 1;
    for (long e : extents) {
      n *= e;
    }
    return n;
  }
}
