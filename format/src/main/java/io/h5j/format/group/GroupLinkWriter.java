package io.h5j.format.group;

import io.h5j.format.io.ByteReader;
import io.h5j.format.message.GroupInfoMessage;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.SymbolTableMessage;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import io.h5j.format.superblock.Superblock;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * Stores a group's complete link list in whatever form the group already has: an old-style
 * symbol table is rebuilt; a new-style group keeps its links compact up to the group info
 * message's threshold and dense (fractal heap + v2 B-tree) beyond it. Rebuilding indexed
 * storage costs O(links), so those writes wait for flush and any number of edits in between
 * cost one rebuild; until then readers see the pending list.
 */
public final class GroupLinkWriter {
  private GroupLinkWriter() {}

  /** Links of groups whose indexed storage is rewritten at the next flush, by name. */
  static final class PendingLinks {
    final Map<Long, LinkedHashMap<String, LinkMessage>> byGroup = new HashMap<>();
  }

  /** The links waiting to be written for the group at {@code address}, or null. */
  static Map<String, LinkMessage> pending(H5Context ctx, long address) {
    LinkedHashMap<String, LinkMessage> p =
        ctx.attachment(PendingLinks.class, PendingLinks::new).byGroup.get(address);
    return p == null ? null : Collections.unmodifiableMap(p);
  }

  /** A change to a group's links, made in place on its name-ordered map. */
  public interface Edit {
    void apply(LinkedHashMap<String, LinkMessage> links);
  }

  /**
   * Applies {@code edit} to the links of the group at {@code groupAddress} and stores the
   * result. While the group's storage is indexed, edits only change the pending map (O(1)
   * each) and the storage is rewritten once at flush.
   */
  public static void update(H5Context ctx, long groupAddress, Edit edit) throws IOException {
    Map<Long, LinkedHashMap<String, LinkMessage>> pending =
        ctx.attachment(PendingLinks.class, PendingLinks::new).byGroup;
    LinkedHashMap<String, LinkMessage> links = pending.get(groupAddress);
    if (links == null) {
      links = new LinkedHashMap<>(GroupStorage.links(ctx, ctx.header(groupAddress)));
    }
    edit.apply(links);
    write(ctx, groupAddress, links);
  }

  /** The messages of a new, empty new-style group. */
  public static List<StoredMessage> newStyleGroupMessages(H5Context ctx) {
    return List.of(
        StoredMessage.of(MessageType.LINK_INFO,
            LinkInfoMessage.empty(false).toBytes(ctx.params())),
        StoredMessage.of(MessageType.GROUP_INFO, GroupInfoMessage.DEFAULT.toBytes(ctx.params())));
  }

  /** The messages of a new, empty old-style group (storage written now). */
  public static List<StoredMessage> oldStyleGroupMessages(H5Context ctx) throws IOException {
    Superblock sb = ctx.superblock();
    SymbolTableMessage stab = new SymbolTableWriter(ctx.access(), ctx.allocator(),
        sb.groupLeafK(), sb.groupInternalK()).write(List.of());
    return List.of(StoredMessage.of(MessageType.SYMBOL_TABLE, stab.toBytes(ctx.params())));
  }

  private static void write(H5Context ctx, long groupAddress,
      LinkedHashMap<String, LinkMessage> links) throws IOException {
    ObjectHeader h = ctx.header(groupAddress);
    Map<Long, LinkedHashMap<String, LinkMessage>> pending =
        ctx.attachment(PendingLinks.class, PendingLinks::new).byGroup;
    boolean indexed = GroupStorage.symbolTable(ctx, h).isPresent()
        || links.size() > groupInfo(ctx, h).effectiveMaxCompact();
    if (!indexed) {
      pending.remove(groupAddress);
      writeNow(ctx, groupAddress, new ArrayList<>(links.values()));
      return;
    }
    pending.put(groupAddress, links);
    ctx.defer("links", groupAddress, () -> {
      LinkedHashMap<String, LinkMessage> latest = pending.remove(groupAddress);
      if (latest != null) {
        writeNow(ctx, groupAddress, new ArrayList<>(latest.values()));
      }
    });
  }

