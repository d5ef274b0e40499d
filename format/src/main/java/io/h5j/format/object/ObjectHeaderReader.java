package io.h5j.format.object;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.ContinuationMessage;
import io.h5j.format.message.MessageType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads object headers of version 1 and 2, following continuation chunks. */
public final class ObjectHeaderReader {
  private static final String WHAT = "object header";
  private static final int MAX_CHUNKS = 100_000;

  private ObjectHeaderReader() {}

  /**
   * Bytes read at a header's address before its size is known: a dataset's or small group's
   * header fits, so prefix and first chunk come from one read instead of three (a listing of
   * many objects is dominated by such reads).
   */
  static final int FIRST_READ = 512;

  public static ObjectHeader read(FileAccess fa, long address) throws IOException {
    byte[] head = fa.readUpTo(address, FIRST_READ, WHAT);
    if (head[0] == 1) {
      return readV1(fa, address, head);
    }
    if (head[0] == 'O') {
      return readV2(fa, address, head);
    }
    throw new H5FormatException(WHAT, address,
        "neither a version 1 header nor the signature \"OHDR\"");
  }

  /**
   * The {@code length} bytes at {@code address + from}: out of {@code head} (the bytes read at
   * {@code address}) when it holds them all, else read from the file.
   */
  private static ByteReader span(FileAccess fa, long address, byte[] head, long from,
      long length) throws IOException {
    if (from >= 0 && length >= 0 && from + length <= head.length) {
      return new ByteReader(head, (int) from, (int) (from + length), address + from, WHAT,
          fa.params());
    }
    return fa.reader(address + from, length, WHAT);
  }

  private static ObjectHeader readV1(FileAccess fa, long address, byte[] head)
      throws IOException {
    ByteReader p = span(fa, address, head, 0, 16);
    p.skip(2); // version, reserved
    int declaredMessages = p.u16();
    long refCount = p.u32();
    long size = p.u32();
    List<StoredMessage> messages = new ArrayList<>();
    List<ObjectHeader.Chunk> chunks = new ArrayList<>();
    List<ContinuationMessage> pending = new ArrayList<>();
    chunks.add(new ObjectHeader.Chunk(address, 16 + size, 16, size));
    readV1Messages(span(fa, address, head, 16, size), messages, pending);
    followContinuations(fa, address, 1, pending, chunks, (chunk, found) -> {
      readV1Messages(fa.reader(chunk.address(), chunk.size(), "object header continuation"),
          messages, found);
    });
    if (declaredMessages < messages.size()) {
      throw new H5FormatException(WHAT, address, "holds more messages than the "
          + declaredMessages + " its prefix declares");
    }
    return new ObjectHeader(address, 1, 0, null, -1, -1, (int) Math.min(refCount,
        Integer.MAX_VALUE), messages, chunks);
  }

  private static void readV1Messages(ByteReader r, List<StoredMessage> out,
      List<ContinuationMessage> continuations) throws H5FormatException {
    while (r.remaining() >= 8) {
      int type = r.u16();
      int size = r.u16();
      if (size % 8 != 0) {
        throw r.error("a message of type " + type + " has " + size + " bytes; version 1"
            + " headers keep messages 8-byte aligned (libhdf5: \"message not aligned\")");
      }
      int flags = r.u8();
      r.skip(3);
      ByteReader body = r.slice(size, "object header message type " + type);
      collect(type, flags, -1, body, out, continuations);
    }
  }

