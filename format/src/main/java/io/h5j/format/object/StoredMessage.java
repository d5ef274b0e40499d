package io.h5j.format.object;

/**
 * One message as stored in an object header: its type, flags, creation index (v2 headers
 * that track it, else -1) and body bytes. Bodies stay bytes until someone decodes them, so a
 * header is rewritten byte for byte except for what changed.
 */
public record StoredMessage(int type, int flags, int creationOrder, byte[] body) {
  /** Flag bit: the message is constant (may not change). */
  public static final int FLAG_CONSTANT = 0x01;
  /** Flag bit: the body is a shared message reference, not the message itself. */
  public static final int FLAG_SHARED = 0x02;
  /** Flag bit: the message may be shared (libhdf5 sets it on messages it could share). */
  public static final int FLAG_SHAREABLE = 0x10;

  public static StoredMessage of(int type, byte[] body) {
    return new StoredMessage(type, 0, -1, body);
  }

  public boolean isShared() {
    return (flags & FLAG_SHARED) != 0;
  }
}
