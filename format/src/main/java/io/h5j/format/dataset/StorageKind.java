package io.h5j.format.dataset;

import io.h5j.format.message.LayoutMessage;

/**
 * The storage a layout message calls for: its layout class, and for contiguous data whether an
 * external file list moves it into other files. The one place that tells the layouts apart:
 * {@link DatasetStorage#open} picks the storage by it, and the API describes a dataset by it.
 */
public enum StorageKind {
  /** The elements are in the layout message itself. */
  COMPACT,
  /** The elements are one block of the file. */
  CONTIGUOUS,
  /** The elements are contiguous data in the files of the external file list. */
  EXTERNAL,
  /** The elements are chunks found through a chunk index. */
  CHUNKED,
  /** The elements are read from other datasets through a mapping block. */
  VIRTUAL;

  /**
   * The kind of {@code layout}; {@code externalFiles}: the header holds an external file list,
   * which takes precedence over a contiguous layout's address, as in libhdf5.
   */
  public static StorageKind of(LayoutMessage layout, boolean externalFiles) {
    if (layout instanceof LayoutMessage.Compact) {
      return COMPACT;
    }
    if (layout instanceof LayoutMessage.Contiguous) {
      return externalFiles ? EXTERNAL : CONTIGUOUS;
    }
    if (layout instanceof LayoutMessage.Chunked) {
      return CHUNKED;
    }
    return VIRTUAL;
  }
}
