package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;

/**
 * The group info message: when a new-style group switches between compact and dense link
 * storage. -1 fields are absent (libhdf5's defaults apply: 8 compact, 6 dense).
 */
public record GroupInfoMessage(int maxCompact, int minDense, int estimatedEntries,
    int estimatedNameLength) implements HeaderMessage {
  public static final int DEFAULT_MAX_COMPACT = 8;
  public static final int DEFAULT_MIN_DENSE = 6;

  public static final GroupInfoMessage DEFAULT = new GroupInfoMessage(-1, -1, -1, -1);

  public int effectiveMaxCompact() {
    return maxCompact < 0 ? DEFAULT_MAX_COMPACT : maxCompact;
  }

  public int effectiveMinDense() {
    return minDense < 0 ? DEFAULT_MIN_DENSE : minDense;
  }

  @Override
  public int type() {
    return MessageType.GROUP_INFO;
  }

  public static GroupInfoMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "group info message version " + version + " is not 0");
    }
    int flags = r.u8();
    int maxCompact = -1;
    int minDense = -1;
    if ((flags & 1) != 0) {
      maxCompact = r.u16();
      minDense = r.u16();
    }
    int entries = -1;
    int nameLength = -1;
    if ((flags & 2) != 0) {
      entries = r.u16();
      nameLength = r.u16();
    }
    return new GroupInfoMessage(maxCompact, minDense, entries, nameLength);
  }

  @Override
  public void encode(ByteWriter w) {
    boolean phase = maxCompact >= 0;
    boolean estimates = estimatedEntries >= 0;
    w.u8(0).u8((phase ? 1 : 0) | (estimates ? 2 : 0));
    if (phase) {
      w.u16(maxCompact).u16(minDense);
    }
    if (estimates) {
      w.u16(estimatedEntries).u16(estimatedNameLength);
    }
  }
}
