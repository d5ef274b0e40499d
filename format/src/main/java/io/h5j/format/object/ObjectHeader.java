package io.h5j.format.object;

import java.util.List;

/**
 * A decoded object header of version 1 or 2: the messages in storage order (continuation and
 * NIL messages left out) and the chunks that hold them, which a rewrite reuses.
 *
 * @param flags v2 header flags (0 for v1)
 * @param times access, modification, change and birth times (v2 flag bit 5), or null
 * @param refCount the hard link count from the v1 prefix (v2 keeps it in a message; 1 here)
 */
public record ObjectHeader(long address, int version, int flags, long[] times,
    int maxCompactAttributes, int minDenseAttributes, int refCount,
    List<StoredMessage> messages, List<Chunk> chunks) {

  /**
   * One stretch of header space.
   *
   * @param address where the chunk starts (v2: its signature or the header prefix)
   * @param size the chunk's whole size, prefix, signature and checksum included
   * @param dataStart offset from {@code address} where messages begin
   * @param dataSize bytes available for messages (and gap)
   */
  public record Chunk(long address, long size, int dataStart, long dataSize) {}

  public ObjectHeader {
    messages = List.copyOf(messages);
    chunks = List.copyOf(chunks);
  }

  /** Version 2 header flag: attribute creation order tracked (messages carry an index). */
  public static final int ATTRIBUTE_ORDER_TRACKED = 0x04;
  /** Version 2 header flag: attribute creation order indexed. */
  public static final int ATTRIBUTE_ORDER_INDEXED = 0x08;

  /** v2 flag: attribute creation order tracked, so messages carry a creation index. */
  public boolean tracksAttributeOrder() {
    return version == 2 && (flags & ATTRIBUTE_ORDER_TRACKED) != 0;
  }

  /**
   * This (version 2) header with the attribute creation order flags of {@code orderFlags}
   * ({@link #ATTRIBUTE_ORDER_TRACKED}, {@link #ATTRIBUTE_ORDER_INDEXED}) and its other flags
   * unchanged; neither changes the prefix's size.
   */
  public ObjectHeader withAttributeOrderFlags(int orderFlags) {
    if (version != 2) {
      throw new IllegalArgumentException("only version 2 object headers track attribute"
          + " creation order (header at " + address + " is version " + version + ")");
    }
    int order = ATTRIBUTE_ORDER_TRACKED | ATTRIBUTE_ORDER_INDEXED;
    return new ObjectHeader(address, version, (flags & ~order) | (orderFlags & order), times,
        maxCompactAttributes, minDenseAttributes, refCount, messages, chunks);
  }

  /** This (version 1) header with the prefix's hard link count {@code count}. */
  public ObjectHeader withRefCount(int count) {
    if (version != 1) {
      throw new IllegalArgumentException("only version 1 object headers keep the hard link"
          + " count in the prefix (header at " + address + " is version " + version + ")");
    }
    return new ObjectHeader(address, version, flags, times, maxCompactAttributes,
        minDenseAttributes, count, messages, chunks);
  }

  public ObjectHeader withMessages(List<StoredMessage> newMessages, List<Chunk> newChunks) {
    return new ObjectHeader(address, version, flags, times, maxCompactAttributes,
        minDenseAttributes, refCount, newMessages, newChunks);
  }
}
