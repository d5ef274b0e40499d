package io.h5j.format.copy;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.StoredMessage;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Makes the fill value messages (new and old) of a copied dataset valid in the output. A fill
 * value is one element of the dataset's type as stored, so a variable-length one names a
 * global heap object of the input, and a reference one an object (or heap object) of the
 * input; copied as bytes, libhdf5 reads the output's heap at the input's address ("bad global
 * heap collection signature"). The value is rewritten in place by the {@link ElementRewriter},
 * each message keeping its version, flags and size; an old and a new message holding the same
 * value (libhdf5 writes both) share one rewritten value, as they share one heap object in the
 * input.
 */
final class FillValueRewriter {
  private final ElementRewriter rewriter;
  private final FileParams params;

  /** @param params the input's sizes, which the output shares */
  FillValueRewriter(ElementRewriter rewriter, FileParams params) {
    this.rewriter = rewriter;
    this.params = params;
  }

  /** Whether fill values of {@code type} need rewriting at all. */
  static boolean needed(Datatype type) {
    return ElementRewriter.needed(type);
  }

  /**
   * {@code messages} (unshared bodies) with each fill value rewritten for the output.
   *
   * @param owner the input's header address of the dataset, for errors
   * @throws H5FormatException if a fill value is not one element of {@code type}
   */
  List<StoredMessage> rewrite(List<StoredMessage> messages, Datatype type, long owner,
      String path) throws IOException {
    List<StoredMessage> result = new ArrayList<>(messages.size());
    byte[] lastValue = null;
    byte[] lastRewritten = null;
    for (StoredMessage m : messages) {
      boolean old = m.type() == MessageType.FILL_VALUE_OLD;
      if (m.isShared() || (!old && m.type() != MessageType.FILL_VALUE)) {
        result.add(m);
        continue;
      }
      String structure = (old ? "old fill value message of " : "fill value message of ") + path;
      FillValueMessage.ValueSpan span = FillValueMessage.valueSpan(
          new ByteReader(m.body(), owner, structure, params), old);
      if (span == null) {
        result.add(m);
        continue;
      }
      if (span.length() != type.size()) {
        throw new H5FormatException(structure, owner, "holds a value of " + span.length()
            + " bytes for a datatype of " + type.size() + "; its heap IDs or addresses cannot"
            + " be located to copy them");
      }
      byte[] value = Arrays.copyOfRange(m.body(), span.offset(), span.offset() + span.length());
      if (!Arrays.equals(value, lastValue)) {
        lastValue = value;
        lastRewritten = value.clone();
        rewriter.rewrite(type, lastRewritten, 1);
      }
      byte[] body = m.body().clone();
      System.arraycopy(lastRewritten, 0, body, span.offset(), span.length());
      result.add(new StoredMessage(m.type(), m.flags(), m.creationOrder(), body));
    }
    return result;
  }
}
