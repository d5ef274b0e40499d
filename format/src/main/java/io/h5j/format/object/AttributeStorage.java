package io.h5j.format.object;

import io.h5j.format.io.ByteReader;
import io.h5j.format.message.AttributeInfoMessage;
import io.h5j.format.message.AttributeMessage;
import io.h5j.format.message.MessageType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and stores the attributes of one object: compact (attribute messages in its header)
 * up to the object's limit, dense (fractal heap + name index) beyond it or when one attribute
 * is too big for a header message; old (v1) headers can only be compact. As in libhdf5, dense
 * storage goes back to compact only below the header's minimum dense count. Dense storage is
 * rebuilt at flush, so any number of edits between two flushes costs one rebuild; until then
 * readers see the pending attributes.
 *
 * <p>When the header tracks attribute creation order, every attribute keeps its creation
 * index through rewrites and conversions between compact and dense storage; a new one gets
 * the attribute info message's max creation index, which only grows (deleted attributes leave
 * gaps) until the last attribute goes, as libhdf5 numbers them.
 */
public final class AttributeStorage {
  /** libhdf5's default: more than 8 attributes go to dense storage (v2 headers only). */
  private static final int DEFAULT_MAX_COMPACT = 8;
  /** libhdf5's default: dense storage goes back to compact below 6 attributes. */
  private static final int DEFAULT_MIN_DENSE = 6;
  /** A header message body is at most 64 KiB; bigger attributes must be stored densely. */
  private static final int MAX_MESSAGE = 65_535;
  /** Creation indexes are 16-bit in the attribute info message; libhdf5 stops before this. */
  private static final int MAX_CREATION_INDEX = 0xFFFF;

  /** An object's attributes as its next write stores them, with their creation indexes. */
  private static final class Draft {
    final LinkedHashMap<String, AttributeMessage> attributes = new LinkedHashMap<>();
    /** Creation index by name; empty when the header does not track creation order. */
    final Map<String, Integer> orders = new HashMap<>();
    /** The creation index the next new attribute gets. */
    int nextOrder;
    /** Whether the attributes are (to be) stored densely. */
    boolean dense;

    /** A copy to edit (what {@link #stored} returns is shared and stays as decoded). */
    Draft copy() {
      Draft d = new Draft();
      d.attributes.putAll(attributes);
      d.orders.putAll(orders);
      d.nextOrder = nextOrder;
      d.dense = dense;
      return d;
    }

    /** Drops the indexes of removed attributes and numbers new ones after the others. */
    void settle(ObjectHeader h) {
      orders.keySet().retainAll(attributes.keySet());
      if (attributes.isEmpty()) {
        nextOrder = 0;
      }
      if (!h.tracksAttributeOrder()) {
        return;
      }
      for (String name : attributes.keySet()) {
        if (!orders.containsKey(name)) {
          if (nextOrder >= MAX_CREATION_INDEX) {
            throw new IllegalStateException("the object at " + h.address() + " has had "
                + MAX_CREATION_INDEX + " attributes, the most one that tracks creation order"
                + " can number; copy it to a new object to add more");
          }
          orders.put(name, nextOrder++);
        }
      }
    }
  }

  /** Attribute sets waiting for flush, and what to do once each is committed. */
  private static final class Pending {
    final Map<Long, Draft> byObject = new HashMap<>();
    final Map<Long, List<H5Context.PendingWrite>> afterCommit = new HashMap<>();
  }

  private AttributeStorage() {}

  private static Pending pending(H5Context ctx) {
    return ctx.attachment(Pending.class, Pending::new);
  }

  /** The attributes of the object with header {@code h}, by name in storage order. */
  public static Map<String, AttributeMessage> read(H5Context ctx, ObjectHeader h)
      throws IOException {
    Draft waiting = pending(ctx).byObject.get(h.address());
    if (waiting != null) {
      return Collections.unmodifiableMap(waiting.attributes);
    }
    return Collections.unmodifiableMap(stored(ctx, h).attributes);
  }

  /**
   * The creation index of each attribute of {@code h} by name, compact or dense; empty when
   * its header does not track creation order.
   */
  public static Map<String, Integer> creationOrders(H5Context ctx, ObjectHeader h)
      throws IOException {
    Draft waiting = pending(ctx).byObject.get(h.address());
    return Collections.unmodifiableMap(waiting != null ? waiting.orders : stored(ctx, h).orders);
  }

