package io.h5j.format.object;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.format.message.ContinuationMessage;
import io.h5j.format.message.MessageType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes object headers. A rewrite keeps the header at its address (links point there) and
 * refills chunk 0; whatever does not fit goes to one newly allocated continuation chunk.
 * Existing continuation chunks are never overwritten: the new one is written first, then
 * chunk 0 switches the header over in one write, and only then are the old chunks freed, so
 * a crash at any point leaves a consistent header.
 */
public final class ObjectHeaderWriter {
  /** Smallest chunk 0 body, so that a continuation message always fits later. */
  private static final int MIN_CHUNK0_DATA = 32;
  /** v2 flag: the attribute phase change values are stored in the prefix. */
  private static final int PHASE_CHANGE_STORED = 0x10;
  /** Room left in a new continuation chunk for later growth. */
  private static final int CONTINUATION_SLACK = 64;

  /** Runs before chunk 0 is written: makes what the header will point at reachable. */
  public interface CommitHook {
    void beforeCommit() throws IOException;
  }

  private final FileAccess fa;
  private final SpaceAllocator alloc;
  private final CommitHook hook;

  public ObjectHeaderWriter(FileAccess fa, SpaceAllocator alloc, CommitHook hook) {
    this.fa = fa;
    this.alloc = alloc;
    this.hook = hook;
  }

  /** Allocates and writes a new header of {@code version} (1 or 2) holding {@code messages}. */
  public ObjectHeader create(int version, int flags, List<StoredMessage> messages)
      throws IOException {
    return create(version, flags, -1, -1, messages);
  }

  /**
   * As {@link #create(int, int, List)}, and a version 2 header stores the attribute phase
   * change values {@code maxCompact} and {@code minDense} when they are not -1 (libhdf5's
   * defaults, 8 and 6, then apply).
   */
  public ObjectHeader create(int version, int flags, int maxCompact, int minDense,
      List<StoredMessage> messages) throws IOException {
    boolean phaseChange = version == 2 && maxCompact >= 0 && minDense >= 0;
    flags = phaseChange ? flags | PHASE_CHANGE_STORED : flags & ~PHASE_CHANGE_STORED;
    HeaderFormat f = new HeaderFormat(version, fa.params(),
        (flags & ObjectHeader.ATTRIBUTE_ORDER_TRACKED) != 0);
    long data = Math.max(MIN_CHUNK0_DATA, f.totalSize(messages));
    if (version == 2) {
      flags = (flags & ~3) | sizeCode(data);
    }
    int prefix = f.chunk0Prefix(flags);
    long whole = prefix + data + f.checksumSize();
    long address = alloc.allocate(whole);
    ObjectHeader empty = new ObjectHeader(address, version, flags, null,
        phaseChange ? maxCompact : -1, phaseChange ? minDense : -1, 1, List.of(),
        List.of(new ObjectHeader.Chunk(address, whole, prefix, data)));
    return rewrite(empty, messages);
  }

  /**
   * Writes {@code old} (its prefix fields and messages) as a new header in newly allocated
   * space, its chunk 0 sized to hold every message; {@code old}'s own space is untouched.
   */
  public ObjectHeader writeAnew(ObjectHeader old) throws IOException {
    HeaderFormat f = new HeaderFormat(old.version(), fa.params(), old.tracksAttributeOrder());
    long data = Math.max(MIN_CHUNK0_DATA, f.totalSize(old.messages()));
    int flags = old.version() == 2 ? (old.flags() & ~3) | sizeCode(data) : old.flags();
    int prefix = f.chunk0Prefix(flags);
    long whole = prefix + data + f.checksumSize();
    long address = alloc.allocate(whole);
    ObjectHeader empty = new ObjectHeader(address, old.version(), flags, old.times(),
        old.maxCompactAttributes(), old.minDenseAttributes(), old.refCount(), List.of(),
        List.of(new ObjectHeader.Chunk(address, whole, prefix, data)));
    return rewrite(empty, old.messages());
  }

  private static int sizeCode(long data) {
    return data < 256 ? 0 : data < 65536 ? 1 : data < (1L << 32) ? 2 : 3;
  }

  /** Stores {@code messages} as the whole content of header {@code old}. */
  public ObjectHeader rewrite(ObjectHeader old, List<StoredMessage> messages) throws IOException {
    HeaderFormat f = new HeaderFormat(old.version(), fa.params(), old.tracksAttributeOrder());
    ObjectHeader.Chunk chunk0 = old.chunks().get(0);
    int contSize = f.messageSize(f.continuationBodySize());
    List<ObjectHeader.Chunk> chunks = new ArrayList<>(List.of(chunk0));
    List<List<StoredMessage>> placed = new ArrayList<>();
    int m = 0;
    int n = messages.size();
    if (f.totalSize(messages) <= chunk0.dataSize()) {
      placed.add(new ArrayList<>(messages));
      m = n;
    } else {
      List<StoredMessage> here = new ArrayList<>();
      long used = 0;
      while (m < n && used + f.messageSize(messages.get(m).body().length) + contSize
          <= chunk0.dataSize()) {
          used += f.messageSize(messages.get(m).body().length);
          here.add(messages.get(m++));
      }
      placed.add(here);
      long rest = f.totalSize(messages.subList(m, n)) + CONTINUATION_SLACK;
      long whole = rest + f.continuationOverhead();
      chunks.add(new ObjectHeader.Chunk(alloc.allocate(whole), whole,
          f.continuationDataStart(), rest));
      placed.add(new ArrayList<>(messages.subList(m, n)));
    }
    int totalMessages = 0;
    for (int i = 0; i < chunks.size(); i++) {
      totalMessages += placed.get(i).size() + 1; // its messages and a continuation or NIL
    }
    if (chunks.size() > 1) {
      fa.write(chunks.get(1).address(), encodeChunk(f, old, 1, chunks.get(1), placed.get(1),
          null, totalMessages));
    }
    hook.beforeCommit();
    fa.write(chunk0.address(), encodeChunk(f, old, 0, chunk0, placed.get(0),
        chunks.size() > 1 ? chunks.get(1) : null, totalMessages));
    for (ObjectHeader.Chunk c : old.chunks().subList(1, old.chunks().size())) {
      alloc.free(c.address(), c.size());
    }
    return old.withMessages(messages, chunks);
  }

