package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;

/** The data layout message (versions 1-5): where and how a dataset's elements are stored. */
public sealed interface LayoutMessage extends HeaderMessage {
  /**
   * Layout version 5 (HDF5 2.0): the version 4 encoding, but the stored size of a filtered
   * chunk takes size-of-lengths bytes in fixed array, extensible array and v2 B-tree entries
   * (version 4 sizes the field from the unfiltered chunk size). libhdf5 2.0.0 writes it for
   * filtered chunked datasets when the low library version bound is 2.0.
   */
  int VERSION_FIXED_SIZE_WIDTH = 5;

  /** Layout class name as h5dump prints it: COMPACT, CONTIGUOUS, CHUNKED or VIRTUAL. */
  String className();

  @Override
  default int type() {
    return MessageType.LAYOUT;
  }

  /** Data stored inside the object header. */
  record Compact(byte[] data) implements LayoutMessage {
    @Override
    public String className() {
      return "COMPACT";
    }

    @Override
    public void encode(ByteWriter w) {
      w.u8(3).u8(0).u16(data.length).bytes(data);
    }
  }

  /** One run of bytes at {@code address} (undefined until first written). */
  record Contiguous(long address, long size) implements LayoutMessage {
    @Override
    public String className() {
      return "CONTIGUOUS";
    }

    @Override
    public void encode(ByteWriter w) {
      w.u8(3).u8(1).offset(address).length(size);
    }
  }

  /**
   * Chunked storage. {@code chunkDims} excludes the trailing element-size dimension.
   * {@code indexType}: 0 = v1 B-tree (layout v1-3), 1 single chunk, 2 implicit, 3 fixed
   * array, 4 extensible array, 5 v2 B-tree. {@code indexInfo} holds the index-specific
   * fields as stored, {@code version} the layout version read.
   */
  record Chunked(int version, int flags, long[] chunkDims, int elementSize, int indexType,
      byte[] indexInfo, long indexAddress) implements LayoutMessage {
    /**
     * Flag (version 4 on): partial edge chunks are stored unfiltered, the whole raw chunk
     * with filter mask 0 (libhdf5's H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS).
     */
    public static final int DONT_FILTER_PARTIAL_EDGE_CHUNKS = 1;

    @Override
    public String className() {
      return "CHUNKED";
    }

    /** Whether {@link #DONT_FILTER_PARTIAL_EDGE_CHUNKS} is set (it matters when filtered). */
    public boolean edgesUnfiltered() {
      return (flags & DONT_FILTER_PARTIAL_EDGE_CHUNKS) != 0;
    }

    /** Whether the chunk at {@code chunkOffset} reaches past the extent {@code dims}. */
    public boolean isPartialEdge(long[] chunkOffset, long[] dims) {
      for (int d = 0; d < chunkOffset.length; d++) {
        if (chunkOffset[d] + chunkDims[d] > dims[d]) {
          return true;
        }
      }
      return false;
    }

    /** This layout with {@code flags} instead of its own. */
    public Chunked withFlags(int flags) {
      return new Chunked(version, flags, chunkDims, elementSize, indexType, indexInfo,
          indexAddress);
    }

    @Override
    public void encode(ByteWriter w) {
      if (version < 4) {
        w.u8(3).u8(2).u8(chunkDims.length + 1).offset(indexAddress);
        for (long d : chunkDims) {
          w.u32(d);
        }
        w.u32(elementSize);
        return;
      }
      int width = 1;
      long maxDim = elementSize;
      for (long d : chunkDims) {
        maxDim = Math.max(maxDim, d);
      }
      while (width < 8 && maxDim >= 1L << (8 * width)) {
        width++;
      }
      w.u8(version).u8(2).u8(flags).u8(chunkDims.length + 1).u8(width);
      for (long d : chunkDims) {
        w.uN(d, width);
      }
      w.uN(elementSize, width);
      w.u8(indexType).bytes(indexInfo).offset(indexAddress);
    }
  }

  /** A virtual dataset: its mappings are one global heap object. */
  record Virtual(long heapAddress, long heapIndex) implements LayoutMessage {
    @Override
    public String className() {
      return "VIRTUAL";
    }

    @Override
    public void encode(ByteWriter w) {
      w.u8(4).u8(3).offset(heapAddress).u32(heapIndex);
    }
  }

  /**
   * Whether the layout message {@code r} holds (from its position on, which it consumes)
   * names virtual storage, from its version and class bytes alone.
   */
  public static boolean isVirtual(ByteReader r) throws H5FormatException {
    if (r.remaining() < 2) {
      return false; // too short for any layout: decoding it reports that
    }
    int version = r.u8();
    return (version == 4 || version == 5) && r.u8() == 3;
  }

