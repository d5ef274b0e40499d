package io.h5j.format.message;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import java.nio.charset.StandardCharsets;

/**
 * The link message: one named link of a group stored compactly (in the group's header) or
 * densely (in its fractal heap).
 *
 * @param creationOrder the link's creation index, or -1 when not tracked
 * @param utf8 whether the name is UTF-8 (else ASCII)
 */
public record LinkMessage(String name, LinkTarget target, long creationOrder, boolean utf8)
    implements HeaderMessage {

  /** Where a link points. */
  public sealed interface LinkTarget {}

  /** A hard link: the object header address. */
  public record Hard(long address) implements LinkTarget {}

  /** A soft link: a path in the same file. */
  public record Soft(String path) implements LinkTarget {}

  /** An external link: a file name and an object path inside it. */
  public record External(String file, String path) implements LinkTarget {}

  /** A link type h5j does not know (user-defined, 65..255), kept as bytes. */
  public record UserDefined(int linkType, byte[] info) implements LinkTarget {}

  public LinkMessage {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("a link name cannot be empty");
    }
  }

  public static LinkMessage hard(String name, long address) {
    return new LinkMessage(name, new Hard(address), -1, true);
  }

  @Override
  public int type() {
    return MessageType.LINK;
  }

  public static LinkMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 1) {
      throw r.versionError(version, 1, "link message version " + version + " is not 1");
    }
    int flags = r.u8();
    int linkType = (flags & 0x08) != 0 ? r.u8() : 0;
    long order = (flags & 0x04) != 0 ? r.u64() : -1;
    boolean utf8 = false;
    if ((flags & 0x10) != 0) {
      int cs = r.u8();
      if (cs > 1) {
        throw r.error("link name character set " + cs + " is not ASCII or UTF-8");
      }
      utf8 = cs == 1;
    }
    int nameLength = r.uNasInt(1 << (flags & 3), "link name length");
    if (nameLength == 0) {
      throw r.error("link name is empty");
    }
    String name = new String(r.bytes(nameLength), StandardCharsets.UTF_8);
    if (name.indexOf('/') >= 0) {
      throw r.error("link name '" + name + "' contains '/'");
    }
    LinkTarget target = switch (linkType) {
      case 0 -> new Hard(r.offset());
      case 1 -> new Soft(new String(r.bytes(r.u16()), StandardCharsets.UTF_8));
      case 64 -> decodeExternal(r.slice(r.u16(), "external link value"));
      default -> {
        if (linkType < 64) {
          throw r.error("link type " + linkType + " is reserved");
        }
        yield new UserDefined(linkType, r.bytes(r.u16()));
      }
    };
    return new LinkMessage(name, target, order, utf8);
  }

  private static External decodeExternal(ByteReader v) throws H5FormatException {
    int versionAndFlags = v.u8();
    if (versionAndFlags >> 4 != 0) {
      throw v.error("external link version " + (versionAndFlags >> 4) + " is not 0");
    }
    String file = v.cString();
    String path = v.cString();
    return new External(file, path);
  }

  @Override
  public void encode(ByteWriter w) {
    byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
    int lengthCode = nameBytes.length < 256 ? 0 : nameBytes.length < 65536 ? 1 : 2;
    int linkType = target instanceof Hard ? 0
        : target instanceof Soft ? 1
        : target instanceof External ? 64
        : ((UserDefined) target).linkType();
    int flags = lengthCode | (linkType != 0 ? 0x08 : 0) | (creationOrder >= 0 ? 0x04 : 0)
        | (utf8 ? 0x10 : 0);
    w.u8(1).u8(flags);
    if (linkType != 0) {
      w.u8(linkType);
    }
    if (creationOrder >= 0) {
      w.u64(creationOrder);
    }
    if (utf8) {
      w.u8(1);
    }
    w.uN(nameBytes.length, 1 << lengthCode).bytes(nameBytes);
    if (target instanceof Hard h) {
      w.offset(h.address());
    } else if (target instanceof Soft soft) {
      byte[] p = soft.path().getBytes(StandardCharsets.UTF_8);
      w.u16(p.length).bytes(p);
    } else if (target instanceof External e) {
      byte[] f = e.file().getBytes(StandardCharsets.UTF_8);
      byte[] p = e.path().getBytes(StandardCharsets.UTF_8);
      w.u16(1 + f.length + 1 + p.length + 1).u8(0).bytes(f).u8(0).bytes(p).u8(0);
    } else {
      UserDefined u = (UserDefined) target;
      w.u16(u.info().length).bytes(u.info());
    }
  }
}
