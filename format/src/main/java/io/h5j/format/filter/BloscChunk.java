package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.Arrays;

/**
 * One Blosc chunk (the format of c-blosc 1 and c-blosc2; all integers little-endian): a 16-byte
 * header (version, codec format version, flags, type size, u32 decoded size, block size and
 * stored size), in Blosc 2 extended to 32 bytes (flag bits 0 and 2 both set) by six filter
 * codes and their six meta bytes, then one u32 start offset per block and the blocks. A block
 * is one stream or, unless flag bit 4 says otherwise, one stream per byte of the type (its byte
 * planes), each a u32 stored size and that many bytes: stored as they are when the size equals
 * the stream's decoded size, else compressed by the codec of flag bits 5-7. Flag bit 1: the
 * chunk is the data itself after the header.
 *
 * <p>Filters, per block: Blosc 1 has byte shuffle (flag bit 0) or bit shuffle (bit 2), and
 * bytes past the last whole element stay in place; Blosc 2 has a pipeline of six (1 shuffle, 2
 * bit shuffle, 3 delta against the first block, 4 truncation, which needs no undoing). Blosc 2
 * special chunks (flags byte 31, bits 4-6) stand for zeros, NaNs, a repeated value that follows
 * the header, or uninitialized data; a stream of stored size 0 for zeros, a negative one for a
 * run of the byte {@code -size}.
 */
final class BloscChunk {
  static final int HEADER = 16;
  static final int EXTENDED_HEADER = 32;
  static final int SHUFFLE = 1;
  static final int BITSHUFFLE = 2;
  static final int DELTA = 3;
  static final int TRUNC_PREC = 4;
  private static final int FLAG_SHUFFLE = 0x1;
  private static final int FLAG_MEMCPYED = 0x2;
  private static final int FLAG_BITSHUFFLE = 0x4;
  private static final int FLAG_DELTA = 0x8;
  private static final int FLAG_DONT_SPLIT = 0x10;
  private static final int MIN_BUFFERSIZE = 128;
  private static final int MAX_SPLITS = 16;
  private static final int L1 = 32 << 10;

  private BloscChunk() {}

  /** The decoded size a chunk's header declares; the header must be there. */
  static int declaredSize(Filter f, byte[] in, int length) throws H5FormatException {
    if (length < HEADER) {
      throw FilterSupport.error(f, length + " bytes cannot hold the 16-byte Blosc header");
    }
    return u32(f, in, 4, "decoded size");
  }