  private static GroupInfoMessage groupInfo(H5Context ctx, ObjectHeader h) throws IOException {
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.GROUP_INFO) {
        return GroupInfoMessage.decode(new ByteReader(m.body(), h.address(), "group info",
            ctx.params()));
      }
    }
    return GroupInfoMessage.DEFAULT;
  }

  private static void writeNow(H5Context ctx, long groupAddress, List<LinkMessage> links)
      throws IOException {
    if (ctx.atomic()) {
      Map<String, LinkMessage> byName = new LinkedHashMap<>();
      links.forEach(l -> byName.put(l.name(), l));
      LinkRetargeting.seen(ctx, groupAddress, byName);
    }
    ObjectHeader h = ctx.header(groupAddress);
    Optional<SymbolTableMessage> stab = GroupStorage.symbolTable(ctx, h);
    if (stab.isPresent()) {
      writeSymbolTable(ctx, h, stab.get(), links);
      return;
    }
    GroupInfoMessage info = GroupInfoMessage.DEFAULT;
    LinkInfoMessage linkInfo = LinkInfoMessage.empty(false);
    List<StoredMessage> others = new ArrayList<>();
    for (StoredMessage m : h.messages()) {
      ByteReader r = new ByteReader(m.body(), groupAddress, "group header", ctx.params());
      switch (m.type()) {
        case MessageType.GROUP_INFO -> {
          info = GroupInfoMessage.decode(r);
          others.add(m);
        }
        case MessageType.LINK_INFO -> linkInfo = LinkInfoMessage.decode(r);
        case MessageType.LINK -> { }
        default -> others.add(m);
      }
    }
    List<LinkMessage> ordered = withCreationOrder(linkInfo, links);
    long maxOrder = linkInfo.trackOrder() ? nextOrder(linkInfo, ordered) : -1;
    List<StoredMessage> messages = new ArrayList<>();
    if (links.size() > info.effectiveMaxCompact()) {
      LinkInfoMessage dense = DenseLinkStorage.write(ctx, linkInfo, ordered, maxOrder);
      messages.add(StoredMessage.of(MessageType.LINK_INFO, dense.toBytes(ctx.params())));
      messages.addAll(others);
    } else {
      LinkInfoMessage compact = new LinkInfoMessage(linkInfo.trackOrder(),
          linkInfo.indexOrder(), maxOrder, -1, -1, -1);
      messages.add(StoredMessage.of(MessageType.LINK_INFO, compact.toBytes(ctx.params())));
      messages.addAll(others);
      for (LinkMessage l : ordered) {
        messages.add(StoredMessage.of(MessageType.LINK, l.toBytes(ctx.params())));
      }
    }
    ctx.rewriteHeader(groupAddress, messages);
    // Only now that the header no longer points at it may the old storage be reused.
    DenseLinkStorage.free(ctx, linkInfo);
  }

  /** Gives links created since the last write the next creation indexes, if tracked. */
  private static List<LinkMessage> withCreationOrder(LinkInfoMessage info,
      List<LinkMessage> links) {
    if (!info.trackOrder()) {
      return links;
    }
    long next = Math.max(0, info.maxCreationIndex());
    for (LinkMessage l : links) {
      next = Math.max(next, l.creationOrder() + 1);
    }
    List<LinkMessage> out = new ArrayList<>();
    for (LinkMessage l : links) {
      out.add(l.creationOrder() >= 0 ? l
          : new LinkMessage(l.name(), l.target(), next++, l.utf8()));
    }
    return out;
  }

  private static long nextOrder(LinkInfoMessage info, List<LinkMessage> links) {
    long max = info.maxCreationIndex();
    for (LinkMessage l : links) {
      max = Math.max(max, l.creationOrder() + 1);
    }
    return max;
  }

  private static void writeSymbolTable(H5Context ctx, ObjectHeader h, SymbolTableMessage old,
      List<LinkMessage> links) throws IOException {
    Superblock sb = ctx.superblock();
    SymbolTableMessage stab = new SymbolTableWriter(ctx.access(), ctx.allocator(),
        sb.groupLeafK(), sb.groupInternalK()).write(links);
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : h.messages()) {
      messages.add(m.type() == MessageType.SYMBOL_TABLE
          ? new StoredMessage(m.type(), m.flags(), m.creationOrder(), stab.toBytes(ctx.params()))
          : m);
    }
    if (h.address() == sb.rootAddress() && sb.version() < 2) {
      ctx.superblock(sb.withRootCache(stab.btreeAddress(), stab.localHeapAddress()));
    }
    ctx.rewriteHeader(h.address(), messages);
    SymbolTableGroup.free(ctx.access(), ctx.allocator(), old, sb.groupLeafK(),
        sb.groupInternalK());
  }
}
