package io.h5j.format.check;

import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.io.ByteReader;
import io.h5j.format.message.AttributeInfoMessage;
import io.h5j.format.message.AttributeMessage;
import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.message.ExternalFileList;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.GroupInfoMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.ModificationTimeMessage;
import io.h5j.format.message.SymbolTableMessage;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import io.h5j.type.Dataspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes every message of one object header, each on its own, so that one bad message is
 * one problem and the others are still checked: shared ones through the shared message table
 * or the committed datatype they name. Message types libhdf5 knows but readers do not need
 * (comments, old times, reference counts) stay bytes; a type libhdf5 does not know, flagged
 * "fail if unknown", is a problem, since libhdf5 refuses to open the object.
 */
final class HeaderMessages {
  /** Bit 7 of a message's flags: decoders must fail on an unknown type. */
  private static final int FAIL_IF_UNKNOWN_ALWAYS = 0x80;
  /** The highest message type libhdf5 1.10 defines. */
  private static final int LAST_KNOWN_TYPE = MessageType.METADATA_CACHE_IMAGE;

  /** "NAME message" of each known type, built once (a check decodes millions of messages). */
  private static final String[] STRUCTURES = new String[LAST_KNOWN_TYPE + 1];

  static {
    for (int t = 0; t <= LAST_KNOWN_TYPE; t++) {
      STRUCTURES[t] = name(t) + " message";
    }
  }

  /** The decoded messages of one header: the first of each type, and every attribute. */
  static final class Decoded {
    private final Map<Integer, Object> first = new HashMap<>();
    final List<AttributeMessage> attributes = new ArrayList<>();

    /** The first message of {@code type} that decoded, or null. */
    <T> T get(int type, Class<T> kind) {
      Object o = first.get(type);
      return kind.isInstance(o) ? kind.cast(o) : null;
    }

    boolean has(int type) {
      return first.containsKey(type);
    }
  }

  private final H5Context ctx;
  private final ProblemLog log;

  HeaderMessages(H5Context ctx, ProblemLog log) {
    this.ctx = ctx;
    this.log = log;
  }

  /** Decodes the messages of {@code h}, logging each one that does not decode. */
  Decoded decode(ObjectHeader h, String path) throws IOException {
    Decoded d = new Decoded();
    for (StoredMessage m : h.messages()) {
      String structure = m.type() <= LAST_KNOWN_TYPE ? STRUCTURES[m.type()]
          : name(m.type()) + " message";
      if (m.type() > LAST_KNOWN_TYPE) {
        if ((m.flags() & FAIL_IF_UNKNOWN_ALWAYS) != 0) {
          log.add(path, structure, h.address(), "is of a type libhdf5 does not know and is"
              + " flagged: fail to open the object");
        }
        continue;
      }
      if (m.type() == MessageType.FILL_VALUE_OLD && m.isShared() && holdsNewFillValue(h)) {
        continue; // libhdf5 reads the new message and shares the old one through its index
      }
      byte[][] body = {m.body()};
      if (m.isShared() && !log.attempt(path, "shared " + structure, h.address(),
          () -> body[0] = ctx.shared().resolve(m, h.address()))) {
        continue;
      }
      log.attempt(path, structure, h.address(), () -> {
        Object v = decode(m.type(), new ByteReader(body[0], h.address(), structure,
            ctx.params()), h.address());
        if (v instanceof AttributeMessage a) {
          d.attributes.add(a);
        } else if (v != null) {
          d.first.putIfAbsent(m.type(), v);
        }
      });
    }
    return d;
  }

  private static boolean holdsNewFillValue(ObjectHeader h) {
    return h.messages().stream().anyMatch(s -> s.type() == MessageType.FILL_VALUE);
  }

  /** An attribute message body (compact or from dense storage) of the object at {@code owner}. */
  AttributeMessage attribute(byte[] body, long owner) throws IOException {
    return AttributeMessage.decode(new ByteReader(body, owner, "attribute message",
        ctx.params()), (type, shared) -> ctx.shared().resolve(
            new StoredMessage(type, StoredMessage.FLAG_SHARED, -1, shared), owner));
  }

  private Object decode(int type, ByteReader r, long owner) throws IOException {
    return switch (type) {
      case MessageType.DATASPACE -> DataspaceMessage.read(r);
      case MessageType.LINK_INFO -> LinkInfoMessage.decode(r);
      case MessageType.DATATYPE -> DatatypeCodec.decode(r);
      case MessageType.FILL_VALUE_OLD -> FillValueMessage.decodeOld(r);
      case MessageType.FILL_VALUE -> FillValueMessage.decode(r);
      case MessageType.LINK -> LinkMessage.decode(r);
      case MessageType.EXTERNAL_FILES -> ExternalFileList.decode(r);
      case MessageType.LAYOUT -> LayoutMessage.decode(r);
      case MessageType.GROUP_INFO -> GroupInfoMessage.decode(r);
      case MessageType.FILTER_PIPELINE -> FilterPipelineMessage.decode(r);
      case MessageType.ATTRIBUTE -> attribute(r.bytes(r.remaining()), owner);
      case MessageType.SYMBOL_TABLE -> SymbolTableMessage.decode(r);
      case MessageType.MODIFICATION_TIME -> ModificationTimeMessage.decode(r);
      case MessageType.ATTRIBUTE_INFO -> AttributeInfoMessage.decode(r);
      default -> null;
    };
  }

  /** A message type's name for problems. */
  static String name(int type) {
    return switch (type) {
      case MessageType.DATASPACE -> "dataspace";
      case MessageType.LINK_INFO -> "link info";
      case MessageType.DATATYPE -> "datatype";
      case MessageType.FILL_VALUE_OLD -> "old fill value";
      case MessageType.FILL_VALUE -> "fill value";
      case MessageType.LINK -> "link";
      case MessageType.EXTERNAL_FILES -> "external file list";
      case MessageType.LAYOUT -> "data layout";
      case MessageType.GROUP_INFO -> "group info";
      case MessageType.FILTER_PIPELINE -> "filter pipeline";
      case MessageType.ATTRIBUTE -> "attribute";
      case MessageType.SYMBOL_TABLE -> "symbol table";
      case MessageType.MODIFICATION_TIME -> "modification time";
      case MessageType.ATTRIBUTE_INFO -> "attribute info";
      case MessageType.METADATA_CACHE_IMAGE -> "metadata cache image";
      default -> "type " + type;
    };
  }
}