  /**
   * Decodes the chunk in the first {@code length} bytes of {@code in} into {@code out}, which
   * holds at least its declared size, at most {@code maxOutput} bytes; the decoded size.
   */
  static int decode(Filter f, byte[] in, int length, byte[] out, int maxOutput)
      throws H5FormatException {
    int nbytes = declaredSize(f, in, length);
    int version = in[0] & 0xff;
    int versionLz = in[1] & 0xff;
    int flags = in[2] & 0xff;
    int typesize = in[3] & 0xff;
    int blocksize = u32(f, in, 8, "block size");
    int cbytes = u32(f, in, 12, "stored size");
    if (nbytes > maxOutput) {
      throw FilterSupport.error(f, "chunk declares " + nbytes + " decoded bytes, more than the"
          + " expected " + maxOutput);
    }
    if (version == 0 || version > 5) {
      throw FilterSupport.error(f, "Blosc format version " + version + " is unknown");
    }
    if (cbytes > length || cbytes < HEADER) {
      throw FilterSupport.error(f, "header declares " + cbytes + " stored bytes, the chunk has "
          + length);
    }
    if (nbytes == 0) {
      return 0;
    }
    if (typesize == 0 || blocksize == 0) {
      throw FilterSupport.error(f, "type size " + typesize + ", block size " + blocksize);
    }
    boolean extended = version >= 3 && (flags & FLAG_SHUFFLE) != 0
        && (flags & FLAG_BITSHUFFLE) != 0;
    int headerSize = extended ? EXTENDED_HEADER : HEADER;
    if (cbytes < headerSize) {
      throw FilterSupport.error(f, cbytes + " stored bytes cannot hold the 32-byte header");
    }
    int[] filters = new int[6];
    int[] meta = new int[6];
    if (extended) {
      for (int i = 0; i < 6; i++) {
        filters[i] = in[16 + i] & 0xff;
        meta[i] = in[24 + i] & 0xff;
      }
      int flags2 = in[30] & 0xff;
      int b2flags = in[31] & 0xff;
      int special = (b2flags >>> 4) & 7;
      if (special != 0) {
        fillSpecial(f, special, in, cbytes, typesize, out, nbytes);
        return nbytes;
      }
      if ((b2flags & 0x08) != 0) {
        throw FilterSupport.error(f, "lazy chunk (its blocks are elsewhere in a frame)");
      }
      if ((b2flags & 0x01) != 0) {
        throw FilterSupport.error(f, "chunk compressed with a dictionary, which h5j lacks");
      }
      if ((flags2 & 0x01) != 0) {
        throw FilterSupport.error(f, "chunk with variable-length blocks, which h5j lacks");
      }
    } else {
      if ((flags & FLAG_SHUFFLE) != 0 && typesize > 1) {
        filters[5] = SHUFFLE;
      }
      if ((flags & FLAG_BITSHUFFLE) != 0) {
        filters[5] = BITSHUFFLE;
      }
      if ((flags & FLAG_DELTA) != 0) {
        if (version <= 2) {
          throw FilterSupport.error(f, "flag bit 3 is set, which Blosc 1 does not define");
        }
        filters[4] = DELTA;
      }
    }
    blocksize = Math.min(blocksize, nbytes);
    if ((flags & FLAG_MEMCPYED) != 0) {
      if (cbytes != nbytes + headerSize) {
        throw FilterSupport.error(f, "copied chunk of " + nbytes + " bytes stored in " + cbytes);
      }
      System.arraycopy(in, headerSize, out, 0, nbytes);
      return nbytes;
    }
    BloscCodec codec = BloscCodec.ofFormat(flags >>> 5);
    if (codec == null || versionLz != 1) {
      throw FilterSupport.error(f, "codec format " + (flags >>> 5) + " version " + versionLz
          + " is none h5j knows (0 blosclz, 1 lz4, 2 snappy, 3 zlib, 4 zstd)");
    }
    for (int filter : filters) {
      if (filter > TRUNC_PREC) {
        throw FilterSupport.error(f, "Blosc filter " + filter + " is none h5j knows");
      }
    }
    int nblocks = (int) ((nbytes + (long) blocksize - 1) / blocksize);
    if ((long) headerSize + 4L * nblocks > cbytes) {
      throw FilterSupport.error(f, nblocks + " block offsets do not fit in " + cbytes + " bytes");
    }
    boolean dontSplit = (flags & FLAG_DONT_SPLIT) != 0;
    boolean filtered = hasFilters(filters);
    byte[] tmp = filtered ? ScratchArrays.get(ScratchArrays.FILTER_A, blocksize) : null;
    byte[] tmp2 = filtered ? ScratchArrays.get(ScratchArrays.FILTER_B, blocksize) : null;
    for (int b = 0; b < nblocks; b++) {
      int start = b * blocksize;
      int bsize = Math.min(blocksize, nbytes - start);
      boolean leftover = bsize < blocksize;
      int nstreams = !dontSplit && !leftover
          && (version >= 3 || typesize <= MAX_SPLITS && blocksize / typesize >= MIN_BUFFERSIZE)
          ? typesize : 1;
      int ip = u32(f, in, headerSize + 4 * b, "block offset");
      if (ip < headerSize + 4L * nblocks || ip >= cbytes) {
        throw FilterSupport.error(f, "block " + b + " starts at " + ip + ", outside the chunk");
      }
      byte[] target = filtered ? tmp : out;
      int at = filtered ? 0 : start;
      int neblock = bsize / nstreams;
      for (int s = 0; s < nstreams; s++, at += neblock) {
        if (cbytes - ip < 4) {
          throw FilterSupport.error(f, "block " + b + " ends before its stream " + s);
        }
        int csize = (int) ByteFields.littleEndian(in, ip, 4);
        ip += 4;
        if (csize == 0 && version >= 3) {
          Arrays.fill(target, at, at + neblock, (byte) 0);
        } else if (csize < 0 && version >= 3) {
          if (ip >= cbytes || (in[ip] & 1) == 0 || csize < -255) {
            throw FilterSupport.error(f, "block " + b + " stream " + s + ": stored size "
                + csize + " is no byte run");
          }
          ip++;
          Arrays.fill(target, at, at + neblock, (byte) -csize);
        } else {
          if (csize < 0 || csize > cbytes - ip) {
            throw FilterSupport.error(f, "block " + b + " stream " + s + " of " + csize
                + " bytes passes the end of the chunk");
          }
          if (csize == neblock) {
            System.arraycopy(in, ip, target, at, neblock);
          } else {
            int n = codec.decompress(in, ip, csize, target, at, neblock);
            if (n != neblock) {
              throw FilterSupport.error(f, "corrupt " + codec.bloscName() + " stream " + s
                  + " of block " + b + (n < 0 ? "" : ": " + n + " bytes, expected " + neblock));
            }
          }
          ip += csize;
        }
      }
      if (filtered) {
        undoFilters(f, filters, meta, version, typesize, tmp, tmp2, bsize, out, start);
      }
    }
    return nbytes;
  }