  static LayoutMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version >= 1 && version <= 2) {
      return decodeV1(r, version);
    }
    if (version < 3 || version > 5) {
      throw r.versionError(version, 5, "data layout message version " + version + " is not 1..5");
    }
    int layoutClass = r.u8();
    switch (layoutClass) {
      case 0:
        return new Compact(r.bytes(r.u16()));
      case 1:
        return new Contiguous(r.offset(), r.length());
      case 2:
        return version == 3 ? decodeChunkedV3(r) : decodeChunkedV4(r, version);
      case 3:
        if (version < 4) {
          throw r.error("virtual layout needs layout message version 4 or 5, found " + version);
        }
        return new Virtual(r.offset(), r.u32());
      default:
        throw r.error("layout class " + layoutClass + " is not 0..3");
    }
  }

  private static LayoutMessage decodeV1(ByteReader r, int version) throws H5FormatException {
    int rank = r.u8();
    int layoutClass = r.u8();
    r.skip(5);
    if (rank < 1 || rank > 33) {
      throw r.error("layout dimensionality " + rank + " is not 1..33");
    }
    long address = layoutClass == 0 ? -1 : r.offset();
    long[] dims = new long[rank];
    for (int i = 0; i < rank; i++) {
      dims[i] = r.u32();
    }
    switch (layoutClass) {
      case 0: {
        int size = r.uNasInt(4, "compact data size");
        return new Compact(r.bytes(size));
      }
      case 1: {
        long size = 1;
        for (long d : dims) {
          size *= d;
        }
        return new Contiguous(address, size);
      }
      case 2: {
        // As libhdf5 1.4-1.6 write it, and every libhdf5 reads it: the last dimension is the
        // element size, and no field of its own follows (the spec lists one; the message
        // may be padded past the dimensions).
        if (rank < 2) {
          throw r.error("chunked layout dimensionality " + rank + " is not 2..33");
        }
        long elementSize = dims[rank - 1];
        if (elementSize < 1 || elementSize > Integer.MAX_VALUE) {
          throw r.error("chunked layout element size " + elementSize + " (its last dimension)"
              + " is not 1..2^31-1");
        }
        long[] chunk = java.util.Arrays.copyOf(dims, rank - 1);
        return new Chunked(version, 0, chunk, (int) elementSize, 0, new byte[0], address);
      }
      default:
        throw r.error("layout class " + layoutClass + " is not 0..2");
    }
  }

  private static LayoutMessage decodeChunkedV3(ByteReader r) throws H5FormatException {
    int rank = r.u8();
    if (rank < 2 || rank > 33) {
      throw r.error("chunk dimensionality " + rank + " is not 2..33");
    }
    long address = r.offset();
    long[] chunk = new long[rank - 1];
    for (int i = 0; i < rank - 1; i++) {
      chunk[i] = r.u32();
    }
    int elementSize = r.uNasInt(4, "element size");
    return new Chunked(3, 0, chunk, elementSize, 0, new byte[0], address);
  }

  /** Versions 4 and 5 (HDF5 2.0) share this encoding; 5 fixes chunk size field widths. */
  private static LayoutMessage decodeChunkedV4(ByteReader r, int version)
      throws H5FormatException {
    int flags = r.u8();
    int rank = r.u8();
    if (rank < 2 || rank > 33) {
      throw r.error("chunk dimensionality " + rank + " is not 2..33");
    }
    int width = r.u8();
    if (width < 1 || width > 8) {
      throw r.error("chunk dimension width " + width + " is not 1..8");
    }
    long[] chunk = new long[rank - 1];
    for (int i = 0; i < rank - 1; i++) {
      chunk[i] = r.uN(width);
      if (chunk[i] == 0) {
        throw r.error("chunk dimension " + i + " is 0");
      }
    }
    int elementSize = r.uNasInt(width, "element size");
    int indexType = r.u8();
    int infoLength = switch (indexType) {
      case 1 -> (flags & 2) != 0 ? r.params().lengthSize() + 4 : 0;
      case 2 -> 0;
      case 3 -> 1;
      case 4 -> 5;
      case 5 -> 6;
      default -> throw r.error("chunk index type " + indexType + " is not 1..5");
    };
    byte[] info = r.bytes(infoLength);
    return new Chunked(version, flags, chunk, elementSize, indexType, info, r.offset());
  }
}
