package io.h5j.testing;

import java.util.Arrays;

/** The bytes of a file in memory, changed by replaying {@link ChannelOp}s over them. */
public final class FileImage {
  private byte[] bytes;
  private int size;

  public FileImage(byte[] initial) {
    bytes = initial.clone();
    size = initial.length;
  }

  public long size() {
    return size;
  }

  /** A copy of the file's bytes as they are now. */
  public byte[] bytes() {
    return Arrays.copyOf(bytes, size);
  }

  /** Applies a write or a truncate; a force changes no byte. */
  public void apply(ChannelOp op) {
    if (op instanceof ChannelOp.Write w) {
      write(w.position(), w.bytes(), 0, w.bytes().length);
    } else if (op instanceof ChannelOp.Truncate t && t.size() < size) {
      resize(t.size());
    }
  }

  /** Writes {@code b[from, to)} at offset {@code position + from}, growing the file with zeros. */
  public void write(long position, byte[] b, int from, int to) {
    long end = position + to;
    if (end > size) {
      resize(end);
    }
    System.arraycopy(b, from, bytes, (int) (position + from), to - from);
  }

  /** Cuts the file or extends it with zeros to {@code newSize} bytes. */
  public void resize(long newSize) {
    if (newSize > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("a file image holds under 2 GiB, not " + newSize + " B");
    }
    int n = (int) newSize;
    if (n > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(n, bytes.length * 2));
    } else if (n < size) {
      Arrays.fill(bytes, n, size, (byte) 0);
    }
    size = n;
  }
}
