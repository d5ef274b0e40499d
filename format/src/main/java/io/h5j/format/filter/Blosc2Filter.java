package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.Optional;

/**
 * Filter 32026, Blosc2 (PyTables' hdf5-blosc2, hdf5plugin): each HDF5 chunk is a
 * {@link Blosc2Frame} holding one Blosc2 chunk, for chunks of rank 2 and more in the "b2nd"
 * block layout. Client data: 0 the filter revision, 1 the block size in bytes (0: Blosc2's
 * choice), 2 the element size, 3 the chunk size in bytes, 4 the level (0-9), 5 the shuffle
 * (0 none, 1 byte, 2 bit), 6 the codec (0 blosclz, 1 lz4, 2 lz4hc, 4 zlib, 5 zstd), then for
 * rank 2 and more the rank and the chunk's dimensions. Decoding needs none of them. h5j writes
 * plain (not b2nd) frames, which the filter reads at every rank.
 */
final class Blosc2Filter implements Filter {
  @Override
  public int id() {
    return Filters.BLOSC2;
  }

  @Override
  public String name() {
    return "blosc2";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    return Blosc2Frame.decode(this, in, in.length, maxOutput);
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    BloscChunk.Settings s = BloscFilter.settings(clientData, 1);
    if (s.codec() == BloscCodec.SNAPPY) {
      throw new IllegalArgumentException("Blosc2 has no snappy (codec 3)");
    }
    return Optional.of(Blosc2Frame.encode(in, s));
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + 256;
  }
}
