package io.h5j.format.dataset;

import io.h5j.format.io.ByteReader;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.StoredMessage;
import java.io.IOException;

/** Reads the messages of an object header by type, shared messages resolved. */
public final class HeaderMessages {
  /** Names of the message types in error messages, made once (readers are made per call). */
  private static final String[] NAMES = new String[256];

  static {
    for (int t = 0; t < NAMES.length; t++) {
      NAMES[t] = "message type " + t + " of the object header";
    }
  }

  private HeaderMessages() {}

  /** The body of the first message of {@code type} in header {@code address}; or null. */
  public static ByteReader first(H5Context ctx, long address, int type) throws IOException {
    for (StoredMessage m : ctx.header(address).messages()) {
      if (m.type() == type) {
        byte[] body = m.isShared() ? ctx.shared().resolve(m, address) : m.body();
        return new ByteReader(body, address, name(type), ctx.params());
      }
    }
    return null;
  }

  private static String name(int type) {
    return type >= 0 && type < NAMES.length ? NAMES[type]
        : "message type " + type + " of the object header";
  }
}
