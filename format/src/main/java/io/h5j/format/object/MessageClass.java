package io.h5j.format.object;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import java.io.IOException;

/**
 * What h5j knows of one header message type, as libhdf5's {@code H5O_msg_class_t} does: its
 * name, how its body decodes and encodes (and so its size), and what copying it into another
 * file changes in it. {@link MessageClasses} holds one per type.
 *
 * <p>Copying follows three rules. Most messages name nothing by address and are copied as
 * their bytes. Some name raw data, heap objects or a local heap (layout, external file list):
 * their class decodes them, asks the {@link FileCopy} where what they name went, and encodes
 * them again. The rest describe an object's structure (continuations, links, attributes, the
 * reference count) and are rebuilt by whoever copies the object, so {@link #copyToFile} gives
 * none. A shared message is stored in full, except a committed datatype, which keeps naming
 * its (copied) datatype object.
 *
 * @param <T> what a body decodes to
 */
public final class MessageClass<T> {
  /** Decodes a body. */
  @FunctionalInterface
  public interface Decoder<T> {
    T decode(ByteReader r) throws H5FormatException;
  }

  /** Encodes a decoded message into a body. */
  @FunctionalInterface
  public interface Encoder<T> {
    void encode(T message, ByteWriter w);
  }

  /** The body of a message of this type for the target file, from its (unshared) source body. */
  @FunctionalInterface
  interface Copier {
    byte[] copy(byte[] body, long owner, FileCopy copy) throws IOException;
  }

  private enum Copying { AS_BYTES, TRANSLATED, REBUILT }

  private final int type;
  private final String name;
  private final Decoder<T> decoder;
  private final Encoder<T> encoder;
  private final Copying copying;
  private final Copier copier;
  /** Whether a shared message of this type names the object header holding it in full. */
  private final boolean committable;

  private MessageClass(int type, String name, Decoder<T> decoder, Encoder<T> encoder,
      Copying copying, Copier copier, boolean committable) {
    this.type = type;
    this.name = name;
    this.decoder = decoder;
    this.encoder = encoder;
    this.copying = copying;
    this.copier = copier;
    this.committable = committable;
  }

  /** A type whose messages name nothing by address: copied as their bytes. */
  static <T> MessageClass<T> asBytes(int type, String name, Decoder<T> decoder,
      Encoder<T> encoder) {
    return new MessageClass<>(type, name, decoder, encoder, Copying.AS_BYTES, null, false);
  }

  /** {@link #asBytes}, for datatypes: a shared one names its committed datatype object. */
  static <T> MessageClass<T> committable(int type, String name, Decoder<T> decoder,
      Encoder<T> encoder) {
    return new MessageClass<>(type, name, decoder, encoder, Copying.AS_BYTES, null, true);
  }

  /** A type whose messages name things by address, which {@code copier} translates. */
  static <T> MessageClass<T> translated(int type, String name, Decoder<T> decoder,
      Encoder<T> encoder, Copier copier) {
    return new MessageClass<>(type, name, decoder, encoder, Copying.TRANSLATED, copier, false);
  }

  /** A type that an object's copier rebuilds for the target rather than copies. */
  static <T> MessageClass<T> rebuilt(int type, String name, Decoder<T> decoder,
      Encoder<T> encoder) {
    return new MessageClass<>(type, name, decoder, encoder, Copying.REBUILT, null, false);
  }

  /** The message type number (spec section IV.A.2). */
  public int type() {
    return type;
  }

  /** The spec's name of the message type, or "unknown message type N". */
  public String name() {
    return name;
  }

  /** Decodes a body. */
  public T decode(ByteReader r) throws H5FormatException {
    return decoder.decode(r);
  }

  /**
   * Decodes message {@code m} of the header at {@code owner}, its body first fetched from
   * where it is shared.
   */
  public T decode(StoredMessage m, long owner, SharedMessages shared, FileParams p)
      throws IOException {
    check(m);
    byte[] body = m.isShared() ? shared.resolve(m, owner) : m.body();
    return decode(new ByteReader(body, owner, name + " message", p));
  }

  /** The body of {@code message}. */
  public byte[] encode(T message, FileParams p) {
    ByteWriter w = new ByteWriter(p);
    encoder.encode(message, w);
    return w.toByteArray();
  }

  /** The size of {@code message}'s body: derived from {@link #encode}, so both agree. */
  public int size(T message, FileParams p) {
    return encode(message, p).length;
  }

  /**
   * Whether the object's copier rebuilds messages of this type for the target (so that
   * {@link #copyToFile} gives none): continuations and NIL messages, links and symbol tables,
   * attributes and their info, the reference count.
   */
  public boolean rebuilt() {
    return copying == Copying.REBUILT;
  }

  /**
   * Message {@code m} of the source header at {@code owner} as the target file stores it, or
   * null when the object's copier rebuilds messages of this type. A message that names
   * nothing by address is {@code m} itself; one whose body changed keeps its flags and loses
   * its creation index; a shared message is stored in full (its shared flags cleared), unless
   * it names a committed datatype, which the copy names in turn.
   */
  public StoredMessage copyToFile(StoredMessage m, long owner, FileCopy copy)
      throws IOException {
    check(m);
    if (copying == Copying.REBUILT) {
      return null;
    }
    if (m.isShared()) {
      int at = committable ? SharedMessages.headerAddressOffset(m.body(), copy.source()) : -1;
      if (at >= 0) {
        return new StoredMessage(type, m.flags(), -1, committed(m.body(), at, owner, copy));
      }
      byte[] body = copy.sharedBody(m, owner);
      return new StoredMessage(type,
          m.flags() & ~(StoredMessage.FLAG_SHARED | StoredMessage.FLAG_SHAREABLE), -1,
          copying == Copying.TRANSLATED ? copier.copy(body, owner, copy) : body);
    }
    if (copying == Copying.AS_BYTES) {
      return m;
    }
    return new StoredMessage(type, m.flags(), -1, copier.copy(m.body(), owner, copy));
  }

  /** A shared message's body naming the copy of the committed datatype it names. */
  private byte[] committed(byte[] body, int at, long owner, FileCopy copy) throws IOException {
    FileParams in = copy.source();
    if (in.offsetSize() != copy.target().offsetSize()) {
      throw new IllegalArgumentException("a shared " + name + " message is copied between"
          + " files of " + in.offsetSize() + "- and " + copy.target().offsetSize()
          + "-byte addresses");
    }
    ByteReader r = new ByteReader(body, owner, "shared " + name + " message", in);
    r.position(at);
    long address = copy.committedDatatype(r.offset());
    int after = at + in.offsetSize();
    return new ByteWriter(in, body.length).bytes(body, 0, at).offset(address)
        .bytes(body, after, body.length - after).toByteArray();
  }

  private void check(StoredMessage m) {
    if (m.type() != type) {
      throw new IllegalArgumentException("a message of type " + m.type() + " given to the "
          + name + " message class (type " + type + ")");
    }
  }

  @Override
  public String toString() {
    return name + " (type " + type + ")";
  }
}