  private byte[] encodeChunk(HeaderFormat f, ObjectHeader h, int index, ObjectHeader.Chunk chunk,
      List<StoredMessage> messages, ObjectHeader.Chunk next, int totalMessages) {
    ByteWriter w = new ByteWriter(fa.params(), (int) chunk.size());
    if (index == 0) {
      f.writePrefix(w, h, chunk.dataSize(), totalMessages);
    } else if (f.version == 2) {
      w.ascii("OCHK");
    }
    int dataFrom = w.position();
    for (StoredMessage m : messages) {
      f.writeMessage(w, m.type(), m.flags(), m.creationOrder(), m.body());
    }
    if (next != null) {
      ByteWriter body = new ByteWriter(fa.params());
      new ContinuationMessage(next.address(), next.size()).encode(body);
      f.writeMessage(w, MessageType.CONTINUATION, 0, 0, body.toByteArray());
    }
    long left = chunk.dataSize() - (w.position() - dataFrom);
    f.fill(w, left);
    if (f.version == 2) {
      w.checksum(0);
    }
    return w.toByteArray();
  }

  /** The byte-level differences between version 1 and version 2 headers. */
  private static final class HeaderFormat {
    final int version;
    final FileParams params;
    final boolean ordered;

    HeaderFormat(int version, FileParams params, boolean ordered) {
      if (version != 1 && version != 2) {
        throw new IllegalArgumentException("object header version must be 1 or 2: " + version);
      }
      this.version = version;
      this.params = params;
      this.ordered = ordered;
    }

    int messagePrefix() {
      return version == 1 ? 8 : ordered ? 6 : 4;
    }

    int paddedBody(int bodyLength) {
      return version == 1 ? (bodyLength + 7) & ~7 : bodyLength;
    }

    int messageSize(int bodyLength) {
      return messagePrefix() + paddedBody(bodyLength);
    }

    long totalSize(List<StoredMessage> messages) {
      long sum = 0;
      for (StoredMessage m : messages) {
        sum += messageSize(m.body().length);
      }
      return sum;
    }

    int continuationBodySize() {
      return params.offsetSize() + params.lengthSize();
    }

    int checksumSize() {
      return version == 2 ? 4 : 0;
    }

    int continuationDataStart() {
      return version == 2 ? 4 : 0;
    }

    int continuationOverhead() {
      return version == 2 ? 8 : 0;
    }

    int chunk0Prefix(int flags) {
      if (version == 1) {
        return 16;
      }
      return 6 + ((flags & 0x20) != 0 ? 16 : 0) + ((flags & 0x10) != 0 ? 4 : 0)
          + (1 << (flags & 3));
    }

    void writePrefix(ByteWriter w, ObjectHeader h, long dataSize, int totalMessages) {
      if (version == 1) {
        w.u8(1).u8(0).u16(totalMessages).u32(h.refCount()).u32(dataSize).zeros(4);
        return;
      }
      w.ascii("OHDR").u8(2).u8(h.flags());
      if ((h.flags() & 0x20) != 0) {
        long[] t = h.times() == null ? new long[4] : h.times();
        for (long v : t) {
          w.u32(v);
        }
      }
      if ((h.flags() & 0x10) != 0) {
        w.u16(h.maxCompactAttributes()).u16(h.minDenseAttributes());
      }
      w.uN(dataSize, 1 << (h.flags() & 3));
    }

    void writeMessage(ByteWriter w, int type, int flags, int order, byte[] body) {
      if (version == 1) {
        w.u16(type).u16(paddedBody(body.length)).u8(flags).zeros(3);
        w.bytes(body).zeros(paddedBody(body.length) - body.length);
        return;
      }
      w.u8(type).u16(body.length).u8(flags);
      if (ordered) {
        w.u16(Math.max(order, 0));
      }
      w.bytes(body);
    }

    /** Fills unused chunk space: a NIL message where one fits, else a gap (v2 only). */
    void fill(ByteWriter w, long left) {
      if (left >= messagePrefix()) {
        writeMessage(w, MessageType.NIL, 0, 0, new byte[(int) (left - messagePrefix())]);
      } else {
        w.zeros((int) left);
      }
    }
  }
}
