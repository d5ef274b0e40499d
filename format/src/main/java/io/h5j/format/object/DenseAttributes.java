package io.h5j.format.object;

import io.h5j.H5FormatException;
import io.h5j.format.message.AttributeInfoMessage;
import java.io.IOException;
import java.util.List;

/** Attributes stored densely: attribute messages in a fractal heap, indexed by name. */
public final class DenseAttributes {
  private DenseAttributes() {}

  /** The attribute message bodies, in name-index order. */
  public static List<byte[]> read(H5Context ctx, AttributeInfoMessage info, long owner)
      throws IOException {
    throw new H5FormatException("dense attribute storage", info.heapAddress(),
        "dense attributes are not readable yet");
  }
}
