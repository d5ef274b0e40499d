package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.Optional;

/**
 * Filter 32001, Blosc 1 (hdf5-blosc, as PyTables, h5py's plugins and hdf5plugin use it): each
 * HDF5 chunk is one {@link BloscChunk}. Client data: values 0-3 the filter revision, the Blosc
 * format version, the element size and the chunk size in bytes (set by the plugin per dataset),
 * 4 the compression level (0-9, default 5), 5 the shuffle (0 none, 1 byte, 2 bit; default 1), 6
 * the codec (0 blosclz, 1 lz4, 2 lz4hc, 3 snappy, 4 zlib, 5 zstd; default blosclz). Decoding
 * needs none of them: the chunk's header says it all.
 */
final class BloscFilter implements Filter {
  @Override
  public int id() {
    return Filters.BLOSC;
  }

  @Override
  public String name() {
    return "blosc";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    int n = BloscChunk.declaredSize(this, in, in.length);
    if (n > maxOutput) {
      throw FilterSupport.error(this, "chunk declares " + n + " decoded bytes, more than the"
          + " expected " + maxOutput);
    }
    byte[] out = new byte[n];
    BloscChunk.decode(this, in, in.length, out, maxOutput);
    return out;
  }

  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput)
      throws H5FormatException {
    int n = BloscChunk.declaredSize(this, in, inLength);
    if (n > Math.min(maxOutput, out.length)) {
      throw FilterSupport.error(this, "chunk declares " + n + " decoded bytes, more than the"
          + " expected " + maxOutput);
    }
    return BloscChunk.decode(this, in, inLength, out, maxOutput);
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    return Optional.of(BloscChunk.encode(in, settings(clientData, 2), false));
  }

  /** The write settings of hdf5-blosc's and hdf5-blosc2's client data (same slots 2, 4-6). */
  static BloscChunk.Settings settings(int[] clientData, int blocksizeSlot) {
    int typesize = FilterSupport.clientValue(clientData, 2, 1);
    int clevel = FilterSupport.clientValue(clientData, 4, 5);
    int shuffle = FilterSupport.clientValue(clientData, 5, 1);
    int code = FilterSupport.clientValue(clientData, 6, 0);
    BloscCodec codec = BloscCodec.ofCode(code);
    if (codec == null) {
      throw new IllegalArgumentException("Blosc codec " + code + " is none of 0 blosclz, 1 lz4,"
          + " 2 lz4hc, 3 snappy, 4 zlib, 5 zstd");
    }
    if (clevel < 0 || clevel > 9) {
      throw new IllegalArgumentException("Blosc level " + clevel + " is not within 0-9");
    }
    if (shuffle < 0 || shuffle > 2) {
      throw new IllegalArgumentException("Blosc shuffle " + shuffle + " is none of 0, 1, 2");
    }
    int blocksize = blocksizeSlot == 1 ? FilterSupport.clientValue(clientData, 1, 0) : 0;
    return new BloscChunk.Settings(codec, clevel, shuffle, typesize, Math.max(0, blocksize));
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + BloscChunk.EXTENDED_HEADER;
  }
}
