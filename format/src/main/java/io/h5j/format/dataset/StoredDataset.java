package io.h5j.format.dataset;

import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.H5FormatException;
import io.h5j.type.Datatype;
import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.io.ByteReader;
import io.h5j.type.Dataspace;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.ObjectRef;
import io.h5j.format.io.FileParams;
import io.h5j.format.object.SharedMessages;
import io.h5j.format.object.StoredMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A dataset's object header as the engine reads it: dataspace, datatype, layout and fill
 * value, and the {@link DatasetStorage} its layout calls for, chosen once per version of
 * the header (a rewrite of the header makes the next call choose again).
 */
public final class StoredDataset {
  private final EngineFile file;
  private final String path;
  private final ObjectRef ref;

  /** The dataset whose header {@code ref} leads to, reached by {@code path}. */
  public StoredDataset(EngineFile file, String path, ObjectRef ref) {
    this.file = file;
    this.path = path;
    this.ref = ref;
  }

  /** The dataset whose header is at {@code address}. */
  public static StoredDataset at(EngineFile file, String path, long address) {
    return new StoredDataset(file, path, file.context().ref(address));
  }

  public EngineFile file() {
    return file;
  }

  public String path() {
    return path;
  }

  public long address() {
    return ref.address();
  }

  /** The body of the first message of {@code type}, or null. */
  public ByteReader message(int type) throws IOException {
    return HeaderMessages.first(file.context(), address(), type);
  }

  ByteReader required(int type, String what) throws IOException {
    ByteReader r = message(type);
    if (r == null) {
      throw new H5FormatException("dataset " + path, address(), "has no " + what + " message");
    }
    return r;
  }

  /** The dataspace as stored (a resize changes it without a header rewrite: not cached). */
  public Dataspace storedSpace() throws IOException {
    return DataspaceMessage.read(required(MessageType.DATASPACE, "dataspace"));
  }

  /**
   * The dataspace. A virtual dataset with unlimited mappings has the extent libhdf5 computes
   * from its sources' current extents, not the one stored.
   */
  public Dataspace dataspace() throws IOException {
    Dataspace stored = storedSpace();
    for (long max : stored.maxDims()) {
      if (max == Dataspace.UNLIMITED) {
        return storage().dataspace(stored);
      }
    }
    return stored;
  }

  /** The datatype, decoded afresh (the caller may keep it). */
  public Datatype datatype() throws IOException {
    return DatatypeCodec.decode(required(MessageType.DATATYPE, "datatype"));
  }

  /** The layout message, decoded afresh. */
  public LayoutMessage layout() throws IOException {
    return LayoutMessage.decode(required(MessageType.LAYOUT, "data layout"));
  }

  /**
   * The datatype, decoded once per header version, for use inside h5j only (callers get a
   * fresh one they may not share): reads and writes of small selections pay no decoding.
   */
  public Datatype cachedDatatype() throws IOException {
    return file.context().derived(address(), "datatype", this::datatype);
  }

  /** The layout, decoded once per header version (as {@link #cachedDatatype}). */
  LayoutMessage cachedLayout() throws IOException {
    return file.context().derived(address(), "layout", this::layout);
  }

  /**
   * The stored bytes of this virtual dataset's mapping block, checksum verified, mappings not
   * decoded: the storage is not opened, so nothing of the block is kept.
   *
   * @throws IllegalStateException when the dataset is not virtual
   */
  public byte[] storedMappingBytes() throws IOException {
    if (!(cachedLayout() instanceof LayoutMessage.Virtual v)) {
      throw new IllegalStateException(path + " is not a virtual dataset; its layout is "
          + storage().layoutName() + " (check layoutName() first)");
    }
    return MappingBlockLoad.storedBytes(file, v, path);
  }

  /**
   * What opening the dataset by path does: a virtual dataset's storage prepares its first
   * read ({@link DatasetStorage#opened}); any other storage waits for its first use, so that
   * listing many datasets decodes no layout.
   */
  public void opened() throws IOException {
    ByteReader layout = message(MessageType.LAYOUT);
    if (layout != null && LayoutMessage.isVirtual(layout)) {
      storage().opened();
    }
  }

  /** The storage the layout calls for, opened once per header version. */
  public DatasetStorage storage() throws IOException {
    return file.context().derived(address(), "storage", () -> DatasetStorage.open(this));
  }

