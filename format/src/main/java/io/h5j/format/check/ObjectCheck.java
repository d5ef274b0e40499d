package io.h5j.format.check;

import io.h5j.format.group.GroupStorage;
import io.h5j.format.message.AttributeInfoMessage;
import io.h5j.format.message.AttributeMessage;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.SymbolTableMessage;
import io.h5j.format.object.DenseAttributes;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks one object: its header decodes (signature, checksums, continuation chunks) and lies
 * inside the file, every message decodes, every attribute (compact or dense) decodes and
 * points only to what exists; then, by kind, a group's links (every hard link's target is
 * queued), a dataset's storage, or a committed datatype's type.
 */
final class ObjectCheck {
  private final H5Context ctx;
  private final FileBounds bounds;
  private final HeaderMessages messages;
  private final ElementCheck elements;
  private final DatasetCheck datasets;
  private final DenseStorageCheck dense;
  private final SymbolTableCheck symbolTables;
  private final ObjectQueue queue;
  private final ProblemLog log;

  ObjectCheck(H5Context ctx, FileBounds bounds, HeaderMessages messages, ElementCheck elements,
      DatasetCheck datasets, DenseStorageCheck dense, SymbolTableCheck symbolTables,
      ObjectQueue queue, ProblemLog log) {
    this.ctx = ctx;
    this.bounds = bounds;
    this.messages = messages;
    this.elements = elements;
    this.datasets = datasets;
    this.dense = dense;
    this.symbolTables = symbolTables;
    this.queue = queue;
    this.log = log;
  }

  /** Checks the object whose header is at {@code address}, reached as {@code path}. */
  void check(long address, String path) throws IOException {
    ObjectHeader h = header(address, path);
    if (h == null) {
      return;
    }
    HeaderMessages.Decoded m = messages.decode(h, path);
    attributes(h, m, path);
    if (GroupStorage.isGroup(h)) {
      links(h, m, path);
    } else if (holds(h, MessageType.LAYOUT)) {
      datasets.check(h, m, path);
    } else if (!holds(h, MessageType.DATATYPE)) {
      log.add(path, "object header", address, "is neither a group, a dataset nor a committed"
          + " datatype: libhdf5 cannot open it");
    }
  }

  private static boolean holds(ObjectHeader h, int type) {
    return h.messages().stream().anyMatch(s -> s.type() == type);
  }

  /** Checks a header that is no object of its own: the superblock extension. */
  void checkHeaderOnly(long address, String path) throws IOException {
    if (!bounds.contains(address)) {
      log.add(path, "superblock", 0, "names an object header at " + Long.toUnsignedString(
          address) + ", outside the file's allocated space");
      return;
    }
    ObjectHeader h = header(address, path);
    if (h != null) {
      messages.decode(h, path);
    }
  }

  private ObjectHeader header(long address, String path) throws IOException {
    ObjectHeader[] h = {null};
    if (!log.attempt(path, "object header", address, () -> h[0] = ctx.header(address))) {
      return null;
    }
    for (ObjectHeader.Chunk c : h[0].chunks()) {
      bounds.check(path, "object header chunk", c.address(), c.size());
    }
    // a message's prefix: v1 type, size, flags, reserved; v2 type, size, flags (+ order)
    int prefix = h[0].version() == 1 ? 8 : h[0].tracksAttributeOrder() ? 6 : 4;
    for (StoredMessage m : h[0].messages()) {
      int body = h[0].version() == 1 ? (m.body().length + 7) & ~7 : m.body().length;
      bounds.note(path, "message " + m.type(), prefix + body);
    }
    return h[0];
  }

  private void attributes(ObjectHeader h, HeaderMessages.Decoded m, String path)
      throws IOException {
    for (AttributeMessage a : m.attributes) {
      attributeValues(a, path);
    }
    AttributeInfoMessage info = m.get(MessageType.ATTRIBUTE_INFO, AttributeInfoMessage.class);
    if (info == null || !info.isDense()) {
      return;
    }
    String structure = "dense attribute storage";
    log.attempt(path, structure, info.heapAddress(), () -> {
      for (DenseAttributes.Stored s : DenseAttributes.read(ctx, info, h.address())) {
        AttributeMessage[] a = {null};
        if (log.attempt(path, "attribute message in dense storage", info.heapAddress(),
            () -> a[0] = messages.attribute(s.message(), h.address()))) {
          attributeValues(a[0], path);
        }
      }
    });
    dense.check("attribute", info.heapAddress(), info.orderIndexAddress(), path);
  }

  private void attributeValues(AttributeMessage a, String path) throws IOException {
    log.attempt(path, "attribute '" + a.name() + "'", -1, () -> elements.check(a.datatype(),
        a.data(), a.dataspace().elementCount(), path, "attribute '" + a.name() + "'"));
  }

  private void links(ObjectHeader h, HeaderMessages.Decoded m, String path)
      throws IOException {
    List<LinkMessage> links = new ArrayList<>();
    if (!log.attempt(path, "group", h.address(),
        () -> links.addAll(GroupStorage.links(ctx, h).values()))) {
      return;
    }
    for (LinkMessage l : links) {
      if (l.target() instanceof LinkMessage.Hard hard) {
        String child = path.equals("/") ? "/" + l.name() : path + "/" + l.name();
        if (!bounds.contains(hard.address())) {
          log.add(child, "link", h.address(), "hard link to " + hard.address()
              + ", outside the file's allocated space");
        } else {
          queue.reach(hard.address(), child);
        }
      }
    }
    SymbolTableMessage stab = m.get(MessageType.SYMBOL_TABLE, SymbolTableMessage.class);
    if (stab != null) {
      symbolTables.check(stab, path);
    }
    LinkInfoMessage info = m.get(MessageType.LINK_INFO, LinkInfoMessage.class);
    if (info != null && !info.isCompact()) {
      dense.check("link", info.heapAddress(), info.orderIndexAddress(), path);
    }
  }
}
