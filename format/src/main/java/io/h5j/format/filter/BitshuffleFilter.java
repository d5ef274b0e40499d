package io.h5j.format.filter;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import io.h5j.format.H5FormatException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Filter 32008, the bitshuffle plugin: the chunk's elements are bit-transposed
 * ({@link BitTranspose}) block by block, optionally compressed per block.
 *
 * <p>Client data: values 0 and 1 the plugin's versions, 2 the element size in bytes, 3 the
 * block size in elements (a multiple of 8; 0 for the default: 8 KiB worth of elements, rounded
 * down to a multiple of 8, at least 128), 4 the compression (0 none, 2 LZ4, 3 Zstandard), 5 the
 * Zstandard level. Blocks: as many whole blocks as fit, then one block of the remaining
 * elements rounded down to a multiple of 8, then the last {@code n % 8} elements as they are.
 *
 * <p>Without compression the output has the input's size. With it, a header of a big-endian
 * u64 decoded size and a big-endian u32 block size in bytes, then per transposed block a
 * big-endian u32 stored size and the LZ4 block or Zstandard frame, then the untransposed tail.
 */
final class BitshuffleFilter implements Filter {
  static final int NONE = 0;
  static final int LZ4 = 2;
  static final int ZSTD = 3;
  private static final int HEADER = 12;

  @Override
  public int id() {
    return Filters.BITSHUFFLE;
  }

  @Override
  public String name() {
    return "bitshuffle";
  }

  /** The plugin's default block size in elements for this element size. */
  static int defaultBlockSize(int elementSize) {
    return Math.max(8192 / elementSize / 8 * 8, 128);
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    int s = FilterSupport.requiredValue(this, clientData, 2, "element size");
    if (s <= 0) {
      throw FilterSupport.error(this, "element size " + Integer.toUnsignedString(s));
    }
    int blockSize = FilterSupport.clientValue(clientData, 3, 0);
    int compression = FilterSupport.clientValue(clientData, 4, NONE);
    if (compression != LZ4 && compression != ZSTD) {
      if (in.length > maxOutput) {
        throw FilterSupport.error(this, in.length + " bytes exceed the expected " + maxOutput);
      }
      if (in.length % s != 0) {
        throw FilterSupport.error(this, in.length + " bytes are no whole number of "
            + s + "-byte elements");
      }
      byte[] out = new byte[in.length];
      transposeAll(in, out, in.length / s, s, blockSize(blockSize, s), false);
      return out;
    }
    if (in.length < HEADER) {
      throw FilterSupport.error(this, in.length + " bytes cannot hold the 12-byte header");
    }
    long size = ByteFields.bigEndian(in, 0, 8);
    long blockBytes = ByteFields.bigEndian(in, 8, 4);
    if (size < 0 || size > maxOutput) {
      throw FilterSupport.error(this, "decoded size " + Long.toUnsignedString(size)
          + " exceeds the expected " + maxOutput + " bytes");
    }
    if (size % s != 0) {
      throw FilterSupport.error(this, size + " bytes are no whole number of " + s
          + "-byte elements");
    }
    int block = blockSize((int) Math.min(Integer.MAX_VALUE, blockBytes / s), s);
    int n = (int) (size / s);
    byte[] out = new byte[(int) size];
    byte[] packed = new byte[Math.min(block, n) * s];
    byte[] scratch = new byte[packed.length];
    Lz4Decompressor lz4 = compression == LZ4 ? new Lz4Decompressor() : null;
    ZstdDecompressor zstd = compression == ZSTD ? new ZstdDecompressor() : null;
    int ip = HEADER;
    int e = 0;
    for (int count; (count = blockAt(e, n, block)) > 0; e += count) {
      int bytes = count * s;
      if (in.length - ip < 4) {
        throw FilterSupport.error(this, "data end before the block of element " + e);
      }
      long stored = ByteFields.bigEndian(in, ip, 4);
      ip += 4;
      if (stored > in.length - ip) {
        throw FilterSupport.error(this, "block of " + stored + " stored bytes at input offset "
            + (ip - 4) + " passes the end of the data");
      }
      int decoded;
      try {
        decoded = lz4 != null ? lz4.decompress(in, ip, (int) stored, packed, 0, bytes)
            : zstd.decompress(in, ip, (int) stored, packed, 0, bytes);
      } catch (MalformedInputException | IndexOutOfBoundsException | IllegalArgumentException x) {
        throw FilterSupport.error(this, "corrupt " + (lz4 != null ? "LZ4" : "Zstandard")
            + " block at input offset " + (ip - 4) + ": " + x.getMessage(), x);
      }
      if (decoded != bytes) {
        throw FilterSupport.error(this, "block at input offset " + (ip - 4) + " decodes to "
            + decoded + " bytes, expected " + bytes);
      }
      BitTranspose.unshuffle(packed, 0, count, s, out, e * s, scratch);
      ip += (int) stored;
    }
    int tail = (int) size - e * s;
    if (in.length - ip < tail) {
      throw FilterSupport.error(this, "data end " + (tail - (in.length - ip))
          + " bytes before the last elements");
    }
    System.arraycopy(in, ip, out, e * s, tail);
    return out;
  }