  /**
   * Changes the current dimensions, within the maximum dimensions (only chunked storage can).
   *
   * @throws IllegalArgumentException if the rank differs or a dimension passes its maximum
   */
  public void resize(long[] newDims) throws IOException {
    Dataspace space = dataspace();
    if (newDims.length != space.rank()) {
      throw new IllegalArgumentException("dataset " + path + " has rank " + space.rank()
          + "; got " + newDims.length + " dimensions");
    }
    for (int i = 0; i < newDims.length; i++) {
      long max = space.maxDims()[i];
      if (newDims[i] < 0 || (max != Dataspace.UNLIMITED && newDims[i] > max)) {
        throw new IllegalArgumentException("dimension " + i + " of " + path + " can be 0.."
            + (max == Dataspace.UNLIMITED ? "unlimited" : Long.toString(max)) + ", not "
            + newDims[i]);
      }
    }
    storage().resize(space, newDims);
  }

  /** The fill value's bytes, or null when none is defined (unwritten data reads as zeros). */
  public byte[] fillValueBytes() throws IOException {
    StoredFill f = fill();
    return f == null ? null : f.value();
  }

  /**
   * The fill value message as libhdf5 reads it: the new one (type 5), else the old one
   * (type 4), each decoded once; null when the header has neither.
   *
   * @param message the new message, or null when only the old one is stored
   * @param undefined whether it leaves the fill value undefined rather than the default zeros
   * @param value the value's bytes, or null when none is stored
   */
  public record StoredFill(FillValueMessage message, boolean undefined, byte[] value) {}

  /** The header's fill value message (see {@link StoredFill}), or null when it has none. */
  public StoredFill fill() throws IOException {
    ByteReader r = message(MessageType.FILL_VALUE);
    boolean old = r == null;
    if (old) {
      r = message(MessageType.FILL_VALUE_OLD);
    }
    if (r == null) {
      return null;
    }
    int start = r.position();
    boolean undefined = FillValueMessage.isUndefined(r, old);
    r.position(start);
    FillValueMessage m = old ? FillValueMessage.decodeOld(r) : FillValueMessage.decode(r);
    return new StoredFill(old ? null : m, undefined, m.value());
  }

  /**
   * The object header address of the committed datatype this dataset's datatype message
   * shares, or -1 when the header holds its own datatype.
   */
  public long sharedDatatypeAddress() throws IOException {
    FileParams params = file.context().params();
    for (StoredMessage m : file.context().header(address()).messages()) {
      if (m.type() == MessageType.DATATYPE) {
        int at = m.isShared() ? SharedMessages.headerAddressOffset(m.body(), params) : -1;
        if (at < 0) {
          return -1;
        }
        ByteReader r = new ByteReader(m.body(), address(), "shared datatype message", params);
        r.position(at);
        return r.offset();
      }
    }
    return -1;
  }

  /** The bytes of {@code elements} of {@code size}: a format error beyond 2^63 bytes. */
  public long bytes(long elements, int size) throws H5FormatException {
    return ElementBytes.of(elements, size, "dataset", path, address());
  }

  /** Bytes of all elements as the dataspace and datatype give them. */
  long storageBytes(Dataspace space) throws IOException {
    return bytes(space.elementCount(), cachedDatatype().size());
  }

  /** A new array for the bytes of {@code elements} of {@code size}. */
  byte[] newArray(long elements, int size) throws H5FormatException {
    return new byte[ElementBytes.ofArray(elements, size, "dataset", path, address())];
  }

  /** Rewrites the header with {@code layout} in place of its layout message. */
  void replaceLayout(LayoutMessage layout) throws IOException {
    replace(MessageType.LAYOUT, layout.toBytes(file.context().params()), false);
  }

  /**
   * Replaces the body of the message of {@code type}: rewrites the header now, or
   * {@code staged} in memory only until the flush (see H5Context#stageHeader).
   */
  void replace(int type, byte[] body, boolean staged) throws IOException {
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : file.context().header(address()).messages()) {
      messages.add(m.type() == type
          ? new StoredMessage(m.type(), m.flags(), m.creationOrder(), body) : m);
    }
    if (staged) {
      file.context().stageHeader(address(), messages);
    } else {
      file.context().rewriteHeader(address(), messages);
    }
  }
}
