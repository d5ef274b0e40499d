package io.h5j.format.object;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.MessageType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves shared header messages: committed ones (the message lives in another object's
 * header, e.g. a committed datatype) and, for files with a shared object header message
 * table (SOHM), ones stored in the table's fractal heaps.
 */
public final class SharedMessages {
  private static final String WHAT = "shared message";

  /**
   * One index of the SOHM table: which message types it holds (bit N set = message type N,
   * as libhdf5 numbers them; the spec's table of bits does not match files) and its heap.
   */
  record Index(int typeFlags, long heapAddress) {}

  private final H5Context ctx;
  private final List<Index> indexes;

  private SharedMessages(H5Context ctx, List<Index> indexes) {
    this.ctx = ctx;
    this.indexes = indexes;
  }

  static SharedMessages none() {
    return new SharedMessages(null, List.of());
  }

  static SharedMessages load(H5Context ctx) throws IOException {
    long ext = ctx.superblock().extensionAddress();
    List<Index> indexes = new ArrayList<>();
    if (FileParams.isDefined(ext)) {
      for (StoredMessage m : ctx.header(ext).messages()) {
        if (m.type() == MessageType.SHARED_MESSAGE_TABLE) {
          ByteReader r = new ByteReader(m.body(), ext, "shared message table message",
              ctx.params());
          int version = r.u8();
          if (version != 0) {
            throw r.versionError(version, 0, "version " + version + " is not 0");
          }
          long table = r.offset();
          int count = r.u8();
          indexes.addAll(readTable(ctx, table, count));
        }
      }
    }
    return new SharedMessages(ctx, indexes);
  }

  private static List<Index> readTable(H5Context ctx, long address, int count)
      throws IOException {
    int o = ctx.params().offsetSize();
    int entry = 14 + 2 * o;
    ByteReader r = ctx.access().reader(address, 4L + (long) count * entry + 4,
        "shared object header message table");
    r.signature("SMTB");
    List<Index> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      r.skip(2); // version, index type
      int flags = r.u16();
      r.skip(10); // minimum message size, list cutoff, B-tree cutoff, message count
      r.offset(); // the index itself: h5j resolves by heap ID and never needs it
      out.add(new Index(flags, r.offset()));
    }
    r.checksum(0);
    return out;
  }

  /**
   * Where the body of a shared message holds the address of the object header it names; -1
   * when it names an object of the shared message heap (version 3, location 1) or cannot be a
   * shared message. Version 1 (libhdf5 before 1.6.1) stored a symbol table entry there: after
   * the reserved bytes, a name offset (size of lengths) that the spec's layout leaves out,
   * then the address; libhdf5 reads it so.
   */
  public static int headerAddressOffset(byte[] body, FileParams p) {
    if (body.length < 2) {
      return -1;
    }
    int at = switch (body[0]) {
      case 1 -> 2 + 6 + p.lengthSize();
      case 2 -> 2;
      case 3 -> body[1] == 2 ? 2 : -1;
      default -> -1;
    };
    return at >= 0 && body.length >= at + p.offsetSize() ? at : -1;
  }

  /** Returns the body of the message a shared reference points to. */
  public byte[] resolve(StoredMessage m, long owner) throws IOException {
    ByteReader r = new ByteReader(m.body(), owner, WHAT, ctx.params());
    int version = r.u8();
    int kind = r.u8();
    if (version < 1 || version > 3) {
      throw r.versionError(version, 3, "shared message version " + version + " is not 1..3");
    }
    if (version == 3 && kind == 1) {
      return fromHeap(m.type(), r.bytes(8), owner);
    }
    if (version == 3 && kind != 2) {
      throw r.error("shared message location type " + kind + " is not 1 or 2");
    }
    int at = headerAddressOffset(m.body(), ctx.params());
    if (at < 0) {
      throw r.error("shared message of " + m.body().length + " bytes is too short");
    }
    r.position(at);
    long address = r.offset();
    ObjectHeader target = ctx.header(address);
    for (StoredMessage t : target.messages()) {
      if (t.type() == m.type() && !t.isShared()) {
        return t.body();
      }
    }
    throw new H5FormatException(WHAT, owner, "the object header at " + address
        + " holds no message of type " + m.type() + " to share");
  }

  private byte[] fromHeap(int type, byte[] heapId, long owner) throws IOException {
    for (Index i : indexes) {
      if (type < 16 && (i.typeFlags() & (1 << type)) != 0) {
        return SharedHeapReader.read(ctx, i.heapAddress(), heapId);
      }
    }
    throw new H5FormatException(WHAT, owner, "no shared message index holds type " + type);
  }
}
