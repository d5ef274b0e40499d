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
 * is too big for a header message; old (v1) headers can only be compact. Dense storage is
 * rebuilt at flush, so any number of edits between two flushes costs one rebuild; until then
 * readers see the pending attributes.
 */
public final class AttributeStorage {
  /** libhdf5's default: more than 8 attributes go to dense storage (v2 headers only). */
  private static final int DEFAULT_MAX_COMPACT = 8;
  /** A header message body is at most 64 KiB; bigger attributes must be stored densely. */
  private static final int MAX_MESSAGE = 65_535;

  /** Attribute sets waiting for flush, and what to do once each is committed. */
  private static final class Pending {
    final Map<Long, LinkedHashMap<String, AttributeMessage>> byObject = new HashMap<>();
    final Map<Long, List<H5Context.PendingWrite>> afterCommit = new HashMap<>();
  }

  private AttributeStorage() {}

  private static Pending pending(H5Context ctx) {
    return ctx.attachment(Pending.class, Pending::new);
  }

  /** The attributes of the object with header {@code h}, by name in storage order. */
  public static Map<String, AttributeMessage> read(H5Context ctx, ObjectHeader h)
      throws IOException {
    Map<String, AttributeMessage> waiting = pending(ctx).byObject.get(h.address());
    if (waiting != null) {
      return Collections.unmodifiableMap(waiting);
    }
    return ctx.derived(h.address(), "attributes", () -> decodeAll(ctx, h));
  }

  private static Map<String, AttributeMessage> decodeAll(H5Context ctx, ObjectHeader h)
      throws IOException {
    Map<String, AttributeMessage> out = new LinkedHashMap<>();
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.ATTRIBUTE) {
        byte[] body = m.isShared() ? ctx.shared().resolve(m, h.address()) : m.body();
        AttributeMessage a = decode(ctx, body, h.address());
        out.put(a.name(), a);
      } else if (m.type() == MessageType.ATTRIBUTE_INFO) {
        AttributeInfoMessage ai = info(ctx, h, m);
        if (ai.isDense()) {
          for (byte[] body : DenseAttributes.read(ctx, ai, h.address())) {
            AttributeMessage a = decode(ctx, body, h.address());
            out.put(a.name(), a);
          }
        }
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * The creation index of each compact attribute of {@code h} by name, when its header tracks
   * them (else none): a rewrite keeps them, so the attributes still list in creation order.
   */
  private static Map<String, Integer> creationOrders(H5Context ctx, ObjectHeader h)
      throws IOException {
    Map<String, Integer> orders = new HashMap<>();
    if (h.tracksAttributeOrder()) {
      for (StoredMessage m : h.messages()) {
        if (m.type() == MessageType.ATTRIBUTE) {
          byte[] body = m.isShared() ? ctx.shared().resolve(m, h.address()) : m.body();
          orders.put(decode(ctx, body, h.address()).name(), m.creationOrder());
        }
      }
    }
    return orders;
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
   * {@code afterCommit} runs once the header no longer refers to what the edit replaced (now,
   * or at flush for dense storage, whose pending map later edits change in place).
   */
  public static void update(H5Context ctx, long address, Edit edit,
      H5Context.PendingWrite afterCommit) throws IOException {
    LinkedHashMap<String, AttributeMessage> all = pending(ctx).byObject.get(address);
    if (all == null) {
      all = new LinkedHashMap<>(read(ctx, ctx.header(address)));
    }
    edit.apply(all);
    write(ctx, address, all, afterCommit);
  }

  private static void write(H5Context ctx, long address,
      LinkedHashMap<String, AttributeMessage> all, H5Context.PendingWrite afterCommit)
      throws IOException {
    ObjectHeader h = ctx.header(address);
    int maxCompact = h.maxCompactAttributes() >= 0 ? h.maxCompactAttributes()
        : DEFAULT_MAX_COMPACT;
    Pending p = pending(ctx);
    if (h.version() == 1 || all.size() <= maxCompact) {
      List<H5Context.PendingWrite> earlier = p.afterCommit.remove(address);
      p.byObject.remove(address);
      writeNow(ctx, address, all);
      runAll(earlier);
      afterCommit.write();
      return;
    }
    p.byObject.put(address, all);
    p.afterCommit.computeIfAbsent(address, a -> new ArrayList<>()).add(afterCommit);
    ctx.defer(List.of("attributes", address), () -> {
      Map<String, AttributeMessage> latest = p.byObject.remove(address);
      List<H5Context.PendingWrite> then = p.afterCommit.remove(address);
      if (latest != null) {
        writeNow(ctx, address, latest);
      }
      runAll(then);
    });
  }

  private static void runAll(List<H5Context.PendingWrite> writes) throws IOException {
    if (writes != null) {
      for (H5Context.PendingWrite w : writes) {
        w.write();
      }
    }
  }

  private static void writeNow(H5Context ctx, long address, Map<String, AttributeMessage> all)
      throws IOException {
    ObjectHeader h = ctx.header(address);
    List<DenseAttributes.Entry> encoded = new ArrayList<>();
    boolean tooBig = false;
    for (AttributeMessage a : all.values()) {
      byte[] body = a.toBytes(ctx.params());
      tooBig |= body.length > MAX_MESSAGE;
      encoded.add(new DenseAttributes.Entry(a.name(), body));
    }
    int maxCompact = h.maxCompactAttributes() >= 0 ? h.maxCompactAttributes()
        : DEFAULT_MAX_COMPACT;
    boolean dense = h.version() == 2 && (encoded.size() > maxCompact || tooBig);
    if (tooBig && !dense) {
      throw new IllegalArgumentException("an attribute of more than 64 KiB needs dense"
          + " storage, which an object with a version 1 header cannot have; store it as a"
          + " dataset instead");
    }
    AttributeInfoMessage info = new AttributeInfoMessage(false, false, -1, -1, -1, -1);
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.ATTRIBUTE_INFO) {
        info = info(ctx, h, m);
      } else if (m.type() != MessageType.ATTRIBUTE) {
        messages.add(m);
      }
    }
    AttributeInfoMessage old = info;
    if (dense) {
      info = DenseAttributes.write(ctx, info, encoded);
    } else {
      Map<String, Integer> orders = creationOrders(ctx, h);
      int next = Math.max(info.maxCreationIndex(), 0);
      for (int o : orders.values()) {
        next = Math.max(next, o + 1);
      }
      for (DenseAttributes.Entry e : encoded) {
        Integer order = orders.get(e.name());
        if (order == null && h.tracksAttributeOrder()) {
          order = next++;
        }
        messages.add(new StoredMessage(MessageType.ATTRIBUTE, 0, order == null ? -1 : order,
            e.message()));
      }
      info = new AttributeInfoMessage(info.trackOrder(), info.indexOrder(),
          info.trackOrder() ? Math.max(info.maxCreationIndex(), next) : -1, -1, -1, -1);
    }
    if (h.version() == 2) {
      messages.add(0, StoredMessage.of(MessageType.ATTRIBUTE_INFO, info.toBytes(ctx.params())));
    }
    ctx.rewriteHeader(h.address(), messages);
    // Only now that the header no longer points at it may the old storage be reused.
    DenseAttributes.free(ctx, old);
  }
}
