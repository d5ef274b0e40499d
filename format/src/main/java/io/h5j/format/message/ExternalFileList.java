package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import java.util.ArrayList;
import java.util.List;

/**
 * The external data files message (type 0x07): a contiguous dataset's bytes live outside the
 * HDF5 file, as a sequence of segments, each a run of bytes in a named file. The names are
 * strings in a local heap.
 *
 * @param heapAddress the local heap holding the file names
 * @param slots the segments in dataset byte order
 */
public record ExternalFileList(long heapAddress, List<Slot> slots) implements HeaderMessage {
  /** A segment size meaning "to the end of the file, however long" (H5F_UNLIMITED). */
  public static final long UNLIMITED = FileParams.UNDEFINED;

  /**
   * One segment.
   *
   * @param nameOffset the file name's offset in the local heap
   * @param fileOffset where the segment starts in that file
   * @param size the segment's size in bytes, or {@link #UNLIMITED}
   */
  public record Slot(long nameOffset, long fileOffset, long size) {}

  public ExternalFileList {
    slots = List.copyOf(slots);
  }

  @Override
  public int type() {
    return MessageType.EXTERNAL_FILES;
  }

  public static ExternalFileList decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 1) {
      throw r.versionError(version, 1, "external file list version " + version + " is not 1");
    }
    r.skip(3);
    int allocated = r.u16();
    int used = r.u16();
    if (used > allocated) {
      throw r.error("external file list uses " + used + " slots of " + allocated
          + " allocated");
    }
    long heap = r.offset();
    List<Slot> slots = new ArrayList<>(used);
    for (int i = 0; i < used; i++) {
      long name = r.length();
      long offset = r.length();
      long size = r.length();
      if (name < 0 || offset < 0 || (size < 0 && size != UNLIMITED)) {
        throw r.error("external file slot " + i + " has a field beyond 2^63");
      }
      if (size == UNLIMITED && i != used - 1) {
        throw r.error("external file slot " + i + " is unlimited but not the last");
      }
      slots.add(new Slot(name, offset, size));
    }
    return new ExternalFileList(heap, slots);
  }

  @Override
  public void encode(ByteWriter w) {
    w.u8(1).zeros(3).u16(slots.size()).u16(slots.size()).offset(heapAddress);
    for (Slot s : slots) {
      w.length(s.nameOffset()).length(s.fileOffset()).length(s.size());
    }
  }
}
