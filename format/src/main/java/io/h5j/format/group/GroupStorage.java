package io.h5j.format.group;

import io.h5j.format.io.ByteReader;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.SymbolTableMessage;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import java.io.IOException;
import io.h5j.format.H5FormatException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * How a group keeps its links: an old-style symbol table, compact link messages in its header,
 * or dense storage (fractal heap + name index). Reading hides the difference.
 */
public final class GroupStorage {
  private GroupStorage() {}

  /** Whether the object with this header is a group. */
  public static boolean isGroup(ObjectHeader h) {
    for (StoredMessage m : h.messages()) {
      int t = m.type();
      if (t == MessageType.SYMBOL_TABLE || t == MessageType.LINK_INFO || t == MessageType.LINK
          || t == MessageType.GROUP_INFO) {
        return true;
      }
    }
    return false;
  }

  public static Optional<SymbolTableMessage> symbolTable(H5Context ctx, ObjectHeader h)
      throws IOException {
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.SYMBOL_TABLE) {
        return Optional.of(SymbolTableMessage.decode(reader(ctx, h, m)));
      }
    }
    return Optional.empty();
  }

  public static Optional<LinkInfoMessage> linkInfo(H5Context ctx, ObjectHeader h)
      throws IOException {
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.LINK_INFO) {
        return Optional.of(LinkInfoMessage.decode(reader(ctx, h, m)));
      }
    }
    return Optional.empty();
  }

  private static ByteReader reader(H5Context ctx, ObjectHeader h, StoredMessage m) {
    return new ByteReader(m.body(), h.address(), "message type " + m.type()
        + " of the object header", ctx.params());
  }

  /** A group's links by name, in storage order; decoded once per header version. */
  public static Map<String, LinkMessage> links(H5Context ctx, ObjectHeader h)
      throws IOException {
    Map<String, LinkMessage> pending = GroupLinkWriter.pending(ctx, h.address());
    if (pending != null) {
      return pending;
    }
    return ctx.derived(h.address(), "links", () -> {
      Map<String, LinkMessage> byName = new LinkedHashMap<>();
      for (LinkMessage l : readLinks(ctx, h)) {
        if (byName.put(l.name(), l) != null) {
          throw new H5FormatException("group", h.address(), "holds two links named '"
              + l.name() + "'");
        }
      }
      LinkRetargeting.seen(ctx, h.address(), byName);
      return Collections.unmodifiableMap(byName);
    });
  }

  /** The group's links, in storage order (name order for indexed storage). */
  private static List<LinkMessage> readLinks(H5Context ctx, ObjectHeader h) throws IOException {
    Optional<SymbolTableMessage> stab = symbolTable(ctx, h);
    if (stab.isPresent()) {
      return SymbolTableGroup.readLinks(ctx.access(), stab.get());
    }
    Optional<LinkInfoMessage> info = linkInfo(ctx, h);
    if (info.isPresent() && !info.get().isCompact()) {
      return DenseLinks.read(ctx, info.get(), h.address());
    }
    List<LinkMessage> links = new ArrayList<>();
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.LINK) {
        links.add(LinkMessage.decode(reader(ctx, h, m)));
      }
    }
    return links;
  }
}
