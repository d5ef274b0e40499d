package io.h5j;

import io.h5j.format.H5FormatException;
import io.h5j.format.group.GroupStorage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/** Turns paths into nodes, following soft and external links with a bound on hops. */
final class PathResolver {
  private static final int MAX_LINK_HOPS = 40;

  private final H5File file;

  PathResolver(H5File file) {
    this.file = file;
  }

  /** The node at {@code path} from {@code start}, or null if no object is there. */
  @Nullable Node tryResolve(Group start, String path) throws IOException {
    return resolve(start, path, 0);
  }

  private Node resolve(Group start, String path, int hops) throws IOException {
    if (hops > MAX_LINK_HOPS) {
      throw new IllegalArgumentException("more than " + MAX_LINK_HOPS
          + " soft/external links followed resolving '" + path + "': a link cycle?");
    }
    Node current = path.startsWith("/") ? file.root() : start;
    for (String part : path.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (!(current instanceof Group g)) {
        return null;
      }
      LinkMessage link = find(g, part);
      if (link == null) {
        return null;
      }
      String childPath = Group.childPath(g.path(), part);
      LinkMessage.LinkTarget t = link.target();
      if (t instanceof LinkMessage.Hard h) {
        current = node(g.file(), childPath, h.address());
      } else if (t instanceof LinkMessage.Soft s) {
        current = g.file().resolver().resolve(g, s.path(), hops + 1);
      } else if (t instanceof LinkMessage.External e) {
        H5File other = g.file().external(e.file());
        current = other == null ? null : other.resolver().resolve(other.root(), e.path(),
            hops + 1);
      } else {
        current = null;
      }
      if (current == null) {
        return null;
      }
    }
    return current;
  }

  private static LinkMessage find(Group g, String name) throws IOException {
    return g.linkMap().get(name);
  }

  /** Decides from the header's messages what kind of object lives at {@code address}. */
  static Node node(H5File file, String path, long address) throws IOException {
    ObjectHeader h = file.context().header(address);
    if (GroupStorage.isGroup(h)) {
      return new Group(file, path, address);
    }
    boolean hasType = false;
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.LAYOUT) {
        return new Dataset(file, path, address);
      }
      hasType |= m.type() == MessageType.DATATYPE;
    }
    if (hasType) {
      return new NamedDatatype(file, path, address);
    }
    throw new H5FormatException("object header", address, "at '" + path
        + "' is neither a group, a dataset nor a committed datatype");
  }
}
