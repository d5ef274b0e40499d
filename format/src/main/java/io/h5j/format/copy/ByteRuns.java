package io.h5j.format.copy;

import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Copies byte ranges from one HDF5 file to another, each byte copied once, by the kernel
 * ({@link FileChannel#transferTo}, sendfile on Linux), on the output's writer thread, in the
 * order of the output's other writes; ranges that follow each other in both files go as one.
 */
final class ByteRuns {
  private final FileAccess in;
  private final MappedInput inBytes;
  private final FileAccess out;
  private final BatchedOutput outBytes;
  /** The input's size: it is opened read-only and does not change under a repack. */
  private final long inSize;
  private long copied;
  /** Bytes of raw data and metadata copied so far. */
  private long moved;

  /**
   * @param in the input, reading through {@code inBytes}
   * @param out the output, writing through {@code outBytes}
   */
  ByteRuns(FileAccess in, MappedInput inBytes, FileAccess out, BatchedOutput outBytes)
      throws IOException {
    this.in = in;
    this.inBytes = inBytes;
    this.out = out;
    this.outBytes = outBytes;
    this.inSize = in.size();
  }

  /**
   * Copies {@code length} bytes of raw data from address {@code from} of IN to address
   * {@code to} of OUT, and counts them in {@link #copied}.
   */
  void copy(long from, long to, long length, String structure) throws IOException {
    move(from, to, length, structure);
    copied += length;
  }

  /** Copies {@code length} bytes of metadata, as {@link #copy} does, but not counted. */
  void move(long from, long to, long length, String structure) throws IOException {
    if (length == 0) {
      return;
    }
    checkRange(from, length, structure);
    moved += length;
    long src = in.params().baseAddress() + from;
    long dst = out.params().baseAddress() + to;
    outBytes.transferRetained(inBytes.file(), src, length, dst);
  }

  /**
   * The {@code length} bytes at address {@code address} of IN, without copying them (a
   * read-only view, little-endian), after checking the range.
   */
  ByteBuffer view(long address, int length, String structure) throws IOException {
    checkRange(address, length, structure);
    return inBytes.view(in.params().baseAddress() + address, length)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
  }

  /** Like {@link FileAccess#checkRange}, for ranges longer than one Java array. */
  void checkRange(long address, long length, String structure) throws IOException {
    if (address < 0 || length < 0 || address > inSize || length > inSize - address) {
      throw new io.h5j.format.H5FormatException(structure, address, "range of " + length
          + " bytes is outside the file of " + inSize + " bytes");
    }
  }

  /** Bytes of raw data copied so far. */
  long copied() {
    return copied;
  }

  /**
   * Bytes of raw data and metadata (heap collections of mapping blocks) copied so far, for
   * progress reports: in a versioned file the mapping blocks are a third of the file.
   */
  long moved() {
    return moved;
  }
}
