package io.h5j.format.select;

import java.util.ArrayList;
import java.util.List;

/**
 * Maps a hyperslab onto a chunk grid: for each chunk the selection touches, the runs of
 * consecutive elements it shares with the chunk, as (offset in the chunk, offset in the
 * selection, length), all in elements, both in C order. Readers and writers of chunked and
 * contiguous storage (a contiguous dataset is one chunk the size of the dataset) copy exactly
 * these runs, so only the chunks a selection covers are ever touched.
 */
public final class ChunkRuns {
  /** Receives the chunks and runs of one selection, chunk by chunk. */
  public interface Visitor {
    /** A chunk starts; {@code chunkOffset} is the element coordinate of its first element. */
    void chunk(long[] chunkOffset) throws java.io.IOException;

    /** {@code length} consecutive elements shared by the current chunk and the selection. */
    void run(long inChunk, long inSelection, long length) throws java.io.IOException;
  }

  /** A piece of one dimension: where it starts in the chunk and in the selection. */
  private record Piece(long inChunk, long inSelection, long length) {}

  /** A selected stretch of one dimension: coordinates [start, start + length). */
  private record Span(long start, long length, long inSelection) {}

  private ChunkRuns() {}

  /**
   * Whether the elements of {@code sel} all lie in one chunk (or there are none): its bounding
   * box stays inside one cell of the chunk grid in every dimension.
   */
  public static boolean withinOneChunk(Hyperslab sel, long[] chunkDims) {
    if (sel.elementCount() == 0) {
      return true;
    }
    for (int d = 0; d < sel.rank(); d++) {
      if (sel.start()[d] / chunkDims[d] != (sel.end(d) - 1) / chunkDims[d]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The offsets of the chunks {@code sel} touches, in the order {@link #visit} visits them,
   * so that a reader can fetch and decode chunks ahead of the copying.
   */
  public static List<long[]> touched(Hyperslab sel, long[] chunkDims) {
    List<long[]> out = new ArrayList<>();
    if (sel.elementCount() == 0) {
      return out;
    }
    int rank = sel.rank();
    if (rank == 0) {
      out.add(new long[0]);
      return out;
    }
    List<long[]> chunks = new ArrayList<>();
    for (int d = 0; d < rank; d++) {
      chunks.add(touchedChunks(spans(sel, d), chunkDims[d]));
    }
    int[] at = new int[rank];
    while (true) {
      long[] offset = new long[rank];
      for (int d = 0; d < rank; d++) {
        offset[d] = chunks.get(d)[at[d]] * chunkDims[d];
      }
      out.add(offset);
      int d = rank - 1;
      while (d >= 0 && ++at[d] == chunks.get(d).length) {
        at[d] = 0;
        d--;
      }
      if (d < 0) {
        return out;
      }
    }
  }

  /**
   * Visits every chunk of the grid {@code chunkDims} that {@code sel} touches, in C order of
   * chunk coordinates, and within each chunk its runs in increasing selection order.
   */
  public static void visit(Hyperslab sel, long[] chunkDims, Visitor v) throws java.io.IOException {
    int rank = sel.rank();
    if (chunkDims.length != rank) {
      throw new IllegalArgumentException("chunk rank " + chunkDims.length + " is not the"
          + " selection's rank " + rank);
    }
    if (sel.elementCount() == 0) {
      return;
    }
    if (rank == 0) {
      v.chunk(new long[0]);
      v.run(0, 0, 1);
      return;
    }
    List<List<Span>> spans = new ArrayList<>();
    List<long[]> chunks = new ArrayList<>();
    for (int d = 0; d < rank; d++) {
      List<Span> s = spans(sel, d);
      spans.add(s);
      chunks.add(touchedChunks(s, chunkDims[d]));
    }
    long[] chunkStride = new long[rank];
    long[] selStride = new long[rank];
    long[] shape = sel.shape();
    chunkStride[rank - 1] = 1;
    selStride[rank - 1] = 1;
    for (int d = rank - 2; d >= 0; d--) {
      chunkStride[d] = chunkStride[d + 1] * chunkDims[d + 1];
      selStride[d] = selStride[d + 1] * shape[d + 1];
    }
    int[] at = new int[rank];
    long[] offset = new long[rank];
    List<List<Piece>> pieces = new ArrayList<>();
    for (int d = 0; d < rank; d++) {
      pieces.add(null);
    }
    while (true) {
      for (int d = 0; d < rank; d++) {
        offset[d] = chunks.get(d)[at[d]] * chunkDims[d];
        pieces.set(d, pieces(spans.get(d), offset[d], chunkDims[d]));
      }
      v.chunk(offset.clone());
      emit(pieces, chunkStride, selStride, 0, 0, 0, v);
      int d = rank - 1;
      while (d >= 0 && ++at[d] == chunks.get(d).length) {
        at[d] = 0;
        d--;
      }
      if (d < 0) {
        return;
      }
    }
  }

  private static void emit(List<List<Piece>> pieces, long[] chunkStride, long[] selStride,
      int d, long chunkBase, long selBase, Visitor v) throws java.io.IOException {
    int last = pieces.size() - 1;
    for (Piece p : pieces.get(d)) {
      if (d == last) {
        v.run(chunkBase + p.inChunk(), selBase + p.inSelection(), p.length());
        continue;
      }
      for (long i = 0; i < p.length(); i++) {
        emit(pieces, chunkStride, selStride, d + 1,
            chunkBase + (p.inChunk() + i) * chunkStride[d],
            selBase + (p.inSelection() + i) * selStride[d], v);
      }
    }
  }

  /** The selected stretches of dimension {@code d}; touching blocks form one stretch. */
  private static List<Span> spans(Hyperslab sel, int d) {
    long block = sel.block()[d];
    long count = sel.count()[d];
    if (sel.stride()[d] == block || count == 1) {
      return List.of(new Span(sel.start()[d], block * count, 0));
    }
    List<Span> out = new ArrayList<>();
    for (long i = 0; i < count; i++) {
      out.add(new Span(sel.start()[d] + i * sel.stride()[d], block, i * block));
    }
    return out;
  }

  private static long[] touchedChunks(List<Span> spans, long chunk) {
    List<Long> out = new ArrayList<>();
    for (Span s : spans) {
      long first = s.start() / chunk;
      long lastChunk = (s.start() + s.length() - 1) / chunk;
      for (long c = out.isEmpty() ? first : Math.max(first, out.get(out.size() - 1) + 1);
          c <= lastChunk; c++) {
        out.add(c);
      }
    }
    long[] a = new long[out.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = out.get(i);
    }
    return a;
  }

  /** The parts of {@code spans} inside [chunkStart, chunkStart + chunk). */
  private static List<Piece> pieces(List<Span> spans, long chunkStart, long chunk) {
    List<Piece> out = new ArrayList<>();
    long chunkEnd = chunkStart + chunk;
    int lo = 0;
    int hi = spans.size();
    while (lo < hi) { // first span ending after chunkStart
      int mid = (lo + hi) >>> 1;
      Span s = spans.get(mid);
      if (s.start() + s.length() <= chunkStart) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    for (int i = lo; i < spans.size() && spans.get(i).start() < chunkEnd; i++) {
      Span s = spans.get(i);
      long from = Math.max(s.start(), chunkStart);
      long to = Math.min(s.start() + s.length(), chunkEnd);
      out.add(new Piece(from - chunkStart, s.inSelection() + (from - s.start()), to - from));
    }
    return out;
  }
}
