package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A Blosc2 contiguous frame ("cframe"), the form in which the Blosc2 HDF5 filter stores each
 * HDF5 chunk: a MessagePack header of fixed layout (its length, the frame's length, the decoded
 * and stored sizes, type, block and chunk sizes, and the metalayers), the Blosc2 chunks of the
 * data ({@link BloscChunk}), an index chunk of one little-endian i64 offset per chunk (from the
 * header's start; negative ones stand for chunks of zeros, NaNs or uninitialized values), and a
 * trailer. With a "b2nd" metalayer the one chunk holds an n-dimensional array block by block
 * (blocks in C order, each in C order, the chunk padded to whole blocks), which is put back
 * into plain C order.
 */
final class Blosc2Frame {
  private static final byte[] MAGIC = "b2frame\0".getBytes(StandardCharsets.US_ASCII);
  private static final int FIXED_HEADER = 0x57;
  private static final int MAX_CHUNKS = 1 << 20;

  private Blosc2Frame() {}

  /** Decodes the frame in the first {@code length} bytes of {@code in}; at most maxOutput bytes. */
  static byte[] decode(Filter f, byte[] in, int length, int maxOutput) throws H5FormatException {
    if (length < FIXED_HEADER || (in[0] & 0xf0) != 0x90 || (in[1] & 0xff) != 0xa8
        || !Arrays.equals(in, 2, 10, MAGIC, 0, 8)) {
      throw FilterSupport.error(f, "not a Blosc2 frame (no b2frame header)");
    }
    long headerLen = ByteFields.bigEndian(in, 11, 4);
    long frameLen = ByteFields.bigEndian(in, 16, 8);
    if ((in[10] & 0xff) != 0xd2 || (in[15] & 0xff) != 0xcf || frameLen > length || frameLen < 0
        || headerLen < FIXED_HEADER || headerLen > frameLen) {
      throw FilterSupport.error(f, "frame of " + frameLen + " bytes with a header of "
          + headerLen + " in " + length + " bytes");
    }
    int generalFlags = in[0x19] & 0xff;
    if ((generalFlags >>> 4 & 3) != 1 || (in[0x1a] & 0x0f) != 0) {
      throw FilterSupport.error(f, "frame flags 0x" + Integer.toHexString(generalFlags)
          + ", type " + (in[0x1a] & 0x0f) + ": only contiguous frames of 64-bit offsets exist");
    }
    long uncompressed = ByteFields.bigEndian(in, 0x1e, 8);
    long compressed = ByteFields.bigEndian(in, 0x27, 8);
    long typesize = ByteFields.bigEndian(in, 0x30, 4);
    long chunksize = ByteFields.bigEndian(in, 0x3a, 4);
    if (uncompressed < 0 || uncompressed > FilterSupport.MAX_ARRAY || compressed < 0
        || compressed > frameLen - headerLen || chunksize <= 0 && uncompressed > 0
        || typesize <= 0) {
      throw FilterSupport.error(f, "frame sizes: " + uncompressed + " decoded, " + compressed
          + " stored, chunks of " + chunksize + ", type size " + typesize);
    }
    int[][] nd = b2ndShapes(f, in, (int) headerLen);
    long outSize = uncompressed;
    if (nd != null) {
      outSize = typesize;
      long padded = typesize;
      for (int d = 0; d < nd[0].length; d++) {
        if (nd[2][d] > nd[0][d]) {
          throw FilterSupport.error(f, "b2nd block shape " + Arrays.toString(nd[2])
              + " exceeds the chunk shape " + Arrays.toString(nd[0]));
        }
        outSize *= nd[0][d];
        padded *= (nd[1][d] + (long) nd[2][d] - 1) / nd[2][d] * nd[2][d];
      }
      if (padded != uncompressed || chunksize != uncompressed) {
        throw FilterSupport.error(f, "b2nd array of " + outSize + " bytes (" + padded
            + " in whole blocks) in a frame of " + uncompressed + " in chunks of " + chunksize);
      }
    }
    if (outSize > maxOutput || uncompressed > 8L * maxOutput) {
      throw FilterSupport.error(f, "frame holds " + outSize + " decoded bytes, more than the"
          + " expected " + maxOutput);
    }
    byte[] data = new byte[(int) uncompressed];
    long nchunks = uncompressed == 0 ? 0 : (uncompressed + chunksize - 1) / chunksize;
    if (nchunks > MAX_CHUNKS) {
      throw FilterSupport.error(f, nchunks + " chunks in one frame");
    }
    int dataEnd = (int) (headerLen + compressed);
    byte[] offsets = new byte[(int) nchunks * 8];
    if (nchunks > 0) {
      int n = BloscChunk.decode(f, slice(f, in, dataEnd, (int) frameLen), (int) frameLen - dataEnd,
          offsets, offsets.length);
      if (n != offsets.length) {
        throw FilterSupport.error(f, "index of " + n + " bytes for " + nchunks + " chunks");
      }
    }
    for (int i = 0; i < nchunks; i++) {
      long off = ByteFields.littleEndian(offsets, 8 * i, 8);
      int at = (int) (i * chunksize);
      int n = (int) Math.min(chunksize, uncompressed - at);
      if (off < 0) {
        int special = (int) (off >>> 56) & 7;
        if (special == 2) {
          BloscChunk.fillNans(f, (int) typesize, data, at, n);
        } else if (special != 1 && special != 4) { // zeros and uninitialized stay zeros
          throw FilterSupport.error(f, "chunk " + i + " has the special kind " + special);
        }
        continue;
      }
      if (off > compressed - BloscChunk.HEADER) {
        throw FilterSupport.error(f, "chunk " + i + " at offset " + off + " is outside the "
            + compressed + " stored bytes");
      }
      byte[] chunk = slice(f, in, (int) (headerLen + off), dataEnd);
      if (BloscChunk.declaredSize(f, chunk, chunk.length) != n) {
        throw FilterSupport.error(f, "chunk " + i + " declares "
            + BloscChunk.declaredSize(f, chunk, chunk.length) + " bytes, expected " + n);
      }
      byte[] out = at == 0 ? data : new byte[n];
      BloscChunk.decode(f, chunk, chunk.length, out, n);
      if (out != data) {
        System.arraycopy(out, 0, data, at, n);
      }
    }
    return nd == null ? data : unblock(data, nd, (int) typesize, (int) outSize);
  }

  /** The bytes of one chunk starting at {@code from}, as its header's stored size says. */
  private static byte[] slice(Filter f, byte[] in, int from, int limit) throws H5FormatException {
    if (limit - from < BloscChunk.HEADER) {
      throw FilterSupport.error(f, "chunk at byte " + from + " passes the end of its section");
    }
    long cbytes = ByteFields.littleEndian(in, from + 12, 4);
    if (cbytes > limit - from || cbytes < BloscChunk.HEADER) {
      throw FilterSupport.error(f, "chunk at byte " + from + " of " + cbytes
          + " bytes passes the end of its section");
    }
    return Arrays.copyOfRange(in, from, from + (int) cbytes);
  }

  /**
   * The "b2nd" metalayer's shape, chunk shape and block shape, or null without one. The
   * metalayers: after the fixed header, an array of 3: an index, a map of name to the offset of
   * a binary holding the layer's MessagePack, an array of the binaries.
   */
  private static int[][] b2ndShapes(Filter f, byte[] in, int headerLen) throws H5FormatException {
    MsgPackReader r = new MsgPackReader(f, in, FIXED_HEADER, headerLen);
    r.arrayLength();
    r.integer();
    int layers = r.mapLength();
    long offset = -1;
    for (int i = 0; i < layers; i++) {
      String name = r.string();
      long at = r.integer();
      if (name.equals("b2nd") || name.equals("caterva")) {
        offset = at;
      }
    }
    if (offset < 0) {
      return null;
    }
    if (offset >= headerLen) {
      throw FilterSupport.error(f, "b2nd metalayer at " + offset + " is outside the header");
    }
    MsgPackReader bin = new MsgPackReader(f, in, (int) offset, headerLen);
    int n = bin.binaryLength();
    MsgPackReader m = new MsgPackReader(f, in, bin.position(), bin.position() + n);
    m.arrayLength();
    m.integer(); // version
    long ndim = m.integer();
    if (ndim < 1 || ndim > 8) {
      throw FilterSupport.error(f, "b2nd rank " + ndim);
    }
    int[][] shapes = new int[3][(int) ndim];
    for (int k = 0; k < 3; k++) {
      if (m.arrayLength() != ndim) {
        throw FilterSupport.error(f, "b2nd shape of another rank than " + ndim);
      }
      for (int d = 0; d < ndim; d++) {
        long v = m.integer();
        if (v < 1 || v > Integer.MAX_VALUE) {
          throw FilterSupport.error(f, "b2nd dimension " + v);
        }
        shapes[k][d] = (int) v;
      }
    }
    if (!Arrays.equals(shapes[0], shapes[1])) {
      throw FilterSupport.error(f, "b2nd shape " + Arrays.toString(shapes[0])
          + " is not its one chunk's " + Arrays.toString(shapes[1]));
    }
    return shapes;
  }

  /** Puts a chunk stored block by block (blocks padded at the edges) into C order. */
  private static byte[] unblock(byte[] data, int[][] nd, int ts, int outSize) {
    int[] shape = nd[0];
    int[] block = nd[2];
    int rank = shape.length;
    int[] grid = new int[rank];
    long blockBytes = ts;
    for (int d = 0; d < rank; d++) {
      grid[d] = (shape[d] + block[d] - 1) / block[d];
      blockBytes *= block[d];
    }
    byte[] out = new byte[outSize];
    int[] b = new int[rank];
    int[] e = new int[rank]; // element within the block; the last dimension moves by rows
    long src = 0;
    do {
      Arrays.fill(e, 0);
      long rowStart = src;
      do {
        boolean inside = true;
        long dst = 0;
        for (int d = 0; d < rank; d++) {
          int g = b[d] * block[d] + e[d];
          inside &= g < shape[d];
          dst = dst * shape[d] + g;
        }
        if (inside) {
          int run = Math.min(block[rank - 1], shape[rank - 1] - b[rank - 1] * block[rank - 1]);
          System.arraycopy(data, (int) rowStart, out, (int) (dst * ts), run * ts);
        }
        rowStart += (long) block[rank - 1] * ts;
      } while (next(e, block, rank - 1));
      src += blockBytes;
    } while (next(b, grid, rank));
    return out;
  }

  /** Advances the odometer {@code idx} over its first {@code dims} dimensions; false when done. */
  private static boolean next(int[] idx, int[] limit, int dims) {
    for (int d = dims - 1; d >= 0; d--) {
      if (++idx[d] < limit[d]) {
        return true;
      }
      idx[d] = 0;
    }
    return false;
  }

  /** A frame holding {@code data} as one Blosc2 chunk, as the Blosc2 HDF5 filter writes it. */
  static byte[] encode(byte[] data, BloscChunk.Settings s) {
    byte[] chunk = BloscChunk.encode(data, s, true);
    byte[] index = BloscChunk.encode(new byte[8], new BloscChunk.Settings(BloscCodec.BLOSCLZ, 5,
        0, 8, 0), true);
    byte[] trailer = {(byte) 0x94, 1, (byte) 0x93, (byte) 0xcd, 0, 6, (byte) 0xde, 0, 0,
        (byte) 0xdc, 0, 0, (byte) 0xce, 0, 0, 0, 35, (byte) 0xd8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0};
    int headerLen = FIXED_HEADER + 10;
    byte[] h = new byte[headerLen];
    h[0] = (byte) 0x9e;
    h[1] = (byte) 0xa8;
    System.arraycopy(MAGIC, 0, h, 2, 8);
    h[10] = (byte) 0xd2;
    ByteFields.putBigEndian(h, 11, headerLen, 4);
    h[15] = (byte) 0xcf;
    ByteFields.putBigEndian(h, 16,
        (long) headerLen + chunk.length + index.length + trailer.length, 8);
    h[0x18] = (byte) 0xa4;
    h[0x19] = 0x12; // frame format 2, 64-bit offsets
    h[0x1a] = 0; // contiguous
    h[0x1b] = (byte) (s.clevel() << 4 | s.codec().format);
    h[0x1c] = 3;
    h[0x1d] = (byte) 0xd3;
    ByteFields.putBigEndian(h, 0x1e, data.length, 8);
    h[0x26] = (byte) 0xd3;
    ByteFields.putBigEndian(h, 0x27, chunk.length, 8);
    h[0x2f] = (byte) 0xd2;
    ByteFields.putBigEndian(h, 0x30, chunk[3] & 0xff, 4);
    h[0x34] = (byte) 0xd2;
    System.arraycopy(reverse(chunk, 8), 0, h, 0x35, 4); // the chunk's block size
    h[0x39] = (byte) 0xd2;
    ByteFields.putBigEndian(h, 0x3a, data.length, 4);
    h[0x3e] = (byte) 0xd1;
    h[0x41] = (byte) 0xd1;
    h[0x43] = 1;
    h[0x44] = (byte) 0xc2; // no variable-length metalayers
    h[0x45] = (byte) 0xd8;
    h[0x46] = 6;
    System.arraycopy(chunk, 16, h, 0x47, 8); // filters, codec, codec meta
    h[0x57] = (byte) 0x93;
    h[0x58] = (byte) 0xcd;
    h[0x5a] = 7;
    h[0x5b] = (byte) 0xde;
    h[0x5e] = (byte) 0xdc;
    byte[] frame = new byte[headerLen + chunk.length + index.length + trailer.length];
    System.arraycopy(h, 0, frame, 0, headerLen);
    System.arraycopy(chunk, 0, frame, headerLen, chunk.length);
    System.arraycopy(index, 0, frame, headerLen + chunk.length, index.length);
    System.arraycopy(trailer, 0, frame, headerLen + chunk.length + index.length,
        trailer.length);
    return frame;
  }

  private static byte[] reverse(byte[] b, int off) {
    return new byte[] {b[off + 3], b[off + 2], b[off + 1], b[off]};
  }
}
