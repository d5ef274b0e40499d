package io.h5j.internal;

import io.h5j.Dataset;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.vds.MappingBlock;
import java.io.IOException;

/**
 * What code outside {@code io.h5j} reads of a dataset below its public API: the decoded layout
 * message and mapping block, for the file copy's element source and for h5j's tests and
 * benchmarks, which run on the class path. Not API: the module does not export this package.
 * {@code Dataset} grants the access when its class initializes, so it is in place before any
 * dataset exists.
 */
public final class DatasetInternals {
  private DatasetInternals() {}

  /** The package-private operations of {@code Dataset} this class forwards to. */
  public interface Access {
    /** The dataset's layout message as stored. */
    LayoutMessage layout(Dataset d) throws IOException;

    /** The decoded mapping block of a virtual dataset. */
    MappingBlock mappingBlock(Dataset d) throws IOException;
  }

  private static volatile Access access;

  /**
   * Installs the access; called once, by {@code Dataset}'s static initializer.
   *
   * @throws IllegalStateException when it is already installed
   */
  public static synchronized void grant(Access a) {
    if (access != null) {
      throw new IllegalStateException("dataset internals are already granted");
    }
    access = a;
  }

  /** The layout message of {@code d}. */
  public static LayoutMessage layout(Dataset d) throws IOException {
    return access.layout(d);
  }

  /**
   * The mapping block of the virtual dataset {@code d}.
   *
   * @throws IllegalStateException when the dataset is not virtual
   */
  public static MappingBlock mappingBlock(Dataset d) throws IOException {
    return access.mappingBlock(d);
  }
}
