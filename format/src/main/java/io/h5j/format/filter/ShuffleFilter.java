package io.h5j.format.filter;

import io.h5j.H5FormatException;
import java.util.Optional;

/**
 * Filter 2, shuffle: byte {@code j} of every element is gathered into plane {@code j}. Client
 * data value 0 is the element size in bytes. As in libhdf5, an element size of 1 or a single
 * element leaves the data as it is, and the bytes after the last whole element stay in place at
 * the end.
 */
final class ShuffleFilter implements Filter {
  @Override
  public int id() {
    return Filters.SHUFFLE;
  }

  @Override
  public String name() {
    return "shuffle";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    int size = FilterSupport.requiredValue(this, clientData, 0, "element size");
    if (in.length > maxOutput) {
      throw FilterSupport.error(this, in.length + " bytes exceed the expected " + maxOutput);
    }
    return transpose(in, size, false);
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    if (clientData.length < 1) {
      throw new IllegalArgumentException("shuffle needs the element size as client data value 0");
    }
    return Optional.of(transpose(in, clientData[0], true));
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize;
  }

  private static byte[] transpose(byte[] in, int elementSize, boolean shuffle) {
    long size = Integer.toUnsignedLong(elementSize);
    byte[] out = in.clone();
    if (size <= 1 || in.length / size <= 1) {
      return out;
    }
    int n = (int) (in.length / size);
    int s = (int) size;
    for (int e = 0; e < n; e++) {
      for (int b = 0; b < s; b++) {
        int unshuffled = e * s + b;
        int shuffled = b * n + e;
        if (shuffle) {
          out[shuffled] = in[unshuffled];
        } else {
          out[unshuffled] = in[shuffled];
        }
      }
    }
    return out;
  }
}
