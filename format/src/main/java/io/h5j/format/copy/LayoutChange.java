package io.h5j.format.copy;

import java.util.List;

/**
 * The new layout of the datasets named (h5repack's {@code -l}).
 *
 * @param paths dataset paths this applies to; empty for every dataset
 * @param kind the new layout
 * @param chunks chunk dimensions for {@link Kind#CHUNKED} (null: the dataset's own, or a
 *     guess), else null
 */
public record LayoutChange(List<String> paths, Kind kind, long[] chunks) {
  /** The layouts a copy can convert a dataset to. */
  public enum Kind { CHUNKED, CONTIGUOUS, COMPACT }

  public LayoutChange {
    paths = List.copyOf(paths);
    chunks = chunks == null ? null : chunks.clone();
  }
}
