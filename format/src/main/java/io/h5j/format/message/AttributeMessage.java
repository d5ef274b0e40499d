package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.nio.charset.StandardCharsets;

/**
 * The attribute message (versions 1-3): a name, a datatype, a dataspace and the raw value
 * bytes (variable-length elements hold global heap references).
 */
public record AttributeMessage(String name, Datatype datatype, Dataspace dataspace, byte[] data,
    boolean utf8) implements HeaderMessage {

  /** Shared datatype/dataspace resolution for attribute decoding (SOHM or committed). */
  public interface SharedResolver {
    byte[] resolve(int messageType, byte[] sharedBody) throws java.io.IOException;
  }

  @Override
  public int type() {
    return MessageType.ATTRIBUTE;
  }

  public static AttributeMessage decode(ByteReader r, SharedResolver shared)
      throws java.io.IOException {
    int version = r.u8();
    if (version < 1 || version > 3) {
      throw r.versionError(version, 3, "attribute message version " + version + " is not 1..3");
    }
    int flags = r.u8();
    int nameSize = r.u16();
    int typeSize = r.u16();
    int spaceSize = r.u16();
    boolean utf8 = version == 3 && r.u8() == 1;
    int align = version == 1 ? 8 : 1;
    if (nameSize == 0) {
      throw r.error("attribute name size is 0");
    }
    ByteReader nameBytes = r.slice(nameSize, "attribute name");
    String name = nameBytes.cString();
    if (nameBytes.hasRemaining()) {
      throw r.error("attribute name '" + name + "' ends before the " + nameSize
          + " bytes its size gives (libhdf5: \"attribute name has different length than"
          + " stored length\")");
    }
    r.skip(pad(nameSize, align) - nameSize);
    ByteReader typeReader = r.slice(typeSize, "attribute datatype");
    r.skip(pad(typeSize, align) - typeSize);
    ByteReader spaceReader = r.slice(spaceSize, "attribute dataspace");
    r.skip(pad(spaceSize, align) - spaceSize);
    Datatype type = (flags & 1) != 0
        ? DatatypeCodec.decode(resolved(typeReader, MessageType.DATATYPE, shared))
        : DatatypeCodec.decode(typeReader);
    Dataspace space = (flags & 2) != 0
        ? DataspaceMessage.read(resolved(spaceReader, MessageType.DATASPACE, shared))
        : DataspaceMessage.read(spaceReader);
    long count = space.elementCount();
    if (type.size() > 0 && count > r.remaining() / type.size()) {
      throw r.error("attribute '" + name + "' needs " + count + " elements of " + type.size()
          + " bytes but only " + r.remaining() + " bytes remain in the message");
    }
    return new AttributeMessage(name, type, space, r.bytes((int) (count * type.size())), utf8);
  }

  /**
   * Whether an encoded attribute message (version 2 or 3) shares its datatype or dataspace by
   * reference (flag bits 0 and 1), so that its bytes name another object or heap; true too for
   * a body too short to tell.
   */
  public static boolean namesSharedParts(byte[] body) {
    return body.length < 2 || (body[0] >= 2 && (body[1] & 3) != 0);
  }

  private static ByteReader resolved(ByteReader sharedRef, int type, SharedResolver shared)
      throws java.io.IOException {
    byte[] body = shared.resolve(type, sharedRef.bytes(sharedRef.remaining()));
    return new ByteReader(body, sharedRef.fileAddress(), "shared message type " + type,
        sharedRef.params());
  }

  private static int pad(int n, int align) {
    return (n + align - 1) / align * align;
  }

  /** Version 3 when the name is UTF-8, else version 1 (what libhdf5 1.8+ writes by default). */
  @Override
  public void encode(ByteWriter w) {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    ByteWriter t = new ByteWriter(w.params());
    DatatypeCodec.encode(datatype, t);
    ByteWriter s = new ByteWriter(w.params());
    if (utf8) {
      new DataspaceMessage(dataspace).encode(s);
    } else {
      new DataspaceMessage(dataspace).encodeV1OrV2(s);
    }
    byte[] tb = t.toByteArray();
    byte[] sb = s.toByteArray();
    if (utf8) {
      w.u8(3).u8(0).u16(n.length + 1).u16(tb.length).u16(sb.length).u8(1);
      w.bytes(n).u8(0).bytes(tb).bytes(sb).bytes(data);
      return;
    }
    int start = w.position();
    w.u8(1).u8(0).u16(n.length + 1).u16(tb.length).u16(sb.length);
    w.bytes(n).u8(0).padTo(start + 8, 8);
    int from = w.position();
    w.bytes(tb).padTo(from, 8);
    from = w.position();
    w.bytes(sb).padTo(from, 8);
    w.bytes(data);
  }
}
