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
 *
 * <p>The codec is Apache Commons Compress, an optional dependency of h5j (it and the libraries
 * it needs weigh 2.7 MB and serve bzip2 alone). Without it, decoding fails with an
 * {@link H5FormatException.Kind#UNSUPPORTED} error and encoding with an
 * {@link UnsupportedOperationException}, both naming the library: the filter stays "able to
 * encode" so that a writer asking for bzip2 learns what is missing instead of silently storing
 * chunks unfiltered.
 */
final class Bzip2Filter implements Filter {
  /** The Maven coordinates (groupId:artifactId) of the library that does the work. */
  static final String LIBRARY = "org.apache.commons:commons-compress";

  private static final String PROBE =
      "org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream";
  private static final boolean LIBRARY_PRESENT = present(PROBE);

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
    if (!LIBRARY_PRESENT) {
      throw missing(null);
    }
    try {
      return Codec.decode(this, in, maxOutput);
    } catch (H5FormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw FilterSupport.error(this, "corrupt bzip2 stream: " + e.getMessage(), e);
    } catch (LinkageError e) { // the library is there, a library it needs is not
      throw missing(e);
    }
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    int blockSize = FilterSupport.clientValue(clientData, 0, 9);
    if (blockSize < 1 || blockSize > 9) {
      throw new IllegalArgumentException("bzip2 block size " + blockSize + " is not 1..9");
    }
    if (!LIBRARY_PRESENT) {
      throw new UnsupportedOperationException(missingLibrary());
    }
    try {
      return Optional.of(Codec.encode(in, blockSize));
    } catch (LinkageError e) {
      throw new UnsupportedOperationException(missingLibrary(), e);
    }
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + inputSize / 100 + 600;
  }

  private static H5FormatException missing(Throwable cause) {
    return new H5FormatException(H5FormatException.Kind.UNSUPPORTED, "bzip2 filter", -1,
        missingLibrary(), null, cause);
  }

  private static String missingLibrary() {
    return "bzip2 needs the optional library " + LIBRARY + " (with its dependencies) on the "
        + "class path, or its module org.apache.commons.compress added (--add-modules) on the "
        + "module path";
  }

  /** Whether {@code className} can be loaded by h5j's own class loader, without running it. */
  private static boolean present(String className) {
    try {
      Class.forName(className, false, Bzip2Filter.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * The calls into Commons Compress, apart so that {@link Bzip2Filter} itself loads and
   * verifies without the library; this class is loaded only once the library is known present.
   */
  private static final class Codec {
    static byte[] decode(Filter filter, byte[] in, int maxOutput) throws IOException {
      try (BZip2CompressorInputStream bz =
          new BZip2CompressorInputStream(new ByteArrayInputStream(in), true)) {
        return FilterSupport.readCapped(filter, bz, maxOutput);
      }
    }

    static byte[] encode(byte[] in, int blockSize) {
      ByteArrayOutputStream out = new ByteArrayOutputStream(in.length / 2 + 64);
      try (BZip2CompressorOutputStream bz = new BZip2CompressorOutputStream(out, blockSize)) {
        bz.write(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e); // writing to memory does not fail
      }
      return out.toByteArray();
    }
  }
}
