package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.type.Dataspace;
import io.h5j.type.Dataspace.Kind;

/**
 * The dataspace message (0x0001): the codec of a {@link Dataspace} value. Version 2 is what
 * libhdf5 1.8+ writes; version 1 is for files in the earliest format.
 *
 * @param space the dataspace the message stores
 */
public record DataspaceMessage(Dataspace space) implements HeaderMessage {
  private static final int MAX_RANK = 32;

  @Override
  public int type() {
    return MessageType.DATASPACE;
  }

  /** Reads a message body of version 1 or 2. */
  public static DataspaceMessage decode(ByteReader r) throws H5FormatException {
    return new DataspaceMessage(read(r));
  }

  /** Reads a message body of version 1 or 2 and returns the dataspace it stores. */
  public static Dataspace read(ByteReader r) throws H5FormatException {
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
        if (max[i] != Dataspace.UNLIMITED && max[i] < dims[i]) {
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
    w.u8(2).u8(space.rank()).u8(space.hasMaxDims() ? 1 : 0).u8(space.kind().ordinal());
    writeDims(w);
  }

  /** Version 1 where it can express the space (not null), else version 2. */
  public void encodeV1OrV2(ByteWriter w) {
    if (space.isNull()) {
      encode(w);
    } else {
      encodeV1(w);
    }
  }

  /** Version 1 encoding, as libhdf5 writes in files with the earliest format. */
  public void encodeV1(ByteWriter w) {
    w.u8(1).u8(space.rank()).u8(space.hasMaxDims() ? 1 : 0).zeros(5);
    writeDims(w);
  }

  private void writeDims(ByteWriter w) {
    for (long d : space.dims()) {
      w.length(d);
    }
    if (space.hasMaxDims()) {
      for (long d : space.maxDims()) {
        w.length(d);
      }
    }
  }
}
