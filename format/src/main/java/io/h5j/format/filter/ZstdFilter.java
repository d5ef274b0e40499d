package io.h5j.format.filter;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import io.h5j.format.H5FormatException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Filter 32015, Zstandard (hdf5plugin): the chunk is one plain Zstandard frame (RFC 8878). Client
 * data value 0 is the compression level on write; h5j's pure-Java encoder (aircompressor) has one
 * fixed level and ignores it, which readers never need to know.
 */
final class ZstdFilter implements Filter {
  @Override
  public int id() {
    return Filters.ZSTD;
  }

  @Override
  public String name() {
    return "zstd";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    try {
      long declared = ZstdDecompressor.getDecompressedSize(in, 0, in.length);
      if (declared > maxOutput) {
        throw FilterSupport.error(this, "frame declares " + declared
            + " decoded bytes, more than the expected " + maxOutput);
      }
      byte[] out = new byte[declared >= 0 ? (int) declared : maxOutput];
      int n = new ZstdDecompressor().decompress(in, 0, in.length, out, 0, out.length);
      return n == out.length ? out : Arrays.copyOf(out, n);
    } catch (MalformedInputException | IndexOutOfBoundsException | IllegalArgumentException e) {
      throw FilterSupport.error(this, "corrupt Zstandard frame: " + e.getMessage(), e);
    }
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    ZstdCompressor zstd = new ZstdCompressor();
    byte[] out = new byte[zstd.maxCompressedLength(in.length)];
    int n = zstd.compress(in, 0, in.length, out, 0, out.length);
    return Optional.of(Arrays.copyOf(out, n));
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + (inputSize >> 8) + 64 + (inputSize < (128 << 10)
        ? ((128 << 10) - inputSize) >> 11 : 0);
  }
}
