package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;

/**
 * The link info message of a new-style group: where its dense link storage lives (undefined
 * addresses while the links are compact) and whether creation order is tracked/indexed.
 *
 * @param maxCreationIndex the highest creation index used so far, or -1 when not tracked
 */
public record LinkInfoMessage(boolean trackOrder, boolean indexOrder, long maxCreationIndex,
    long heapAddress, long nameIndexAddress, long orderIndexAddress) implements HeaderMessage {

  public static LinkInfoMessage empty(boolean trackOrder) {
    return new LinkInfoMessage(trackOrder, trackOrder, trackOrder ? 0 : -1, FileParams.UNDEFINED,
        FileParams.UNDEFINED, FileParams.UNDEFINED);
  }

  /** True while the group's links are stored as link messages in its header. */
  public boolean isCompact() {
    return !FileParams.isDefined(heapAddress);
  }

  @Override
  public int type() {
    return MessageType.LINK_INFO;
  }

  public static LinkInfoMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "link info message version " + version + " is not 0");
    }
    int flags = r.u8();
    boolean track = (flags & 1) != 0;
    boolean index = (flags & 2) != 0;
    long max = track ? r.u64() : -1;
    long heap = r.offset();
    long names = r.offset();
    long order = index ? r.offset() : FileParams.UNDEFINED;
    return new LinkInfoMessage(track, index, max, heap, names, order);
  }

  @Override
  public void encode(ByteWriter w) {
    w.u8(0).u8((trackOrder ? 1 : 0) | (indexOrder ? 2 : 0));
    if (trackOrder) {
      w.u64(maxCreationIndex);
    }
    w.offset(heapAddress).offset(nameIndexAddress);
    if (indexOrder) {
      w.offset(orderIndexAddress);
    }
  }
}