  private static boolean hasFilters(int[] filters) {
    for (int filter : filters) {
      if (filter != 0 && filter != TRUNC_PREC) {
        return true;
      }
    }
    return false;
  }

  /**
   * Undoes the pipeline (last filter first) of one block in {@code a} into {@code out[start]};
   * {@code b} is the other temporary. The last shuffle writes straight into {@code out} when no
   * delta follows it.
   */
  private static void undoFilters(Filter f, int[] filters, int[] meta, int version,
      int typesize, byte[] a, byte[] b, int bsize, byte[] out, int start)
      throws H5FormatException {
    int lastShuffle = -1;
    for (int i = 5; i >= 0; i--) {
      if (filters[i] == SHUFFLE || filters[i] == BITSHUFFLE) {
        lastShuffle = i;
      } else if (filters[i] == DELTA) {
        lastShuffle = -1;
      }
    }
    byte[] src = a;
    for (int i = 5; i >= 0; i--) {
      boolean direct = i == lastShuffle;
      byte[] dst = direct ? out : src == a ? b : a;
      int at = direct ? start : 0;
      switch (filters[i]) {
        case SHUFFLE -> unshuffle(src, bsize, meta[i] == 0 ? typesize : meta[i], dst, at);
        case BITSHUFFLE -> bitshuffle(src, 0, bsize, typesize, dst, at, version <= 2, false);
        case DELTA -> undoDelta(typesize, src, bsize, out, start);
        default -> { } // none, or truncation (nothing to undo)
      }
      if (direct) {
        return;
      }
      if (filters[i] == SHUFFLE || filters[i] == BITSHUFFLE) {
        src = dst;
      }
    }
    System.arraycopy(src, 0, out, start, bsize);
  }

  /**
   * Delta: block 0 holds each word XOR the word before it, other blocks each word XOR block
   * 0's word at the same place (words of the type's size when 1, 2, 4 or 8, else of 8 bytes if
   * it divides the size, else single bytes; bytes past the last whole word are as they are).
   */
  private static void undoDelta(int typesize, byte[] block, int bsize, byte[] out, int start) {
    int w = typesize == 1 || typesize == 2 || typesize == 4 || typesize == 8 ? typesize
        : typesize % 8 == 0 ? 8 : 1;
    int end = bsize / w * w;
    if (start == 0) {
      for (int k = w; k < end; k++) {
        block[k] ^= block[k - w];
      }
    } else {
      for (int k = 0; k < end; k++) {
        block[k] ^= out[k];
      }
    }
  }

  /**
   * Byte-unshuffles one block of {@code bsize} bytes into {@code dst[at]}; the bytes past the
   * last element stay.
   */
  private static void unshuffle(byte[] src, int bsize, int s, byte[] dst, int at) {
    int n = bsize / s;
    if (s > 1 && n > 0) {
      ShuffleFilter.unshuffleBlock(src, 0, n, s, dst, at);
    }
    int done = s > 1 ? n * s : 0;
    System.arraycopy(src, done, dst, at + done, bsize - done);
  }

  /**
   * Bit-shuffles one block (or undoes it). Blosc 1 chunks (format version 2 and before) leave a
   * block whose element count is not a multiple of 8 as it is; later ones transpose the
   * elements up to the last multiple of 8. Bytes after them stay in place.
   */
  private static void bitshuffle(byte[] src, int srcOff, int bsize, int s, byte[] dst,
      int dstOff, boolean blosc1, boolean forward) {
    int n = bsize / s;
    if (blosc1 && n % 8 != 0) {
      n = 0;
    }
    n -= n % 8;
    if (n > 0) {
      // a power of two, so that whole and last blocks share the array
      byte[] scratch = ScratchArrays.get(ScratchArrays.FILTER_C,
          Integer.highestOneBit(n * s - 1) << 1);
      if (forward) {
        BitTranspose.shuffle(src, srcOff, n, s, dst, dstOff, scratch);
      } else {
        BitTranspose.unshuffle(src, srcOff, n, s, dst, dstOff, scratch);
      }
    }
    System.arraycopy(src, srcOff + n * s, dst, dstOff + n * s, bsize - n * s);
  }

