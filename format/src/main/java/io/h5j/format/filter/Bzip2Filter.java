package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

/**
 * Filter 307, bzip2 (PyTables, hdf5plugin): one complete bzip2 stream ("BZh..."). Client data
 * value 0 is the block size in units of 100 kB, 1..9 (default 9).
 */
final class Bzip2Filter implements Filter {
  @Override
  public int id() {
    return Filters.BZIP2;
  }

  @Override
  public String name() {
    return "bzip2";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    try (BZip2CompressorInputStream bz =
        new BZip2CompressorInputStream(new ByteArrayInputStream(in), true)) {
      return FilterSupport.readCapped(this, bz, maxOutput);
    } catch (H5FormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw FilterSupport.error(this, "corrupt bzip2 stream: " + e.getMessage(), e);
    }
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    int blockSize = FilterSupport.clientValue(clientData, 0, 9);
    if (blockSize < 1 || blockSize > 9) {
      throw new IllegalArgumentException("bzip2 block size " + blockSize + " is not 1..9");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(in.length / 2 + 64);
    try (BZip2CompressorOutputStream bz = new BZip2CompressorOutputStream(out, blockSize)) {
      bz.write(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // writing to memory does not fail
    }
    return Optional.of(out.toByteArray());
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + inputSize / 100 + 600;
  }
}