  private static ObjectHeader readV2(FileAccess fa, long address, byte[] head)
      throws IOException {
    ByteReader p = new ByteReader(head, address, WHAT, fa.params());
    p.signature("OHDR");
    int version = p.u8();
    if (version != 2) {
      throw p.versionError(version, 2, "version " + version + " is not 2");
    }
    int flags = p.u8();
    long[] times = null;
    if ((flags & 0x20) != 0) {
      times = new long[] {p.u32(), p.u32(), p.u32(), p.u32()};
    }
    int maxCompact = -1;
    int minDense = -1;
    if ((flags & 0x10) != 0) {
      maxCompact = p.u16();
      minDense = p.u16();
    }
    long size = p.uN(1 << (flags & 3));
    int dataStart = p.position();
    long whole = dataStart + size + 4;
    ByteReader chunk0 = span(fa, address, head, 0, whole);
    chunk0.skip(whole - 4);
    chunk0.checksum(0);
    List<StoredMessage> messages = new ArrayList<>();
    List<ObjectHeader.Chunk> chunks = new ArrayList<>();
    List<ContinuationMessage> pending = new ArrayList<>();
    boolean ordered = (flags & ObjectHeader.ATTRIBUTE_ORDER_TRACKED) != 0;
    chunks.add(new ObjectHeader.Chunk(address, whole, dataStart, size));
    ByteReader body = chunk0.rewound();
    body.position(dataStart);
    body = body.slice((int) size, WHAT);
    readV2Messages(body, ordered, messages, pending);
    followContinuations(fa, address, 2, pending, chunks, (chunk, found) -> {
      ByteReader c = fa.reader(chunk.address(), chunk.size(), "object header continuation");
      if (chunk.size() < 8) {
        throw c.error("continuation chunk of " + chunk.size() + " bytes is too small");
      }
      c.signature("OCHK");
      c.skip(chunk.size() - 8);
      c.checksum(0);
      readV2Messages(fa.reader(chunk.address() + 4, chunk.size() - 8,
          "object header continuation"), ordered, messages, found);
    });
    return new ObjectHeader(address, 2, flags, times, maxCompact, minDense, 1, messages, chunks);
  }

  private static void readV2Messages(ByteReader r, boolean ordered, List<StoredMessage> out,
      List<ContinuationMessage> continuations) throws H5FormatException {
    int headerSize = ordered ? 6 : 4;
    while (r.remaining() >= headerSize) {
      int type = r.u8();
      int size = r.u16();
      int flags = r.u8();
      int order = ordered ? r.u16() : -1;
      ByteReader body = r.slice(size, "object header message type " + type);
      collect(type, flags, order, body, out, continuations);
    }
  }

  private static void collect(int type, int flags, int order, ByteReader body,
      List<StoredMessage> out, List<ContinuationMessage> continuations) throws H5FormatException {
    if (type == MessageType.NIL) {
      return;
    }
    if (type == MessageType.CONTINUATION) {
      continuations.add(ContinuationMessage.decode(body));
      return;
    }
    out.add(new StoredMessage(type, flags, order, body.bytes(body.remaining())));
  }

  private interface ChunkDecoder {
    void decode(ObjectHeader.Chunk chunk, List<ContinuationMessage> found) throws IOException;
  }

  private static void followContinuations(FileAccess fa, long address, int version,
      List<ContinuationMessage> pending, List<ObjectHeader.Chunk> chunks, ChunkDecoder decoder)
      throws IOException {
    if (pending.isEmpty()) {
      return; // most headers have one chunk: no set of seen chunks to make
    }
    Set<Long> seen = new HashSet<>();
    seen.add(address);
    for (int i = 0; i < pending.size(); i++) {
      ContinuationMessage c = pending.get(i);
      if (!seen.add(c.address()) || chunks.size() > MAX_CHUNKS) {
        throw new H5FormatException(WHAT, address, "continuation chunks loop back to "
            + c.address());
      }
      fa.checkRange(c.address(), c.length(), "object header continuation");
      ObjectHeader.Chunk chunk = version == 1
          ? new ObjectHeader.Chunk(c.address(), c.length(), 0, c.length())
          : new ObjectHeader.Chunk(c.address(), c.length(), 4, c.length() - 8);
      chunks.add(chunk);
      decoder.decode(chunk, pending);
    }
  }
}
