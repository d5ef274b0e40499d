package io.h5j;

/**
 * How far a virtual dataset with unlimited mappings extends (libhdf5's
 * {@code H5Pset_virtual_view}): set with {@link H5File#virtualView}.
 */
public enum VirtualView {
  /**
   * The default: as far as the furthest mapping reaches; a printf-style mapping up to its
   * last source found, looking past missing ones as far as {@link H5File#virtualPrintfGap}
   * allows. Elements of missing sources read as the fill value.
   */
  LAST_AVAILABLE,
  /**
   * Only as far as every unlimited mapping reaches (the least of their extents); a
   * printf-style mapping up to the start of its first missing source, whatever the gap.
   */
  FIRST_MISSING
}
