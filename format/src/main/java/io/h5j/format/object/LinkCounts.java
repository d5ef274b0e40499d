package io.h5j.format.object;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.ReferenceCountMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The hard link count an object header records: in the prefix of a version 1 header, in a
 * reference count message of a version 2 one (none means 1). libhdf5 frees an object when a
 * link removal brings the count to 0, so a count below the real number of links would let it
 * free an object that other links still reach; one above it only keeps an unreachable object.
 */
public final class LinkCounts {
  private LinkCounts() {}

  /** The count header {@code h} records (at least 1). */
  public static int of(ObjectHeader h) {
    if (h.version() == 1) {
      return Math.max(1, h.refCount());
    }
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.REFERENCE_COUNT) {
        try {
          // the message holds no address or length, so any sizes decode it
          long n = MessageClasses.REFERENCE_COUNT.decode(new ByteReader(m.body(), h.address(),
              "reference count message", FileParams.DEFAULT)).count();
          return (int) Math.max(1, Math.min(n, Integer.MAX_VALUE));
        } catch (H5FormatException e) {
          return 1; // a count libhdf5 could not read either: the default
        }
      }
    }
    return 1;
  }

  /** Records one more hard link to the object whose header is at {@code address}. */
  public static void increment(H5Context ctx, long address) throws IOException {
    ObjectHeader h = ctx.header(address);
    int count = of(h);
    if (count == Integer.MAX_VALUE) {
      throw new IllegalStateException("the object at " + address + " in "
          + ctx.access().path() + " already has " + count + " hard links");
    }
    write(ctx, h, count + 1);
  }

  /**
   * Records one hard link fewer to the object whose header is at {@code address}, as libhdf5
   * does when it removes a link, and returns the count before. At a count of 1 the header is
   * left as it is: the removed link was the last, and the object is unreachable now.
   */
  public static int decrement(H5Context ctx, long address) throws IOException {
    ObjectHeader h = ctx.header(address);
    int count = of(h);
    if (count > 1) {
      write(ctx, h, count - 1);
    }
    return count;
  }

  /** Rewrites {@code h} with {@code count}; a v2 header without a message at 1, as libhdf5. */
  private static void write(H5Context ctx, ObjectHeader h, int count) throws IOException {
    if (h.version() == 1) {
      ctx.rewriteRefCount(h.address(), count);
      return;
    }
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : h.messages()) {
      if (m.type() != MessageType.REFERENCE_COUNT) {
        messages.add(m);
      }
    }
    if (count > 1) {
      messages.add(StoredMessage.of(MessageType.REFERENCE_COUNT,
          MessageClasses.REFERENCE_COUNT.encode(new ReferenceCountMessage(count),
              ctx.params())));
    }
    ctx.rewriteHeader(h.address(), messages);
  }
}
