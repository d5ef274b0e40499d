package io.h5j.format.filter;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.h5j.format.H5FormatException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Filter 32004, LZ4 in the framing of the HDF5 LZ4 plugin (hdf5plugin, Dectris): a big-endian
 * u64 decoded size, a big-endian u32 block size, then per block of that size (the last may be
 * shorter) a big-endian u32 stored size and the block: a raw LZ4 block, or the bytes themselves
 * when the stored size equals the block's decoded size (compression did not help). Client data
 * value 0 is the block size, 0 meaning the plugin's default of 1 GiB; the stored block size is
 * never larger than the data.
 */
final class Lz4Filter implements Filter {
  static final int DEFAULT_BLOCK_SIZE = 1 << 30;
  private static final int HEADER = 12;

  @Override
  public int id() {
    return Filters.LZ4;
  }

  @Override
  public String name() {
    return "lz4";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    if (in.length < HEADER) {
      throw FilterSupport.error(this, in.length + " bytes cannot hold the 12-byte header");
    }
    long size = ByteFields.bigEndian(in, 0, 8);
    long blockSize = ByteFields.bigEndian(in, 8, 4);
    if (size < 0 || size > maxOutput) {
      throw FilterSupport.error(this, "decoded size " + Long.toUnsignedString(size)
          + " exceeds the expected " + maxOutput + " bytes");
    }
    if (blockSize > size) {
      blockSize = size;
    }
    if (blockSize == 0 && size > 0) {
      throw FilterSupport.error(this, "block size is 0 for " + size + " bytes");
    }
    byte[] out = new byte[(int) size];
    int ip = HEADER;
    int op = 0;
    Lz4Decompressor lz4 = new Lz4Decompressor();
    while (op < size) {
      int blockLength = (int) Math.min(blockSize, size - op);
      if (in.length - ip < 4) {
        throw FilterSupport.error(this, "data end before block at output offset " + op);
      }
      long stored = ByteFields.bigEndian(in, ip, 4);
      ip += 4;
      if (stored > in.length - ip) {
        throw FilterSupport.error(this, "block of " + stored + " stored bytes at input offset "
            + (ip - 4) + " passes the end of the data");
      }
      int storedLength = (int) stored;
      if (storedLength == blockLength) {
        System.arraycopy(in, ip, out, op, blockLength);
      } else {
        int n;
        try {
          n = lz4.decompress(in, ip, storedLength, out, op, blockLength);
        } catch (MalformedInputException | IndexOutOfBoundsException e) {
          throw FilterSupport.error(this, "corrupt LZ4 block at input offset " + (ip - 4) + ": "
              + e.getMessage(), e);
        }
        if (n != blockLength) {
          throw FilterSupport.error(this, "LZ4 block at input offset " + (ip - 4) + " decodes to "
              + n + " bytes, expected " + blockLength);
        }
      }
      ip += storedLength;
      op += blockLength;
    }
    return out;
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    int blockSize = FilterSupport.clientValue(clientData, 0, 0);
    if (blockSize < 0) {
      throw new IllegalArgumentException("LZ4 block size " + Integer.toUnsignedString(blockSize)
          + " is larger than 2 GiB");
    }
    if (blockSize == 0) {
      blockSize = DEFAULT_BLOCK_SIZE;
    }
    blockSize = Math.min(blockSize, in.length);
    Lz4Compressor lz4 = new Lz4Compressor();
    int blocks = blockSize == 0 ? 0 : (in.length - 1) / blockSize + 1;
    byte[] out = new byte[FilterSupport.capped(
        HEADER + 4L * blocks + lz4.maxCompressedLength(in.length) + 16L * blocks)];
    ByteFields.putBigEndian(out, 0, in.length, 8);
    ByteFields.putBigEndian(out, 8, blockSize, 4);
    int op = HEADER;
    for (int ip = 0; ip < in.length; ip += blockSize) {
      int length = Math.min(blockSize, in.length - ip);
      int n = lz4.compress(in, ip, length, out, op + 4, out.length - op - 4);
      if (n >= length) {
        System.arraycopy(in, ip, out, op + 4, length);
        n = length;
      }
      ByteFields.putBigEndian(out, op, n, 4);
      op += 4 + n;
    }
    return Optional.of(Arrays.copyOf(out, op));
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    long blockSize = Integer.toUnsignedLong(FilterSupport.clientValue(clientData, 0, 0));
    long blocks = blockSize == 0 ? 1 : (inputSize + blockSize - 1) / blockSize;
    return HEADER + 4 * blocks + inputSize; // a block that does not shrink is stored raw
  }
}