  private static void fillSpecial(Filter f, int special, byte[] in, int cbytes, int typesize,
      byte[] out, int nbytes) throws H5FormatException {
    switch (special) {
      case 1, 4 -> Arrays.fill(out, 0, nbytes, (byte) 0); // zeros; uninitialized
      case 2 -> fillNans(f, typesize, out, 0, nbytes);
      case 3 -> {
        int size = cbytes - EXTENDED_HEADER;
        if (size <= 0 || size > nbytes || nbytes % size != 0) {
          throw FilterSupport.error(f, "repeated value of " + size + " bytes for " + nbytes);
        }
        for (int k = 0; k < nbytes; k += size) {
          System.arraycopy(in, EXTENDED_HEADER, out, k, size);
        }
      }
      default -> throw FilterSupport.error(f, "special chunk kind " + special + " is unknown");
    }
  }

  /** Fills {@code n} bytes at {@code out[at]} with quiet NaNs of 4 or 8 bytes. */
  static void fillNans(Filter f, int typesize, byte[] out, int at, int n)
      throws H5FormatException {
    if (typesize != 4 && typesize != 8 || n % typesize != 0) {
      throw FilterSupport.error(f, "NaN chunk of type size " + typesize);
    }
    for (int k = at; k < at + n; k += typesize) {
      ByteFields.putLittleEndian(out, k, typesize == 4 ? 0x7FC00000L : 0x7FF8000000000000L,
          typesize);
    }
  }

  /** What to write: codec, level 0-9, shuffle (0 none, 1 byte, 2 bit), element size. */
  record Settings(BloscCodec codec, int clevel, int shuffle, int typesize, int blocksize) {}

  /**
   * Encodes {@code data} as one chunk: Blosc 1 (format version 2, 16-byte header) or Blosc 2
   * (version 5 with the extended header and the shuffle as the pipeline's last filter).
   * Incompressible data, level 0 and chunks under 128 bytes are stored as they are.
   */
  static byte[] encode(byte[] data, Settings s, boolean blosc2) {
    int nbytes = data.length;
    int typesize = s.typesize() > 255 || s.typesize() < 1 ? 1 : s.typesize();
    int headerSize = blosc2 ? EXTENDED_HEADER : HEADER;
    int blocksize = s.blocksize() > 0 ? Math.min(s.blocksize(), Math.max(1, nbytes))
        : blocksize(s.codec(), s.clevel(), typesize, nbytes);
    if (blocksize > typesize) {
      blocksize = blocksize / typesize * typesize;
    }
    boolean split = splits(s.codec(), typesize, blocksize);
    int flags = s.codec().format << 5 | (split ? 0 : FLAG_DONT_SPLIT);
    if (blosc2) {
      flags |= FLAG_SHUFFLE | FLAG_BITSHUFFLE;
    } else if (s.shuffle() == 1) {
      flags |= FLAG_SHUFFLE;
    } else if (s.shuffle() == 2) {
      flags |= FLAG_BITSHUFFLE;
    }
    byte[] out = new byte[FilterSupport.capped((long) nbytes + headerSize)];
    int nblocks = nbytes == 0 ? 0 : (nbytes + blocksize - 1) / blocksize;
    int op = -1;
    if (s.clevel() > 0 && nbytes >= MIN_BUFFERSIZE) {
      op = compressBlocks(data, s, typesize, blocksize, nblocks, split, blosc2, headerSize, out);
    }
    if (op < 0) { // copied as it is
      flags |= FLAG_MEMCPYED;
      System.arraycopy(data, 0, out, headerSize, nbytes);
      op = nbytes + headerSize;
    }
    out[0] = (byte) (blosc2 ? 5 : 2);
    out[1] = 1;
    out[2] = (byte) flags;
    out[3] = (byte) typesize;
    ByteFields.putLittleEndian(out, 4, nbytes, 4);
    ByteFields.putLittleEndian(out, 8, blocksize, 4);
    ByteFields.putLittleEndian(out, 12, op, 4);
    if (blosc2) {
      out[21] = (byte) s.shuffle(); // the last pipeline slot: 0, 1 shuffle, 2 bit shuffle
      out[22] = (byte) s.codec().code;
    }
    return Arrays.copyOf(out, op);
  }

