package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import java.util.Arrays;

/**
 * The dataspace message: scalar, null, or simple with current and maximum dimensions.
 * A maximum dimension of {@link #UNLIMITED} means unlimited.
 */
public record Dataspace(Kind kind, long[] dims, long[] maxDims) implements HeaderMessage {
  public static final long UNLIMITED = -1L;
  private static final int MAX_RANK = 32;

  public enum Kind { SCALAR, SIMPLE, NULL }

  public static final Dataspace SCALAR = new Dataspace(Kind.SCALAR, new long[0], new long[0]);
  public static final Dataspace NULL = new Dataspace(Kind.NULL, new long[0], new long[0]);

  public Dataspace {
    dims = dims.clone();
    maxDims = maxDims == null ? dims.clone() : maxDims.clone();
    if (maxDims.length != dims.length) {
      throw new IllegalArgumentException("max dims rank " + maxDims.length + " differs from rank "
          + dims.length);
    }
  }

  public static Dataspace simple(long... dims) {
    return new Dataspace(Kind.SIMPLE, dims, dims);
  }

  public static Dataspace simple(long[] dims, long[] maxDims) {
    return new Dataspace(Kind.SIMPLE, dims, maxDims);
  }

  public int rank() {
    return dims.length;
  }

  /** Number of elements: 1 for scalar, 0 for null. */
  public long elementCount() {
    if (kind == Kind.NULL) {
      return 0;
    }
    long n = 1;
    for (long d : dims) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  private boolean hasMaxDims() {
    return !Arrays.equals(dims, maxDims);
  }

  @Override
  public int type() {
    return MessageType.DATASPACE;
  }

  public static Dataspace decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 1 && version != 2) {
      throw r.versionError(version, 2, "dataspace message version " + version + " is not 1 or 2");
    }
    int rank = r.u8();
    if (rank > MAX_RANK) {
      throw r.error("dataspace rank " + rank + " exceeds " + MAX_RANK);
    }
    int flags = r.u8();
    Kind kind;
    if (version == 1) {
      r.skip(5);
      kind = rank == 0 ? Kind.SCALAR : Kind.SIMPLE;
    } else {
      int t = r.u8();
      if (t > 2) {
        throw r.error("dataspace type " + t + " is not 0, 1 or 2");
      }
      kind = Kind.values()[t];
    }
    long[] dims = new long[rank];
    for (int i = 0; i < rank; i++) {
      dims[i] = r.length();
      if (dims[i] < 0) {
        throw r.error("dimension " + i + " size is undefined");
      }
    }
    long[] max = dims.clone();
    if ((flags & 1) != 0) {
      for (int i = 0; i < rank; i++) {
        max[i] = r.length();
        if (max[i] != UNLIMITED && max[i] < dims[i]) {
          throw r.error("max dimension " + i + " (" + max[i] + ") is below its size " + dims[i]);
        }
      }
    }
    if (version == 1 && (flags & 2) != 0) {
      r.skip((long) rank * r.params().lengthSize()); // permutation index: never used by libhdf5
    }
    if (kind != Kind.SIMPLE && rank != 0) {
      throw r.error(kind + " dataspace has rank " + rank);
    }
    long count = 1;
    for (long d : dims) {
      if (d != 0 && count > Long.MAX_VALUE / d) {
        throw r.error("dataspace " + java.util.Arrays.toString(dims) + " has more than 2^63"
            + " elements");
      }
      count *= d;
    }
    return new Dataspace(kind, dims, max);
  }

  /** Version 2 encoding (libhdf5 1.8+); version 1 via {@link #encodeV1} for old-format files. */
  @Override
  public void encode(ByteWriter w) {
    w.u8(2).u8(dims.length).u8(hasMaxDims() ? 1 : 0).u8(kind.ordinal());
    writeDims(w);
  }

  /** Version 1 where it can express the space (not null), else version 2. */
  public void encodeV1OrV2(ByteWriter w) {
    if (kind == Kind.NULL) {
      encode(w);
    } else {
      encodeV1(w);
    }
  }

  /** Version 1 encoding, as libhdf5 writes in files with the earliest format. */
  public void encodeV1(ByteWriter w) {
    w.u8(1).u8(dims.length).u8(hasMaxDims() ? 1 : 0).zeros(5);
    writeDims(w);
  }

  private void writeDims(ByteWriter w) {
    for (long d : dims) {
      w.length(d);
    }
    if (hasMaxDims()) {
      for (long d : maxDims) {
        w.length(d);
      }
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Dataspace d && d.kind == kind && Arrays.equals(d.dims, dims)
        && Arrays.equals(d.maxDims, maxDims);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + Arrays.hashCode(dims) * 17 + Arrays.hashCode(maxDims);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case SCALAR -> "SCALAR";
      case NULL -> "NULL";
      case SIMPLE -> Arrays.toString(dims) + (hasMaxDims() ? " max " + Arrays.toString(maxDims) : "");
    };
  }
}
