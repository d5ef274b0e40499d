package io.h5j.repack;

import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Copies byte ranges from one HDF5 file to another without passing them through the Java
 * heap: {@link FileChannel#transferTo} lets the kernel move the bytes (a copy within the page
 * cache, or copy_file_range on Linux).
 */
final class ByteRuns {
  private final FileAccess in;
  private final FileAccess out;
  private long copied;

  ByteRuns(FileAccess in, FileAccess out) {
    this.in = in;
    this.out = out;
  }

  /** Copies {@code length} bytes from address {@code from} of IN to address {@code to} of OUT. */
  void copy(long from, long to, long length, String structure) throws IOException {
    if (length == 0) {
      return;
    }
    checkRange(from, length, structure);
    FileChannel src = in.channel();
    FileChannel dst = out.channel();
    long srcPos = in.params().baseAddress() + from;
    long dstPos = out.params().baseAddress() + to;
    long done = 0;
    while (done < length) {
      dst.position(dstPos + done);
      long n = src.transferTo(srcPos + done, length - done, dst);
      if (n <= 0) {
        throw new io.h5j.H5FormatException(structure, from + done, "file ends early");
      }
      done += n;
    }
    copied += length;
  }

  /** Like {@link FileAccess#checkRange}, for ranges longer than one Java array. */
  void checkRange(long address, long length, String structure) throws IOException {
    long size = in.size();
    if (address < 0 || length < 0 || address > size || length > size - address) {
      throw new io.h5j.H5FormatException(structure, address, "range of " + length
          + " bytes is outside the file of " + size + " bytes");
    }
  }

  /** Bytes copied so far. */
  long copied() {
    return copied;
  }
}