  /** Compresses every block after the offsets; the chunk's size, or -1 if it does not shrink. */
  private static int compressBlocks(byte[] data, Settings s, int typesize, int blocksize,
      int nblocks, boolean split, boolean blosc2, int headerSize, byte[] out) {
    int limit = out.length;
    int op = headerSize + 4 * nblocks;
    if (op >= limit) {
      return -1;
    }
    byte[] tmp = ScratchArrays.get(ScratchArrays.FILTER_A, blocksize);
    for (int b = 0; b < nblocks; b++) {
      int start = b * blocksize;
      int bsize = Math.min(blocksize, data.length - start);
      boolean leftover = bsize < blocksize;
      byte[] src = data;
      int srcOff = start;
      if (s.shuffle() == 1 && typesize > 1) {
        int n = bsize / typesize;
        ShuffleFilter.shuffleBlock(data, start, n, typesize, tmp, 0);
        System.arraycopy(data, start + n * typesize, tmp, n * typesize, bsize - n * typesize);
        src = tmp;
        srcOff = 0;
      } else if (s.shuffle() == 2 && bsize >= typesize) {
        bitshuffle(data, start, bsize, typesize, tmp, 0, !blosc2, true);
        src = tmp;
        srcOff = 0;
      }
      ByteFields.putLittleEndian(out, headerSize + 4 * b, op, 4);
      int nstreams = split && !leftover ? typesize : 1;
      int neblock = bsize / nstreams;
      for (int j = 0; j < nstreams; j++) {
        if (limit - op < 4 + 1) {
          return -1;
        }
        int room = Math.min(neblock, limit - op - 4);
        int n = s.codec().compress(src, srcOff + j * neblock, neblock, out, op + 4, room,
            s.clevel());
        if (n <= 0 || n >= neblock) {
          if (limit - op - 4 < neblock) {
            return -1;
          }
          System.arraycopy(src, srcOff + j * neblock, out, op + 4, neblock);
          n = neblock;
        }
        ByteFields.putLittleEndian(out, op, n, 4);
        op += 4 + n;
      }
    }
    return op;
  }

  /** Whether blocks are split into byte-plane streams (c-blosc's forward-compatible rule). */
  private static boolean splits(BloscCodec codec, int typesize, int blocksize) {
    return codec != BloscCodec.ZSTD && typesize <= MAX_SPLITS
        && blocksize / typesize >= MIN_BUFFERSIZE;
  }

  /** The block size c-blosc 1 chooses for this codec, level, type size and chunk size. */
  static int blocksize(BloscCodec codec, int clevel, int typesize, int nbytes) {
    if (nbytes < typesize) {
      return 1;
    }
    boolean hcr = codec == BloscCodec.LZ4HC || codec == BloscCodec.ZLIB
        || codec == BloscCodec.ZSTD;
    int blocksize = nbytes;
    if (nbytes >= L1) {
      blocksize = hcr ? 2 * L1 : L1;
      switch (clevel) {
        case 0 -> blocksize /= 4;
        case 1 -> blocksize /= 2;
        case 2 -> { }
        case 3 -> blocksize *= 2;
        case 4, 5 -> blocksize *= 4;
        case 6, 7, 8 -> blocksize *= 8;
        default -> blocksize *= hcr ? 16 : 8;
      }
    }
    if (clevel > 0 && splits(codec, typesize, blocksize)) {
      blocksize = Math.min(blocksize, 1 << 18) * typesize;
      blocksize = Math.min(Math.max(blocksize, 1 << 16), 1 << 20);
    }
    blocksize = Math.min(blocksize, nbytes);
    if (blocksize > typesize) {
      blocksize = blocksize / typesize * typesize;
    }
    return Math.max(blocksize, 1);
  }

  /** A u32 header field that must fit in a Java int. */
  private static int u32(Filter f, byte[] in, int off, String what) throws H5FormatException {
    long v = ByteFields.littleEndian(in, off, 4);
    if (v > FilterSupport.MAX_ARRAY) {
      throw FilterSupport.error(f, what + " " + v + " is too large");
    }
    return (int) v;
  }
}
