package io.h5j;

import io.h5j.format.H5FormatException;
import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.io.ByteReader;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.StoredMessage;
import io.h5j.type.Datatype;
import java.io.IOException;

/** A committed (named) datatype stored as an object of its own. */
public final class NamedDatatype extends Node {
  NamedDatatype(H5File file, String path, long address) {
    super(file, path, address);
  }

  /**
   * The datatype this object stores.
   *
   * @return the stored datatype
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Datatype datatype() throws IOException {
    return EngineCalls.call(file, () -> {
      for (StoredMessage m : header().messages()) {
        if (m.type() == MessageType.DATATYPE) {
          return DatatypeCodec.decode(new ByteReader(m.body(), address(), "committed datatype",
              file.context().params()));
        }
      }
      throw new H5FormatException("committed datatype", address(), "has no datatype message");
    });
  }
}
