package io.h5j;

import io.h5j.format.dataset.StorageKind;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.message.LayoutMessage;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How a dataset stores its elements, as {@link Dataset#layout()} describes it: the layout
 * class and, for chunked datasets, the chunk shape, the kind of chunk index and the filter
 * pipeline.
 *
 * @param kind the layout class
 * @param chunkShape the chunk shape in elements for {@link Kind#CHUNKED}, else null
 * @param chunkIndex the chunk index structure for {@link Kind#CHUNKED}, else null
 * @param filters the filter pipeline in the order applied on write (empty when none)
 */
public record StorageLayout(Kind kind, long @Nullable [] chunkShape,
    @Nullable ChunkIndex chunkIndex,
    List<Filter> filters) {

  /** The layout classes of HDF5 (external storage is contiguous data in other files). */
  public enum Kind {
    /** The elements are stored in the object header itself (small datasets). */
    COMPACT,
    /** The elements are stored in one block of the file. */
    CONTIGUOUS,
    /** The elements are stored in chunks of one shape, each found through a chunk index. */
    CHUNKED,
    /** The elements are read from other datasets through mappings. */
    VIRTUAL,
    /** The elements are stored contiguously in one or more files outside the HDF5 file. */
    EXTERNAL
  }

  /** The chunk index structures, in the order of their numbers in the layout message. */
  public enum ChunkIndex {
    /** The version 1 B-tree of libhdf5 before 1.10 (layout message version 3). */
    BTREE_V1,
    /** One chunk as big as the dataset, its address in the layout message. */
    SINGLE_CHUNK,
    /** Unfiltered fixed-size datasets: chunk addresses computed, no index stored. */
    IMPLICIT,
    /** A fixed array: fixed-size datasets. */
    FIXED_ARRAY,
    /** An extensible array: datasets with one unlimited dimension. */
    EXTENSIBLE_ARRAY,
    /** A version 2 B-tree: datasets with more than one unlimited dimension. */
    BTREE_V2
  }

  /**
   * Copies the arrays and list; checks that chunk details go with the chunked layout.
   *
   * @param kind the layout class, not null
   * @param chunkShape the chunk shape, given exactly when {@code kind} is chunked; copied
   * @param chunkIndex the chunk index, given exactly when {@code kind} is chunked
   * @param filters the filter pipeline; copied
   */
  public StorageLayout {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    if ((kind == Kind.CHUNKED) != (chunkShape != null && chunkIndex != null)) {
      throw new IllegalArgumentException("a chunk shape and index go with, and only with, the"
          + " chunked layout");
    }
    chunkShape = chunkShape == null ? null : chunkShape.clone();
    filters = List.copyOf(filters);
  }

  /**
   * A copy of the chunk shape, or null when the layout is not chunked.
   *
   * @return a new array each call, or null
   */
  @Override
  public long @Nullable [] chunkShape() {
    return chunkShape == null ? null : chunkShape.clone();
  }

  /**
   * The description of a dataset's storage, of the kind the engine chose for its layout
   * message {@code l}.
   */
  static StorageLayout of(StorageKind storage, LayoutMessage l,
      List<FilterPipelineMessage.FilterDescription> pipeline) {
    List<Filter> filters = pipeline.stream().map(Filter::of).toList();
    return switch (storage) {
      case CHUNKED -> {
        LayoutMessage.Chunked c = (LayoutMessage.Chunked) l;
        yield new StorageLayout(Kind.CHUNKED, c.chunkDims(), ChunkIndex.values()[c.indexType()],
            filters);
      }
      case COMPACT -> new StorageLayout(Kind.COMPACT, null, null, filters);
      case CONTIGUOUS -> new StorageLayout(Kind.CONTIGUOUS, null, null, filters);
      case EXTERNAL -> new StorageLayout(Kind.EXTERNAL, null, null, filters);
      case VIRTUAL -> new StorageLayout(Kind.VIRTUAL, null, null, filters);
    };
  }

  /**
   * Whether the layout is {@link Kind#CHUNKED}.
   *
   * @return true for chunked storage
   */
  public boolean isChunked() {
    return kind == Kind.CHUNKED;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof StorageLayout l && l.kind == kind && l.chunkIndex == chunkIndex
        && java.util.Arrays.equals(l.chunkShape, chunkShape) && l.filters.equals(filters);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + java.util.Arrays.hashCode(chunkShape) * 17
        + filters.hashCode();
  }

  /** E.g. {@code CHUNKED (64, 64) EXTENSIBLE_ARRAY [deflate (1) [6]]}, {@code CONTIGUOUS}. */
  @Override
  public String toString() {
    if (kind != Kind.CHUNKED) {
      return kind.toString();
    }
    StringBuilder b = new StringBuilder("CHUNKED (");
    for (int d = 0; d < chunkShape.length; d++) {
      b.append(d == 0 ? "" : ", ").append(chunkShape[d]);
    }
    b.append(") ").append(chunkIndex);
    return filters.isEmpty() ? b.toString() : b.append(' ').append(filters).toString();
  }
}