  /** What {@code h} and its dense storage hold, decoded once per version of the header. */
  private static Draft stored(H5Context ctx, ObjectHeader h) throws IOException {
    return ctx.derived(h.address(), "attributes", () -> load(ctx, h));
  }

  private static Draft load(H5Context ctx, ObjectHeader h) throws IOException {
    Draft d = new Draft();
    boolean tracked = h.tracksAttributeOrder();
    AttributeInfoMessage info = null;
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.ATTRIBUTE) {
        byte[] body = m.isShared() ? ctx.shared().resolve(m, h.address()) : m.body();
        add(d, decode(ctx, body, h.address()), tracked ? m.creationOrder() : -1);
      } else if (m.type() == MessageType.ATTRIBUTE_INFO) {
        info = info(ctx, h, m);
        if (info.isDense()) {
          d.dense = true;
          for (DenseAttributes.Stored s : DenseAttributes.read(ctx, info, h.address())) {
            add(d, decode(ctx, s.message(), h.address()), tracked ? s.creationOrder() : -1);
          }
        }
      }
    }
    if (tracked && info != null && info.trackOrder()) {
      d.nextOrder = Math.max(d.nextOrder, info.maxCreationIndex());
    }
    return d;
  }

  private static void add(Draft d, AttributeMessage a, int order) {
    d.attributes.put(a.name(), a);
    if (order >= 0) {
      d.orders.put(a.name(), order);
      d.nextOrder = Math.max(d.nextOrder, order + 1);
    }
  }

  private static AttributeInfoMessage info(H5Context ctx, ObjectHeader h, StoredMessage m)
      throws IOException {
    byte[] body = m.isShared() ? ctx.shared().resolve(m, h.address()) : m.body();
    return AttributeInfoMessage.decode(new ByteReader(body, h.address(),
        "attribute info message", ctx.params()));
  }

  private static AttributeMessage decode(H5Context ctx, byte[] body, long owner)
      throws IOException {
    return AttributeMessage.decode(new ByteReader(body, owner, "attribute message",
        ctx.params()), (type, shared) -> ctx.shared().resolve(
            new StoredMessage(type, StoredMessage.FLAG_SHARED, -1, shared), owner));
  }

  /** A change to an object's attributes, made in place on its name-ordered map. */
  public interface Edit {
    void apply(LinkedHashMap<String, AttributeMessage> attributes) throws IOException;
  }

  /**
   * Applies {@code edit} to the attributes of the object at {@code address} and stores them.
   * An attribute the edit replaces keeps its creation index; one it adds gets the next.
   * {@code afterCommit} runs once the header no longer refers to what the edit replaced (now,
   * or at flush for dense storage, whose pending map later edits change in place).
   */
  public static void update(H5Context ctx, long address, Edit edit,
      H5Context.PendingWrite afterCommit) throws IOException {
    Draft d = draft(ctx, address);
    edit.apply(d.attributes);
    store(ctx, address, d, afterCommit);
  }

  /**
   * Adds attributes copied from another object (a repack): each keeps {@code creationOrders}'
   * index for its name when this object tracks creation order (so the max creation index
   * must already be at least as high: see {@link AttributeInfoMessage}); the rest are numbered
   * after them.
   *
   * @param wasDense whether the source stored them densely: they stay dense down to the
   *     header's minimum dense count, as libhdf5 would have kept them
   */
  public static void copyIn(H5Context ctx, long address, Map<String, AttributeMessage> copies,
      Map<String, Integer> creationOrders, boolean wasDense) throws IOException {
    Draft d = draft(ctx, address);
    boolean tracked = ctx.header(address).tracksAttributeOrder();
    for (AttributeMessage a : copies.values()) {
      Integer order = tracked ? creationOrders.get(a.name()) : null;
      d.orders.remove(a.name());
      add(d, a, order == null ? -1 : order);
    }
    d.dense |= wasDense;
    store(ctx, address, d, () -> { });
  }

  private static Draft draft(H5Context ctx, long address) throws IOException {
    Draft d = pending(ctx).byObject.get(address);
    return d != null ? d : stored(ctx, ctx.header(address)).copy();
  }

  private static void store(H5Context ctx, long address, Draft d,
      H5Context.PendingWrite afterCommit) throws IOException {
    ObjectHeader h = ctx.header(address);
    d.settle(h);
    // as libhdf5 after each change: dense once past the maximum, even if the next change
    // brings the count back down, until it falls below the minimum
    d.dense = h.version() == 2 && staysDense(h, d);
    Pending p = pending(ctx);
    if (!d.dense) {
      List<H5Context.PendingWrite> earlier = p.afterCommit.remove(address);
      p.byObject.remove(address);
      writeNow(ctx, address, d);
      runAll(earlier);
      afterCommit.write();
      return;
    }
    p.byObject.put(address, d);
    p.afterCommit.computeIfAbsent(address, a -> new ArrayList<>()).add(afterCommit);
    ctx.defer("attributes", address, () -> {
      Draft latest = p.byObject.remove(address);
      List<H5Context.PendingWrite> then = p.afterCommit.remove(address);
      if (latest != null) {
        writeNow(ctx, address, latest);
      }
      runAll(then);
    });
  }

  /**
   * Whether {@code d}'s attributes belong in dense storage by count: past the header's
   * maximum compact count, or dense already and not yet below its minimum dense count.
   */
  private static boolean staysDense(ObjectHeader h, Draft d) {
    int minDense = h.minDenseAttributes() >= 0 ? h.minDenseAttributes() : DEFAULT_MIN_DENSE;
    int n = d.attributes.size();
    return n > maxCompact(h) || (d.dense && n >= minDense);
  }

  /**
   * The most attributes the object with header {@code h} stores compactly: the value in its
   * header, else libhdf5's default.
   */
  public static int maxCompact(ObjectHeader h) {
    return h.maxCompactAttributes() >= 0 ? h.maxCompactAttributes() : DEFAULT_MAX_COMPACT;
  }

  private static void runAll(List<H5Context.PendingWrite> writes) throws IOException {
    if (writes != null) {
      for (H5Context.PendingWrite w : writes) {
        w.write();
      }
    }
  }

  private static void writeNow(H5Context ctx, long address, Draft d) throws IOException {
    ObjectHeader h = ctx.header(address);
    List<DenseAttributes.Entry> encoded = new ArrayList<>();
    boolean tooBig = false;
    for (AttributeMessage a : d.attributes.values()) {
      byte[] body = a.toBytes(ctx.params());
      tooBig |= body.length > MAX_MESSAGE;
      // untracked: the position, as a placeholder no reader asks for
      encoded.add(new DenseAttributes.Entry(a.name(), body,
          d.orders.getOrDefault(a.name(), encoded.size())));
    }
    boolean dense = h.version() == 2 && (staysDense(h, d) || tooBig);
    if (tooBig && !dense) {
      throw new IllegalArgumentException("an attribute of more than 64 KiB needs dense"
          + " storage, which an object with a version 1 header cannot have; store it as a"
          + " dataset instead");
    }
    List<StoredMessage> messages = new ArrayList<>();
    AttributeInfoMessage old = null;
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.ATTRIBUTE_INFO) {
        old = info(ctx, h, m);
      } else if (m.type() != MessageType.ATTRIBUTE) {
        messages.add(m);
      }
    }
    boolean tracked = h.tracksAttributeOrder();
    // the header's flags say what the info message must (libhdf5 checks they agree)
    AttributeInfoMessage info = new AttributeInfoMessage(tracked,
        tracked && (h.flags() & ObjectHeader.ATTRIBUTE_ORDER_INDEXED) != 0,
        tracked ? d.nextOrder : -1, -1, -1, -1);
    if (dense) {
      info = DenseAttributes.write(ctx, info, encoded, d.nextOrder);
    } else {
      for (DenseAttributes.Entry e : encoded) {
        messages.add(new StoredMessage(MessageType.ATTRIBUTE, 0,
            tracked ? e.creationOrder() : -1, e.message()));
      }
    }
    if (h.version() == 2) {
      messages.add(0, StoredMessage.of(MessageType.ATTRIBUTE_INFO, info.toBytes(ctx.params())));
    }
    ctx.rewriteHeader(h.address(), messages);
    // Only now that the header no longer points at it may the old storage be reused.
    if (old != null) {
      DenseAttributes.free(ctx, old);
    }
  }
}
