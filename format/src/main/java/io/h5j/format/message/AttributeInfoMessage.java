package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;

/**
 * Where an object's dense attribute storage lives; undefined addresses while attributes are
 * compact (attribute messages in the header).
 */
public record AttributeInfoMessage(boolean trackOrder, boolean indexOrder, int maxCreationIndex,
    long heapAddress, long nameIndexAddress, long orderIndexAddress) implements HeaderMessage {

  public boolean isDense() {
    return FileParams.isDefined(heapAddress);
  }

  @Override
  public int type() {
    return MessageType.ATTRIBUTE_INFO;
  }

  public static AttributeInfoMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "attribute info message version " + version + " is not 0");
    }
    int flags = r.u8();
    boolean track = (flags & 1) != 0;
    boolean index = (flags & 2) != 0;
    int max = track ? r.u16() : -1;
    long heap = r.offset();
    long names = r.offset();
    long order = index ? r.offset() : FileParams.UNDEFINED;
    return new AttributeInfoMessage(track, index, max, heap, names, order);
  }

  @Override
  public void encode(ByteWriter w) {
    w.u8(0).u8((trackOrder ? 1 : 0) | (indexOrder ? 2 : 0));
    if (trackOrder) {
      w.u16(maxCreationIndex);
    }
    w.offset(heapAddress).offset(nameIndexAddress);
    if (indexOrder) {
      w.offset(orderIndexAddress);
    }
  }
}
