package io.h5j.format.copy;

import io.h5j.format.chunk.ChunkSizeLimit;
import io.h5j.format.dataset.ChunkGuess;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import io.h5j.format.filter.Filters;
import io.h5j.format.message.LayoutMessage;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** Decides, from the filter and layout options, which datasets change storage and how. */
final class StoragePlanner {
  private final List<FilterChange> filters;
  private final List<LayoutChange> layouts;

  StoragePlanner(List<FilterChange> filters, List<LayoutChange> layouts) {
    this.filters = List.copyOf(filters);
    this.layouts = List.copyOf(layouts);
  }

  /**
   * The new storage of the dataset at {@code path}, or null when it keeps what it has
   * (virtual and scalar datasets always do). Options naming no path skip the datasets they
   * cannot apply to (a layout of another rank, a growable dataset made contiguous, a required
   * filter on variable-length elements, ...), and tell {@code skipped} why.
   *
   * @throws IllegalArgumentException if options naming {@code path} ask for what the dataset
   *     cannot have
   */
  StoragePlan plan(String path, LayoutMessage layout, FilterPipelineMessage pipeline,
      Dataspace space, Datatype type, Consumer<String> skipped) {
    if (layout instanceof LayoutMessage.Virtual || space.rank() == 0) {
      return null;
    }
    List<FilterChange> fs = matching(filters, path, FilterChange::paths);
    List<LayoutChange> ls = matching(layouts, path, LayoutChange::paths);
    if (fs.isEmpty() && ls.isEmpty()) {
      return null;
    }
    boolean named = fs.stream().anyMatch(f -> !f.paths().isEmpty())
        || ls.stream().anyMatch(l -> !l.paths().isEmpty());
    try {
      return plan(path, layout, pipeline, space, type, fs, ls);
    } catch (IllegalArgumentException e) {
      if (named) {
        throw e;
      }
      skipped.accept(e.getMessage());
      return null;
    }
  }

  private StoragePlan plan(String path, LayoutMessage layout, FilterPipelineMessage pipeline,
      Dataspace space, Datatype type, List<FilterChange> fs, List<LayoutChange> ls) {
    List<FilterDescription> current = pipeline == null ? List.of() : pipeline.filters();
    LayoutChange lo = ls.isEmpty() ? null : ls.get(ls.size() - 1);
    boolean unchunked = lo != null && lo.kind() != LayoutChange.Kind.CHUNKED;
    // a layout without chunks drops the filters, as h5repack does, unless filters are named
    List<FilterDescription> wanted = !fs.isEmpty() || unchunked ? new ArrayList<>() : current;
    for (FilterChange f : fs) {
      if (f.filter() == null) {
        wanted.clear();
      } else {
        wanted.add(f.filter().withLocalParameters(type, 0));
      }
    }
    LayoutMessage.Chunked chunked = layout instanceof LayoutMessage.Chunked c ? c : null;
    LayoutChange.Kind kind = lo != null ? lo.kind()
        : chunked != null || !wanted.isEmpty() ? LayoutChange.Kind.CHUNKED
        : layout instanceof LayoutMessage.Compact ? LayoutChange.Kind.COMPACT
        : LayoutChange.Kind.CONTIGUOUS;
    long[] chunks = null;
    if (kind == LayoutChange.Kind.CHUNKED) {
      chunks = lo != null && lo.chunks() != null ? lo.chunks()
          : chunked != null ? chunked.chunkDims()
          : ChunkGuess.of(space.dims(), space.maxDims(), type.size());
      if (chunks.length != space.rank()) {
        throw new IllegalArgumentException("chunks " + Arrays.toString(chunks) + " for "
            + path + " have rank " + chunks.length + ", the dataset " + space.rank());
      }
      for (int i = 0; i < chunks.length; i++) {
        long max = space.maxDims()[i];
        if (max != Dataspace.UNLIMITED && chunks[i] > max && space.dims()[i] > 0) {
          // libhdf5 refuses to create such a dataset (unless that dimension is empty now)
          throw new IllegalArgumentException("chunks " + Arrays.toString(chunks) + " for "
              + path + " exceed its maximum shape " + Arrays.toString(space.maxDims()));
        }
      }
      ChunkSizeLimit.check(chunks, type.size());
      long[] shape = chunks;
      // szip learns its bits per pixel and scanline from the type and the chunk shape
      wanted = wanted.stream().map(f -> f.id() == Filters.SZIP
          ? f.withLocalParameters(type, shape) : f).collect(Collectors.toList());
    } else {
      if (!wanted.isEmpty()) {
        throw new IllegalArgumentException(path + ": filters need chunked storage, not "
            + kind);
      }
      if (kind == LayoutChange.Kind.COMPACT && !Transcoder.fitsCompact(space, type)) {
        throw new IllegalArgumentException(path + " holds more than the "
            + Transcoder.MAX_COMPACT + " bytes a compact dataset can");
      }
      if (!Arrays.equals(space.dims(), space.maxDims())) {
        throw new IllegalArgumentException(path + " can grow (max shape "
            + Arrays.toString(space.maxDims()) + "), so it must stay chunked, not " + kind);
      }
    }
    boolean unchanged = chunked != null && kind == LayoutChange.Kind.CHUNKED
        && Arrays.equals(chunks, chunked.chunkDims()) && sameFilters(current, wanted);
    unchanged |= kind == LayoutChange.Kind.CONTIGUOUS && layout instanceof LayoutMessage.Contiguous
        || kind == LayoutChange.Kind.COMPACT && layout instanceof LayoutMessage.Compact;
    if (unchanged) {
      return null;
    }
    requireOptional(path, type, wanted);
    return new StoragePlan(kind, chunks, wanted.isEmpty() ? null
        : FilterPipelineMessage.of(wanted));
  }

  /**
   * libhdf5 (H5Z_ignore_filters) creates a dataset of variable-length elements (sequences or
   * strings) with filters only when all are optional, and then skips their per-dataset
   * ("set local") step: a shuffle learns no element size and is skipped in every chunk (its
   * filter mask bit set), deflate and the like compress the heap IDs. A required filter
   * (fletcher32) fails the creation; h5repack then keeps the dataset's old storage.
   */
  private static void requireOptional(String path, Datatype type,
      List<FilterDescription> wanted) {
    List<FilterDescription> refused = FilterPipelineMessage.refusedFor(type, wanted);
    if (!refused.isEmpty()) {
      throw new IllegalArgumentException(path + " has variable-length elements, which"
          + " libhdf5 filters only through optional filters; " + refused.get(0).displayName()
          + " is required");
    }
  }

  /** Options naming {@code path}; if none does, the options naming no path. */
  private static <T> List<T> matching(List<T> options, String path,
      java.util.function.Function<T, List<String>> paths) {
    List<T> named = new ArrayList<>();
    List<T> global = new ArrayList<>();
    for (T o : options) {
      List<String> p = paths.apply(o);
      if (p.isEmpty()) {
        global.add(o);
      } else if (p.contains(path)) {
        named.add(o);
      }
    }
    return named.isEmpty() ? global : named;
  }

  private static boolean sameFilters(List<FilterDescription> a, List<FilterDescription> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i).id() != b.get(i).id()
          || !Arrays.equals(a.get(i).clientData(), b.get(i).clientData())) {
        return false;
      }
    }
    return true;
  }
}
