package io.h5j.format.group;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A local heap: the name strings of an old-style group, NUL-terminated, 8-byte aligned. */
public final class LocalHeap {
  private static final String WHAT = "local heap";

  /**
   * The free list offset that means "no free block". libhdf5 writes and expects 1
   * ({@code H5HL_FREE_NULL}), not the undefined address: it rejects any other offset beyond
   * the data segment with "bad heap free list".
   */
  public static final long FREE_LIST_END = 1;

  private final long address;
  private final long dataAddress;
  private final byte[] data;

  private LocalHeap(long address, long dataAddress, byte[] data) {
    this.address = address;
    this.dataAddress = dataAddress;
    this.data = data;
  }

  public static LocalHeap read(FileAccess fa, long address) throws IOException {
    FileParams p = fa.params();
    ByteReader r = fa.reader(address, 8 + 2L * p.lengthSize() + p.offsetSize(), WHAT);
    r.signature("HEAP");
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    r.skip(3);
    long size = r.length();
    long freeList = r.length(); // h5j rebuilds heaps rather than fill holes, but checks it
    long dataAddress = r.offset();
    byte[] data = fa.read(dataAddress, size, "local heap data segment");
    checkFreeList(data, freeList, p.lengthSize(), address, dataAddress);
    return new LocalHeap(address, dataAddress, data);
  }

  /**
   * The free list as libhdf5 needs it to load the heap at all ("bad heap free list"): each
   * block, from the head on, starts inside the data segment and holds the offset of the next
   * block (never 0) and its own size, which stays inside the segment; the list ends with
   * {@link #FREE_LIST_END}. A list that comes back on itself is refused too.
   */
  private static void checkFreeList(byte[] data, long head, int lengthSize, long address,
      long dataAddress) throws H5FormatException {
    long block = head;
    for (long steps = 0; block != FREE_LIST_END; steps++) {
      if (block < 0 || block > data.length - 2L * lengthSize) {
        throw new H5FormatException(WHAT, address, "free block offset " + block
            + " is outside the data segment of " + data.length + " bytes");
      }
      if (steps > data.length / (2L * lengthSize)) {
        throw new H5FormatException(WHAT, address, "the free list comes back on itself");
      }
      ByteReader b = new ByteReader(data, (int) block, data.length, dataAddress + block,
          "local heap free block", null);
      long next = b.uN(lengthSize);
      long blockSize = b.uN(lengthSize);
      if (next == 0) {
        throw new H5FormatException(WHAT, dataAddress + block, "a free block names offset 0"
            + " as the next");
      }
      if (blockSize < 0 || blockSize > data.length - block) {
        throw new H5FormatException(WHAT, dataAddress + block, "free block of " + blockSize
            + " bytes at offset " + block + " passes the end of the data segment of "
            + data.length + " bytes");
      }
      block = next;
    }
  }

  public long address() {
    return address;
  }

  public long dataAddress() {
    return dataAddress;
  }

  public int dataSize() {
    return data.length;
  }

  /** The NUL-terminated string at {@code offset} of the data segment. */
  public String string(long offset) throws H5FormatException {
    if (offset < 0 || offset >= data.length) {
      throw new H5FormatException(WHAT, address, "name offset " + offset
          + " is outside the data segment of " + data.length + " bytes");
    }
    int end = (int) offset;
    while (end < data.length && data[end] != 0) {
      end++;
    }
    if (end == data.length) {
      throw new H5FormatException(WHAT, dataAddress + offset, "string has no NUL terminator");
    }
    return new String(data, (int) offset, end - (int) offset, StandardCharsets.UTF_8);
  }

  /**
   * Encodes a heap header whose data segment follows it directly.
   *
   * @return header bytes followed by the data segment
   */
  public static byte[] encode(FileParams p, long address, byte[] segment, long freeOffset) {
    ByteWriter w = new ByteWriter(p, segment.length + 64);
    int headerSize = headerSize(p);
    w.ascii("HEAP").u8(0).zeros(3).length(segment.length).length(freeOffset)
        .offset(address + headerSize);
    w.bytes(segment);
    return w.toByteArray();
  }

  /**
   * Collects NUL-terminated strings, each padded to 8 bytes, into a new heap's data segment;
   * offset 0 holds the empty string, as libhdf5 expects of group and external-file heaps.
   */
  public static final class Builder {
    private final java.io.ByteArrayOutputStream segment = new java.io.ByteArrayOutputStream();

    public Builder() {
      add("");
    }

    /** Appends {@code s}; returns its offset in the data segment. */
    public long add(String s) {
      long at = segment.size();
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      segment.write(b, 0, b.length);
      int padded = (b.length + 1 + 7) & ~7;
      for (int i = b.length; i < padded; i++) {
        segment.write(0);
      }
      return at;
    }

    /** Writes the heap (header, then its data segment) to new space; returns its address. */
    public long write(io.h5j.format.io.FileAccess fa, io.h5j.format.io.SpaceAllocator alloc)
        throws IOException {
      byte[] data = segment.toByteArray();
      long address = alloc.allocate(headerSize(fa.params()) + data.length);
      fa.write(address, encode(fa.params(), address, data, FREE_LIST_END));
      return address;
    }
  }

  public static int headerSize(FileParams p) {
    return 8 + 2 * p.lengthSize() + p.offsetSize();
  }
}
