package io.h5j.repack;

import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Copies byte ranges from one HDF5 file to another. Large ranges go through
 * {@link FileChannel#transferTo}, which lets the kernel move the bytes (copy_file_range or
 * sendfile on Linux); small ones that follow each other in the output are gathered in one
 * buffer and written together, so that a dataset of many small runs of chunks costs one read
 * per run and few writes, not several system calls per run.
 */
final class ByteRuns {
  /** Runs at least this long are transferred by the kernel rather than buffered. */
  private static final int DIRECT = 256 << 10;
  private static final int BUFFER = 1 << 20;

  private final FileAccess in;
  private final FileAccess out;
  /** The input's size: it is opened read-only and does not change under a repack. */
  private final long inSize;
  private ByteBuffer buffer;
  private long copied;

  ByteRuns(FileAccess in, FileAccess out) throws IOException {
    this.in = in;
    this.out = out;
    this.inSize = in.size();
  }

  /** Copies {@code length} bytes from address {@code from} of IN to address {@code to} of OUT. */
  void copy(long from, long to, long length, String structure) throws IOException {
    try (Sequence s = sequence(to, structure)) {
      s.append(from, length);
    }
  }

  /**
   * Starts copying runs that go one after the other into OUT from address {@code to}; they are
   * all written when the sequence is closed.
   */
  Sequence sequence(long to, String structure) {
    return new Sequence(to, structure);
  }

  /** Runs copied into consecutive addresses of OUT. */
  final class Sequence implements AutoCloseable {
    private final String structure;
    /** Where the next run goes in OUT. */
    private long next;
    /** Where the bytes gathered in the buffer go, when it holds any. */
    private long bufferedAt;

    private Sequence(long to, String structure) {
      this.next = to;
      this.bufferedAt = to;
      this.structure = structure;
    }

    /** Copies {@code length} bytes from address {@code from} of IN to the next ones of OUT. */
    void append(long from, long length) throws IOException {
      if (length == 0) {
        return;
      }
      checkRange(from, length, structure);
      if (length >= DIRECT) {
        flush();
        transfer(from, next, length);
      } else {
        if (buffer == null) {
          buffer = ByteBuffer.allocateDirect(BUFFER);
        }
        if (buffer.remaining() < length) {
          flush();
        }
        if (buffer.position() == 0) {
          bufferedAt = next;
        }
        in.readFully(in.params().baseAddress() + from,
            buffer.limit(buffer.position() + (int) length), structure);
        buffer.limit(buffer.capacity());
      }
      next += length;
      copied += length;
    }

    private void flush() throws IOException {
      if (buffer != null && buffer.position() > 0) {
        out.write(bufferedAt, buffer.flip());
        buffer.clear();
      }
    }

    /** Writes what is gathered. */
    @Override
    public void close() throws IOException {
      flush();
    }

    private void transfer(long from, long to, long length) throws IOException {
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
    }
  }

  /** Like {@link FileAccess#checkRange}, for ranges longer than one Java array. */
  void checkRange(long address, long length, String structure) throws IOException {
    if (address < 0 || length < 0 || address > inSize || length > inSize - address) {
      throw new io.h5j.H5FormatException(structure, address, "range of " + length
          + " bytes is outside the file of " + inSize + " bytes");
    }
  }

  /** Bytes copied so far. */
  long copied() {
    return copied;
  }
}
