package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;

/**
 * The element of a fixed or extensible array chunk index: the chunk's address, and for
 * filtered datasets also its stored size (in {@link ChunkGeometry#chunkSizeWidth()} bytes)
 * and filter mask.
 */
final class EntryCodec {
  /** Array client ID for unfiltered chunks. */
  static final int CLIENT_UNFILTERED = 0;
  /** Array client ID for filtered chunks. */
  static final int CLIENT_FILTERED = 1;

  private final boolean filtered;
  private final int offsetSize;
  private final int sizeWidth;
  private final long chunkBytes;

  EntryCodec(boolean filtered, FileParams p, ChunkGeometry g) {
    this.filtered = filtered;
    this.offsetSize = p.offsetSize();
    this.sizeWidth = g.chunkSizeWidth();
    this.chunkBytes = g.chunkBytes();
  }

  boolean filtered() {
    return filtered;
  }

  int clientId() {
    return filtered ? CLIENT_FILTERED : CLIENT_UNFILTERED;
  }

  /** Encoded bytes of one element. */
  int size() {
    return filtered ? offsetSize + sizeWidth + 4 : offsetSize;
  }

  /** Checks a structure's client ID and element size against this dataset's. */
  void check(ByteReader r, int clientId, int elementSize) throws H5FormatException {
    if (clientId != clientId()) {
      throw r.error("client ID " + clientId + " but the dataset is "
          + (filtered ? "filtered (1)" : "unfiltered (0)"));
    }
    if (elementSize >= 0 && elementSize != size()) {
      throw r.error("element size " + elementSize + " where " + size() + " was expected");
    }
  }

  /**
   * Decodes one element into a record at {@code offset}, or null if the chunk is not
   * allocated (undefined address).
   */
  ChunkRecord decode(ByteReader r, long[] offset) throws H5FormatException {
    long address = r.offset();
    long size = chunkBytes;
    int mask = 0;
    if (filtered) {
      size = r.uN(sizeWidth);
      mask = r.i32();
    }
    return FileParams.isDefined(address) ? new ChunkRecord(offset, address, size, mask) : null;
  }

  /** Skips one element, answering whether its address is defined. */
  boolean defined(ByteReader r) throws H5FormatException {
    long address = r.offset();
    r.skip(size() - offsetSize);
    return FileParams.isDefined(address);
  }

  /** Encodes a record, or the fill element (undefined address, zero size and mask) if null. */
  void encode(ByteWriter w, ChunkRecord c) {
    if (c == null) {
      encodeFill(w);
    } else {
      encode(w, c.address(), c.storedSize(), c.filterMask());
    }
  }

  /** Encodes the element of a chunk at {@code address}. */
  void encode(ByteWriter w, long address, long storedSize, int filterMask) {
    w.offset(address);
    if (filtered) {
      w.uN(storedSize, sizeWidth).u32(filterMask & 0xffffffffL);
    }
  }

  /** Encodes the fill element: undefined address, zero size and mask. */
  void encodeFill(ByteWriter w) {
    w.offset(FileParams.UNDEFINED);
    if (filtered) {
      w.uN(0, sizeWidth).u32(0);
    }
  }

  /** Checks that a record's stored size fits the size field. */
  void checkFits(ChunkRecord c) {
    if (!fits(c.storedSize())) {
      throw new IllegalArgumentException(c + ": stored size does not fit the index's "
          + sizeWidth + "-byte size field");
    }
  }

  /** Checks that the stored size of row {@code row} of {@code t} fits the size field. */
  void checkFits(ChunkTable t, int row) {
    if (!fits(t.storedSize(row))) {
      checkFits(t.record(row));
    }
  }

  private boolean fits(long storedSize) {
    return !filtered || sizeWidth >= 8 || (storedSize >>> (8 * sizeWidth)) == 0;
  }
}