  /** The block size to use: the given one, or the default for 0; a multiple of 8. */
  private int blockSize(int given, int s) throws H5FormatException {
    if (given == 0) {
      return defaultBlockSize(s);
    }
    if (given < 0 || given % 8 != 0) {
      throw FilterSupport.error(this, "block size " + Integer.toUnsignedString(given)
          + " is not a multiple of 8 elements");
    }
    return given;
  }

  /** Elements in the block starting at element {@code e} of {@code n}; 0 past the last. */
  private static int blockAt(int e, int n, int block) {
    int left = n - e;
    return left >= block ? block : left & ~7;
  }

  /** Bit-transposes (or undoes it) every block, copying the tail, without compression. */
  private static void transposeAll(byte[] in, byte[] out, int n, int s, int block,
      boolean shuffle) {
    byte[] scratch = new byte[Math.min(block, n) * s];
    int e = 0;
    for (int count; (count = blockAt(e, n, block)) > 0; e += count) {
      if (shuffle) {
        BitTranspose.shuffle(in, e * s, count, s, out, e * s, scratch);
      } else {
        BitTranspose.unshuffle(in, e * s, count, s, out, e * s, scratch);
      }
    }
    System.arraycopy(in, e * s, out, e * s, (n - e) * s);
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    if (clientData.length < 3 || clientData[2] <= 0) {
      throw new IllegalArgumentException("bitshuffle needs the element size in client data 2");
    }
    int s = clientData[2];
    int given = FilterSupport.clientValue(clientData, 3, 0);
    if (given < 0 || given % 8 != 0) {
      throw new IllegalArgumentException("bitshuffle block size "
          + Integer.toUnsignedString(given) + " is not a multiple of 8 elements");
    }
    int block = given == 0 ? defaultBlockSize(s) : given;
    int compression = FilterSupport.clientValue(clientData, 4, NONE);
    if (compression != NONE && compression != LZ4 && compression != ZSTD) {
      throw new IllegalArgumentException("bitshuffle compression " + compression
          + " is none of 0 (none), 2 (LZ4), 3 (Zstandard)");
    }
    if (in.length % s != 0) {
      return Optional.empty(); // the plugin fails on a partial element too
    }
    int n = in.length / s;
    if (compression == NONE) {
      byte[] out = new byte[in.length];
      transposeAll(in, out, n, s, block, true);
      return Optional.of(out);
    }
    Lz4Compressor lz4 = compression == LZ4 ? new Lz4Compressor() : null;
    ZstdCompressor zstd = compression == ZSTD ? new ZstdCompressor() : null;
    int blockBytes = Math.min(block, n) * s;
    int bound = lz4 != null ? lz4.maxCompressedLength(blockBytes)
        : zstd.maxCompressedLength(blockBytes);
    long blocks = n / block + 1;
    byte[] out = new byte[FilterSupport.capped(HEADER + blocks * (4L + bound) + in.length % (8L * s))];
    ByteFields.putBigEndian(out, 0, in.length, 8);
    ByteFields.putBigEndian(out, 8, (long) block * s, 4);
    byte[] packed = new byte[blockBytes];
    byte[] scratch = new byte[blockBytes];
    int op = HEADER;
    int e = 0;
    for (int count; (count = blockAt(e, n, block)) > 0; e += count) {
      BitTranspose.shuffle(in, e * s, count, s, packed, 0, scratch);
      int length = count * s;
      int stored = lz4 != null ? lz4.compress(packed, 0, length, out, op + 4, out.length - op - 4)
          : zstd.compress(packed, 0, length, out, op + 4, out.length - op - 4);
      ByteFields.putBigEndian(out, op, stored, 4);
      op += 4 + stored;
    }
    int tail = in.length - e * s;
    System.arraycopy(in, e * s, out, op, tail);
    return Optional.of(Arrays.copyOf(out, op + tail));
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    if (FilterSupport.clientValue(clientData, 4, NONE) == NONE) {
      return inputSize;
    }
    int s = Math.max(1, FilterSupport.clientValue(clientData, 2, 1));
    int given = FilterSupport.clientValue(clientData, 3, 0);
    long block = given > 0 ? given : defaultBlockSize(s);
    long blocks = inputSize / s / block + 1;
    // LZ4 grows a block by at most 1/255 + 16 bytes; a Zstandard frame by 1/256 + 64 or so
    return HEADER + inputSize + inputSize / 128 + blocks * (4 + 128);
  }
}
