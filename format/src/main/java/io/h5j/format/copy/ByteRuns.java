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
  /** Bytes of one range handed to the output at a time: one batch of it. */
  private static final long PIECE = BatchedOutput.MAX_BATCH_BYTES;

  private final FileAccess in;
  private final MappedInput inBytes;
  private final FileAccess out;
  private final BatchedOutput outBytes;
  /** The input's size: it is opened read-only and does not change under a repack. */
  private final long inSize;
  private long copied;
  /** Counts every range moved, raw data and metadata, for progress reports. */
  private final CopyMeter meter;

  /**
   * @param in the input, reading through {@code inBytes}
   * @param out the output, writing through {@code outBytes}
   * @param meter told of every range moved
   */
  ByteRuns(FileAccess in, MappedInput inBytes, FileAccess out, BatchedOutput outBytes,
      CopyMeter meter) throws IOException {
    this.in = in;
    this.inBytes = inBytes;
    this.out = out;
    this.outBytes = outBytes;
    this.inSize = in.size();
    this.meter = meter;
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
    long src = in.params().baseAddress() + from;
    long dst = out.params().baseAddress() + to;
    // in pieces, each told to the meter: the output takes a few pieces ahead at most, so
    // the count keeps the pace of the kernel's copying through a run of hundreds of MiB
    for (long done = 0; done < length; done += PIECE) {
      long n = Math.min(PIECE, length - done);
      outBytes.transferRetained(inBytes.file(), src + done, n, dst + done);
      meter.add(n);
    }
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
}
