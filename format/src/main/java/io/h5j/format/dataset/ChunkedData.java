package io.h5j.format.dataset;

import io.h5j.raw.RawChunk;
import io.h5j.format.H5FormatException;
import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.chunk.ChunkRecord;
import io.h5j.format.chunk.EdgeChunkFlips;
import io.h5j.format.chunk.ShrinkRegion;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.filter.FilterPipeline;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.filter.Helpers;
import io.h5j.format.filter.ScratchArrays;
import io.h5j.format.filter.ShuffledChunk;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.ChunkRuns;
import io.h5j.format.select.Hyperslab;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Reads the elements of a chunked dataset that a selection covers: only the chunks the
 * selection touches are looked up, read and unfiltered; chunks never written read as the fill
 * value; edge chunks are stored whole and trimmed by the selection.
 */
final class ChunkedData {
  private final FileAccess fa;
  private final String path;
  private final LayoutMessage.Chunked layout;
  /** The current extent: a resize changes it, the index and chunk grid stay (see resized). */
  private Dataspace space;
  private final FilterPipeline pipeline; // null when unfiltered
  private final byte[] fill;
  private final ChunkIndex index;
  private final int chunkBytes;
  private final long dataset;
  private final ChunkCache cache;
  private final @Nullable ExecutorService workers;
  private final EngineFile file;
  private PendingChunks.ForDataset pending;

  ChunkedData(EngineFile file, long dataset, String path, LayoutMessage.Chunked layout,
      Dataspace space, FilterPipelineMessage pipeline, byte[] fill) throws IOException {
    this.fa = file.context().access();
    this.file = file;
    this.dataset = dataset;
    this.pending = PendingChunks.of(file.context()).get(dataset);
    this.cache = file.chunkCache();
    this.workers = file.workers();
    this.path = path;
    this.layout = layout;
    this.space = space;
    this.pipeline = pipeline == null || pipeline.filters().isEmpty() ? null
        : FilterPipeline.of(pipeline);
    this.fill = fill;
    long bytes = layout.elementSize();
    for (long d : layout.chunkDims()) {
      // a division: damaged dimensions can make the product pass 2^63 and wrap around
      if (d != 0 && bytes > (Integer.MAX_VALUE - 8) / d) {
        throw new H5FormatException("dataset " + path, dataset, "chunks of "
            + Arrays.toString(layout.chunkDims()) + " elements of " + layout.elementSize()
            + " bytes are larger than h5j can hold in memory");
      }
      bytes *= d;
    }
    this.chunkBytes = (int) bytes;
    this.stages = new StagingBuffers(layout.elementSize(), chunkBytes);
    if (layout.chunkDims().length != space.rank()) {
      throw new H5FormatException("dataset " + path, dataset, "chunk rank "
          + layout.chunkDims().length + " differs from the dataspace rank " + space.rank());
    }
    this.index = ChunkIndex.open(fa, layout, space, this.pipeline != null);
  }

  ChunkIndex index() {
    return index;
  }

  /**
   * Takes the dataset's new extent, keeping the index opened and the chunks in memory: array
   * indexes number chunks over the maximum dimensions and B-trees by offset, so neither
   * depends on the current extent.
   */
  void resized(Dataspace newSpace) {
    if (newSpace.rank() != space.rank()) {
      throw new IllegalArgumentException("rank " + newSpace.rank() + " for a dataset of rank "
          + space.rank());
    }
    space = newSpace;
  }

  /**
   * Removes what a shrink from {@code before} to the current extent removes, as libhdf5's
   * pruning does: chunks wholly outside leave the dataset now (dropped from memory, space
   * written since the last flush freed, committed ones noted for the flush to take out of
   * the index), and each allocated chunk the new extent cuts gets the fill value outside it,
   * in memory, to be written to new space at flush.
   */
  void shrunk(long[] before) throws IOException {
    pending = PendingChunks.of(file.context()).getOrCreate(dataset);
    long[] chunkDims = layout.chunkDims();
    ShrinkRegion.forEachLeaving(chunkDims, before, space.dims(), offset -> {
      List<Long> key = PendingChunks.key(offset);
      byte[] stale = pending.dirty.remove(key);
      pending.dirtyBytes -= stale == null ? 0 : stale.length;
      pending.cut.remove(key);
      ChunkRecord unflushed = pending.records.remove(key);
      if (unflushed != null) { // nothing on disk names it
        file.context().allocator().free(unflushed.address(),
            Math.max(1, unflushed.storedSize()));
      }
      if (!pending.removed.containsKey(key)) {
        index.find(offset).ifPresent(c -> pending.removed.put(key, c));
      }
    });
    ShrinkRegion.forEachCut(chunkDims, before, space.dims(), offset -> {
      List<Long> key = PendingChunks.key(offset);
      Optional<ChunkRecord> old = pending.dirty.containsKey(key) ? Optional.empty()
          : locate(offset);
      if (!pending.dirty.containsKey(key) && old.isEmpty()) {
        return; // never written: fill already
      }
      long[] at = offset.clone();
      patch(at, List.of(), null, old);
      fillOutside(at, pending.dirty.get(key));
      if (!pending.records.containsKey(key)) {
        pending.cut.add(key);
      }
    });
    long limit = Math.max(chunkBytes, cache.capacity() / 2);
    if (pending.dirtyBytes > limit) {
      writeDirty(limit / 2);
    }
  }

  /** Sets the elements of the chunk at {@code offset} that lie outside the extent to fill. */
  private void fillOutside(long[] offset, byte[] chunk) {
    long[] c = layout.chunkDims();
    long[] dims = space.dims();
    int rank = c.length;
    int size = layout.elementSize();
    int row = (int) c[rank - 1];
    byte[] filled = filledChunk();
    long rows = chunkBytes / size / row;
    for (long r = 0; r < rows; r++) {
      boolean outside = false;
      long rest = r;
      for (int d = rank - 2; d >= 0; d--) {
        outside |= offset[d] + rest % c[d] >= dims[d];
        rest /= c[d];
      }
      long keep = outside ? 0 : Math.max(0, Math.min(row, dims[rank - 1] - offset[rank - 1]));
      int from = (int) ((r * row + keep) * size);
      System.arraycopy(filled, from, chunk, from, (int) ((row - keep) * size));
    }
  }

  /** The raw bytes of the selected elements, in C order of the selection. */
  byte[] read(Hyperslab sel) throws IOException {
    int size = layout.elementSize();
    byte[] out = new byte[checkedBytes(sel)];
    copySelection(sel, helpers(sel), new Sink() {
      @Override
      public void copy(byte[] chunk, int from, long inSelection, int n) {
        System.arraycopy(chunk, from, out, (int) (inSelection * size), n * size);
      }

      @Override
      public void fill(long inSelection, int n) {
        if (fill != null && fill.length == size) {
          for (int i = 0; i < n; i++) {
            System.arraycopy(fill, 0, out, (int) ((inSelection + i) * size), size);
          }
        } // else zeros, as allocated
      }
    });
    return out;
  }

  /**
   * The raw bytes of the selected elements handed to {@code sink} run by run as the chunks
   * are read (no array of the whole selection), unwritten chunks as the fill value.
   */
  void readRuns(Hyperslab sel, MappingCopier.Runs sink) throws IOException {
    if (readWholeChunk(sel, sink)) {
      return;
    }
    int size = layout.elementSize();
    copySelection(sel, helpers(sel), new Sink() {
      @Override
      public void copy(byte[] chunk, int from, long inSelection, int n) {
        sink.run(chunk, from, inSelection, n);
      }

      @Override
      public void fill(long inSelection, int n) {
        byte[] filled = new byte[Math.multiplyExact(n, size)]; // zeros, as read() leaves them
        if (fill != null && fill.length == size) {
          for (int i = 0; i < n; i++) {
            System.arraycopy(fill, 0, filled, i * size, size);
          }
        }
        sink.run(filled, 0, inSelection, n);
      }
    });
  }

  /**
   * A selection that is exactly one written chunk inside the extent (what each mapping of a
   * versioned file reads) goes to {@code sink} as one run of the chunk, without working out
   * its runs chunk by chunk; false, with nothing read, for any other selection.
   */
  private boolean readWholeChunk(Hyperslab sel, MappingCopier.Runs sink) throws IOException {
    long[] c = layout.chunkDims();
    long[] dims = space.dims();
    long[] start = sel.start();
    for (int d = 0; d < c.length; d++) {
      long len = sel.count()[d] * sel.block()[d];
      if ((sel.count()[d] != 1 && sel.stride()[d] != sel.block()[d]) || len != c[d]
          || start[d] % c[d] != 0 || start[d] > dims[d] - c[d]) {
        return false;
      }
    }
    long[] offset = start.clone(); // the cache may keep it
    byte[] chunk = inMemory(offset);
    if (chunk == null) {
      Optional<ChunkRecord> record = locate(offset);
      if (record.isEmpty()) {
        return false; // never written: the fill value, as any selection reads it
      }
      chunk = chunkBytes <= ScratchArrays.MAX_BYTES
          ? decode(offset, record.get(), ScratchArrays.get(ScratchArrays.CHUNK, chunkBytes),
              helpers(sel))
          : load(offset, record.get());
    }
    sink.run(chunk, 0, 0, chunkBytes / layout.elementSize());
    return true;
  }

  /**
   * The selected elements straight into a new Java array, for types stored as their Java
   * array holds them (signed integers, IEEE floats): one bulk copy per run, no intermediate
   * bytes.
   */
  Object readArray(Hyperslab sel, Datatype type) throws IOException {
    int bytes = checkedBytes(sel);
    Class<?> component = DataConverter.javaArrayClass(type).getComponentType();
    int count = (int) sel.elementCount();
    ByteOrder order = SlabTransfer.order(type);
    // The JVM zeroes a new array in heap memory no cache holds, which costs about as much as
    // copying an unfiltered chunk and a fair part of decoding a filtered one: for a chunk
    // read alone, a helper allocated it already, after the previous such read (see
    // SpareArray), or allocates it while this thread reads and decodes.
    Helpers helpers = helpers(sel);
    boolean spare = helpers.available() && bytes >= Helpers.MIN_SHARED_BYTES
        && bytes <= SpareArray.MAX_BYTES;
    Helpers.Forked<Object, RuntimeException> made = spare
        ? file.spareArray().take(component, count, helpers)
        : (pipeline == null ? Helpers.NONE : helpers.forBytes(bytes))
            .fork(() -> Array.newInstance(component, count));
    if (pipeline == null) {
      Object out = made.join();
      if (spare) {
        // before the copy: the helper zeroes the next read's array while this thread copies
        file.spareArray().prepare(component, count, helpers);
      }
      readUnfiltered(sel, out, order, true);
      return out;
    }
    if (!helpers.available()) {
      made.join(); // on this thread, before the workers need it
    }
    try {
      Object out = readFiltered(sel, made, order, helpers, true);
      if (spare) {
        file.spareArray().prepare(component, count, helpers);
      }
      return out;
    } finally {
      made.abandon(); // after a failure, no helper allocating; else a no-op
    }
  }

  /**
   * The selected elements into {@code into} from index 0, a Java array of the class {@code
   * type} reads as (stored as that array holds it, see {@link #readArray}) and at least as
   * long as the selection; elements after the selection's stay as they are.
   */
  void readArrayInto(Hyperslab sel, Datatype type, Object into) throws IOException {
    checkedBytes(sel);
    ByteOrder order = SlabTransfer.order(type);
    if (pipeline == null) {
      readUnfiltered(sel, into, order, false);
    } else {
      readFiltered(sel, Helpers.NONE.fork(() -> into), order, helpers(sel), false);
    }
  }

  /**
   * The selection's elements of this filtered dataset into the array {@code made} gives
   * ({@code fresh}: a new one, zeros already).
   */
  private Object readFiltered(Hyperslab sel, Helpers.Forked<Object, RuntimeException> made,
      ByteOrder order, Helpers helpers, boolean fresh) throws IOException {
    int size = layout.elementSize();
    copySelection(sel, helpers, new Sink() {
      @Override
      public void copy(byte[] chunk, int from, long inSelection, int n) {
        Object out = made.join();
        helpers.forBytes((long) n * size).split(n, 1, (a, b) -> SlabTransfer.bulk(
            ByteBuffer.wrap(chunk, from + a * size, (b - a) * size).slice().order(order),
            out, (int) inSelection + a, b - a, true));
      }

      @Override
      public boolean takesShuffled() {
        return true;
      }

      @Override
      public void copy(ShuffledChunk chunk, int from, long inSelection, int n) {
        chunk.copyTo(from, made.join(), (int) inSelection, n, order, helpers);
      }

      @Override
      public void fill(long inSelection, int n) {
        fillArray(made.join(), inSelection, n, order, fresh);
      }
    });
    return made.join();
  }

  /**
   * Sets {@code n} elements of {@code out} from {@code inSelection} to the fill value; a new
   * array ({@code fresh}) holds zeros already, a caller's gets them.
   */
  private void fillArray(Object out, long inSelection, int n, ByteOrder order, boolean fresh) {
    int size = layout.elementSize();
    boolean defined = fill != null && fill.length == size;
    if (fresh && !defined) {
      return;
    }
    byte[] pattern = Values.repeat(defined ? fill : null, n, size);
    SlabTransfer.bulk(ByteBuffer.wrap(pattern).order(order), out, (int) inSelection, n, true);
  }

  /**
   * The workers as helpers of the calling thread when {@code sel} lies in one chunk (several
   * chunks keep every worker busy on chunks of their own).
   */
  private Helpers helpers(Hyperslab sel) {
    return ChunkRuns.withinOneChunk(sel, layout.chunkDims()) ? new Helpers(workers)
        : Helpers.NONE;
  }

  /**
   * Unfiltered chunks need not be read whole: the runs of a chunk go from the file's mapping
   * or a direct buffer read into, once, into the array (changed chunks still in memory are
   * copied from there); {@code fresh}: the array is new, zeros already.
   */
  private void readUnfiltered(Hyperslab sel, Object out, ByteOrder order, boolean fresh)
      throws IOException {
    int size = layout.elementSize();
    Supplier<String> what = () -> "chunk of dataset " + path;
    ChunkRunReads.Destination toArray = (src, inSelection, n) ->
        SlabTransfer.bulk(src.order(order), out, (int) inSelection, n, true);
    visitUnfiltered(sel, (memory, address, runs) -> {
      if (memory != null) {
        for (Run r : runs) {
          toArray.put(ByteBuffer.wrap(memory, (int) r.inChunk() * size, r.length() * size)
              .slice(), r.inSelection(), r.length());
        }
      } else if (address >= 0) {
        ChunkRunReads.read(fa, address, runs, size, stages, toArray, what);
      } else {
        for (Run r : runs) {
          fillArray(out, r.inSelection(), r.length(), order, fresh);
        }
      }
    });
  }

  /** The runs of one unfiltered chunk: from memory, from the file at an address, or unwritten. */
  private interface UnfilteredRuns {
    /**
     * @param memory the chunk's bytes if it changed since the last flush, else null
     * @param address the chunk's file address when read from the file, else -1
     * @param runs the chunk's runs, in increasing chunk (and selection) order
     */
    void chunk(byte[] memory, long address, List<Run> runs) throws IOException;
  }

  /**
   * Visits the runs of an unfiltered dataset's selection with where each chunk's data is; the
   * runs of one chunk go to {@code run} on one worker thread, several chunks at once.
   */
  private void visitUnfiltered(Hyperslab sel, UnfilteredRuns run) throws IOException {
    InOrderWindow<Void> window = window(sel, "reading " + path);
    try {
      forEachChunk(sel, (offset, runs) -> {
        byte[] memory = pending == null ? null : pending.dirty.get(PendingChunks.key(offset));
        Optional<ChunkRecord> c = memory != null ? Optional.empty() : locate(offset);
        long address = c.isPresent() ? c.get().address() : -1;
        if (c.isPresent()) {
          fa.checkRange(address, chunkBytes, () -> "chunk " + Arrays.toString(offset)
              + " of dataset " + path);
        } else if (memory == null) {
          // never written: filled here, not handed to a worker (sparse datasets have millions)
          run.chunk(null, -1, runs);
          return;
        }
        window.submit(() -> {
          run.chunk(memory, address, runs);
          return null;
        }, done -> { });
      });
      window.finish();
    } catch (IOException | RuntimeException | Error e) {
      window.abandon();
      throw e;
    }
  }

  /**
   * The selection's stored bytes into {@code dst} at its position: unfiltered runs straight
   * from the file; filtered chunks through the same decoding as {@link #readArray} (a chunk
   * ending in a shuffle is unshuffled straight into {@code dst}), only the destination
   * differs. The position is left where it was.
   */
  void readInto(Hyperslab sel, ByteBuffer dst) throws IOException {
    int size = layout.elementSize();
    int base = dst.position();
    if (pipeline != null) {
      Helpers helpers = helpers(sel);
      copySelection(sel, helpers, new Sink() {
        @Override
        public void copy(byte[] chunk, int from, long inSelection, int n) {
          int at = base + (int) (inSelection * size);
          helpers.forBytes((long) n * size).split(n, 1, (a, b) ->
              dst.put(at + a * size, chunk, from + a * size, (b - a) * size));
        }

        @Override
        public boolean takesShuffled() {
          return true;
        }

        @Override
        public void copy(ShuffledChunk chunk, int from, long inSelection, int n) {
          chunk.copyTo(from, dst, base + (int) (inSelection * size), n, helpers);
        }

        @Override
        public void fill(long inSelection, int n) {
          dst.put(base + (int) (inSelection * size), Values.repeat(fill, n, size));
        }
      });
      return;
    }
    Supplier<String> what = () -> "chunk of dataset " + path;
    ChunkRunReads.Destination toBuffer = new ChunkRunReads.Destination() {
      @Override
      public void put(ByteBuffer src, long inSelection, int n) {
        dst.put(base + (int) (inSelection * size), src, src.position(), n * size);
      }

      @Override
      public ByteBuffer direct(long inSelection, int n) {
        return dst.isDirect() ? dst.slice(base + (int) (inSelection * size), n * size) : null;
      }
    };
    visitUnfiltered(sel, (memory, address, runs) -> {
      for (Run r : runs) {
        if (memory != null) {
          dst.put(base + (int) (r.inSelection() * size), memory, (int) r.inChunk() * size,
              r.length() * size);
        } else if (address < 0) {
          dst.put(base + (int) (r.inSelection() * size), Values.repeat(fill, r.length(), size));
        }
      }
      if (memory == null && address >= 0) {
        ChunkRunReads.read(fa, address, runs, size, stages, toBuffer, what);
      }
    });
  }

  private int checkedBytes(Hyperslab sel) throws H5FormatException {
    return ElementBytes.ofArray(sel.elementCount(), layout.elementSize(), "dataset", path,
        dataset);
  }

  /**
   * Receives the runs of a selection: element data from a chunk, or the fill value. Worker
   * threads call it for several chunks at once, each with its own part of the destination.
   */
  private interface Sink {
    void copy(byte[] chunk, int from, long inSelection, int n);

    void fill(long inSelection, int n);

    /** Whether this sink unshuffles chunks itself ({@link #copy(ShuffledChunk, int, long, int)}). */
    default boolean takesShuffled() {
      return false;
    }

    /** Like {@link #copy(byte[], int, long, int)}, from a chunk still shuffled (in elements). */
    default void copy(ShuffledChunk chunk, int from, long inSelection, int n) {
      throw new UnsupportedOperationException();
    }
  }

  /**
   * Hands every run of the selection to {@code sink}: each chunk is found on the calling
   * thread (indexes cache blocks and are not thread-safe), then read, unfiltered and copied
   * on a worker, a window of chunks at once.
   */
  private void copySelection(Hyperslab sel, Helpers helpers, Sink sink) throws IOException {
    int size = layout.elementSize();
    InOrderWindow<Void> window = window(sel, "reading " + path);
    try {
      forEachChunk(sel, (offset, runs) -> {
        byte[] cached = inMemory(offset);
        Optional<ChunkRecord> record = cached != null ? Optional.empty() : locate(offset);
        if (cached == null && record.isEmpty()) {
          // never written: filled here, not handed to a worker (sparse datasets have millions)
          for (Run r : runs) {
            sink.fill(r.inSelection(), r.length());
          }
          return;
        }
        boolean whole = covers(offset, runs);
        window.submit(() -> {
          if (cached == null && whole && sink.takesShuffled()
              && filtered(offset) && pipeline.endsWithShuffle(record.get().filterMask(), size)) {
            // unshuffled straight into the destination: one pass less over the chunk
            ShuffledChunk shuffled = decodeToShuffled(offset, record.get(), helpers);
            for (Run r : runs) {
              sink.copy(shuffled, (int) r.inChunk(), r.inSelection(), r.length());
            }
            return null;
          }
          // A chunk read whole is copied out at once: decoded into a reused array, not cached.
          byte[] chunk = cached != null ? cached : record.isEmpty() ? null
              : whole && chunkBytes <= ScratchArrays.MAX_BYTES
              ? decode(offset, record.get(), ScratchArrays.get(ScratchArrays.CHUNK, chunkBytes),
                  helpers)
              : load(offset, record.get());
          for (Run r : runs) {
            if (chunk != null) {
              sink.copy(chunk, (int) (r.inChunk() * size), r.inSelection(), r.length());
            } else {
              sink.fill(r.inSelection(), r.length());
            }
          }
          return null;
        }, done -> { });
      });
      window.finish();
    } catch (IOException | RuntimeException | Error e) {
      window.abandon();
      throw e;
    }
  }

  /** One run of a chunk: offsets in the chunk and in the selection, length, in elements. */
  record Run(long inChunk, long inSelection, int length) {}

  /** Receives each chunk a selection touches with its runs, in order. */
  private interface ChunkVisit {
    void chunk(long[] offset, List<Run> runs) throws IOException;
  }

  /** Calls {@code each} with every chunk {@code sel} touches and its runs, in chunk order. */
  private void forEachChunk(Hyperslab sel, ChunkVisit each) throws IOException {
    final class Merging implements ChunkRuns.Visitor {
      private long[] current;
      private List<Run> runs = new ArrayList<>();
      // the run being extended: runs that follow on in the chunk and in the selection alike
      // (whole rows of a chunk as wide as the selection) are one: one copy, one write
      private long inChunk;
      private long inSelection;
      private long length;

      @Override
      public void chunk(long[] chunkOffset) throws IOException {
        if (current != null) {
          each.chunk(current, done());
        }
        current = chunkOffset;
      }

      @Override
      public void run(long inChunk, long inSelection, long length) {
        if (this.length > 0 && this.inChunk + this.length == inChunk
            && this.inSelection + this.length == inSelection) {
          this.length += length;
          return;
        }
        close();
        this.inChunk = inChunk;
        this.inSelection = inSelection;
        this.length = length;
      }

      void end() throws IOException {
        if (current != null) {
          each.chunk(current, done());
        }
      }

      private void close() {
        if (length > 0) {
          runs.add(new Run(inChunk, inSelection, (int) length));
          length = 0;
        }
      }

      private List<Run> done() {
        close();
        List<Run> out = runs;
        runs = new ArrayList<>();
        return out;
      }
    }
    Merging merging = new Merging();
    ChunkRuns.visit(sel, layout.chunkDims(), merging);
    merging.end();
  }

  /**
   * Chunk jobs per worker that may run ahead of the calling thread, which takes their results
   * in order: enough queued work that the workers do not run dry while the caller waits to be
   * scheduled on a busy machine (a job holds no chunk-sized memory while it waits).
   */
  private static final int JOBS_AHEAD = 8;

  /**
   * Where the chunks of {@code sel} are worked on: several chunks on the workers,
   * {@link #JOBS_AHEAD} per worker ahead of the calling thread; a single chunk on the calling
   * thread.
   */
  private <T> InOrderWindow<T> window(Hyperslab sel, String what) {
    return new InOrderWindow<>(workers, ChunkRuns.withinOneChunk(sel, layout.chunkDims()) ? 0
        : JOBS_AHEAD * file.workerThreads(), what);
  }

  /** Direct buffers for staging runs between the file and arrays. */
  private final StagingBuffers stages;

  /**
   * Writes the raw bytes of the selected elements, {@code raw} holding them in C order of the
   * selection from index 0. A chunk the selection covers completely is built from the new
   * values alone; any other is read (or started from the fill value) and patched in memory.
   * Unfiltered chunks already on disk are overwritten where they are, run by run; other chunks
   * go to new space and the index is rebuilt at flush, freeing the replaced chunks only then.
   */
  void write(Hyperslab sel, ByteBuffer raw) throws IOException {
    int size = layout.elementSize();
    write(sel, new Source() {
      @Override
      public void copy(ByteBuffer chunk, int to, long inSelection, int n) {
        chunk.put(to, raw, (int) (inSelection * size), n * size);
      }

      @Override
      public ByteBuffer view(long inSelection, int n) {
        return raw.slice((int) (inSelection * size), n * size);
      }
    });
  }

  /**
   * Like {@link #write(Hyperslab, ByteBuffer)} from a Java array of a type stored as its array
   * holds it (signed integers, IEEE floats): one bulk copy per run, no intermediate bytes.
   */
  void writeArray(Hyperslab sel, Object array, Datatype type) throws IOException {
    int size = layout.elementSize();
    ByteOrder order = SlabTransfer.order(type);
    write(sel, (chunk, to, inSelection, n) -> SlabTransfer.bulk(
        chunk.slice(to, n * size).order(order), array, (int) inSelection, n, false));
  }

  /** Where written runs come from. */
  interface Source {
    /** Copies {@code n} elements from {@code inSelection} on into {@code chunk} at {@code to}. */
    void copy(ByteBuffer chunk, int to, long inSelection, int n);

    /** The stored bytes of {@code n} elements as they are, when the source holds them so. */
    default ByteBuffer view(long inSelection, int n) {
      return null;
    }
  }

  private void write(Hyperslab sel, Source source) throws IOException {
    pending = PendingChunks.of(file.context()).getOrCreate(dataset);
    InOrderWindow<FilterPipeline.Encoded> window = window(sel, "writing " + path);
    try {
      forEachChunk(sel, (offset, runs) -> place(offset, runs, source, window));
      window.finish();
      long limit = Math.max(chunkBytes, cache.capacity() / 2);
      if (pending.dirtyBytes > limit) {
        writeDirty(limit / 2);
      }
    } catch (IOException | RuntimeException | Error e) {
      window.abandon();
      throw e;
    } finally {
      file.context().defer("chunks", dataset, () -> ChunkIndexCommit.commit(file,
          dataset));
    }
  }

  /**
   * Sends the new values of one chunk where they go. A chunk changed in memory, partly
   * covered and not overwritable in place, or new at the edge of the dataset (where appends
   * fill it a few elements at a time) is patched in memory and written later. A covered
   * filtered chunk is built and filtered on a worker and stored in chunk order; an unfiltered
   * chunk is written by a worker, in place or into space allocated here.
   */
  private void place(long[] offset, List<Run> runs, Source source,
      InOrderWindow<FilterPipeline.Encoded> window) throws IOException {
    boolean whole = covers(offset, runs);
    boolean dirty = pending.dirty.containsKey(PendingChunks.key(offset));
    Optional<ChunkRecord> old = dirty ? Optional.empty() : locate(offset);
    boolean inPlace = old.isPresent() && overwritable(old.get());
    if (dirty || !whole && (pipeline != null || !inPlace)
        || old.isEmpty() && isPartialEdge(offset)) {
      patch(offset, runs, source, old);
      return;
    }
    if (pipeline != null) {
      window.submit(() -> encode(offset, build(offset, runs, source)),
          encoded -> store(offset, old, encoded));
      return;
    }
    cache.invalidate(dataset, offset); // written on the file below
    long address;
    if (inPlace) {
      address = old.get().address();
      fa.checkRange(address, chunkBytes, "chunk " + Arrays.toString(offset) + " of dataset "
          + path);
    } else {
      address = file.context().allocator().allocate(chunkBytes);
    }
    boolean edge = !inPlace && isPartialEdge(offset);
    window.submit(() -> {
      if (edge) { // the part outside the dataset must hold the fill value too
        fa.write(address, build(offset, runs, source));
      } else {
        writeRuns(address, runs, source);
      }
      return null;
    }, done -> {
      if (!inPlace) {
        pending.records.put(PendingChunks.key(offset), new ChunkRecord(offset, address,
            chunkBytes, 0));
        old.ifPresent(o -> pending.freeAfterCommit.add(new Extent(o.address(),
            Math.max(1, o.storedSize()))));
      }
    });
  }

  /**
   * A chunk holding only the new values (and the fill value outside the dataset); inside the
   * dataset every byte is overwritten, so this thread's scratch array serves (it is consumed
   * before the job ends).
   */
  private byte[] build(long[] offset, List<Run> runs, Source source) {
    int size = layout.elementSize();
    byte[] chunk = isPartialEdge(offset) ? filledChunk()
        : ScratchArrays.get(ScratchArrays.CHUNK, chunkBytes);
    ByteBuffer view = ByteBuffer.wrap(chunk);
    for (Run r : runs) {
      source.copy(view, (int) r.inChunk() * size, r.inSelection(), r.length());
    }
    return chunk;
  }

  /**
   * Writes each run to the file at {@code address} plus its place in the chunk, runs that
   * follow on in the chunk gathered into one write (see {@link GatheredWrites}).
   */
  private void writeRuns(long address, List<Run> runs, Source source) throws IOException {
    int size = layout.elementSize();
    ByteBuffer stage = stages.take();
    try {
      GatheredWrites out = new GatheredWrites(fa, stage, size);
      for (Run r : runs) {
        out.run(address + r.inChunk() * size, source, r.inSelection(), r.length());
      }
      out.finish();
    } finally {
      stages.give(stage);
    }
  }

  /**
   * Puts the new values of one chunk into its in-memory copy: the one already there, else the
   * chunk's current content ({@code old}) or the fill value, patched. Nothing is filtered or
   * written yet: repeated small writes to one chunk (appends) cost memory copies, and the
   * chunk is filtered and written once, at flush or when changed chunks outgrow half the chunk
   * cache's memory bound.
   */
  private void patch(long[] offset, List<Run> runs, Source source, Optional<ChunkRecord> old)
      throws IOException {
    List<Long> key = PendingChunks.key(offset);
    byte[] chunk = pending.dirty.get(key);
    if (chunk == null) {
      chunk = toDirty(offset, old, filtered(offset));
    }
    int size = layout.elementSize();
    ByteBuffer view = ByteBuffer.wrap(chunk);
    for (Run r : runs) {
      source.copy(view, (int) r.inChunk() * size, r.inSelection(), r.length());
    }
  }

  /**
   * Puts the content of the chunk at {@code offset} into the changed chunks: from the cache,
   * else {@code old} decoded as stored ({@code storedFiltered}), else the fill value.
   */
  private byte[] toDirty(long[] offset, Optional<ChunkRecord> old, boolean storedFiltered)
      throws IOException {
    byte[] cached = old.isEmpty() ? null : cache.get(dataset, offset);
    byte[] chunk = old.isEmpty() ? filledChunk() : cached != null ? cached.clone()
        : decode(offset, old.get(), null, Helpers.NONE, storedFiltered);
    pending.dirty.put(PendingChunks.key(offset), chunk);
    pending.dirtyBytes += chunk.length;
    return chunk;
  }

  /**
   * After a resize from {@code before} to the current extent, when partial edge chunks are
   * stored unfiltered: takes into memory each stored chunk the resize turns from a partial
   * edge chunk into a whole one or back, decoded as it was stored under {@code before}, so
   * that it is stored again in the encoding the new extent asks for (libhdf5 does this on
   * growth in H5D__chunk_update_old_edge_chunks, and on a shrink when it fills the chunks
   * newly at the edge: they are read filtered and written raw). Call it before {@link
   * #shrunk}, which then finds them in memory.
   */
  void edgesMoved(long[] before) throws IOException {
    if (!edgesUnfiltered()) {
      return;
    }
    pending = PendingChunks.of(file.context()).getOrCreate(dataset);
    long limit = Math.max(chunkBytes, cache.capacity() / 2);
    // Chunks changed in memory are stored as the extent of the moment asks, whenever that
    // is: under the new one if memory runs short below, so the ones here now are left alone.
    Set<List<Long>> inMemory = new HashSet<>(pending.dirty.keySet());
    EdgeChunkFlips.forEach(layout.chunkDims(), before, space.dims(), offset -> {
      List<Long> key = PendingChunks.key(offset);
      if (!pending.removed.containsKey(key) && find(offset).isPresent()) {
        pending.reencodedCommitted = true;
      }
      if (inMemory.contains(key)) {
        return;
      }
      long[] at = offset.clone();
      Optional<ChunkRecord> old = locate(at);
      if (old.isPresent()) {
        toDirty(at, old, filtered(at, before));
        if (pending.dirtyBytes > limit) {
          writeDirty(limit / 2);
        }
      }
    });
  }

  /**
   * Filters and writes changed chunks, oldest first, until at most {@code keepBytes} remain in
   * memory; filtering runs on the worker threads, a window of chunks ahead of the in-order
   * writing.
   */
  void writeDirty(long keepBytes) throws IOException {
    if (pending == null) {
      return;
    }
    InOrderWindow<FilterPipeline.Encoded> window = new InOrderWindow<>(workers,
        pipeline == null ? 0 : JOBS_AHEAD * file.workerThreads(), "writing " + path);
    var it = pending.dirty.entrySet().iterator();
    try {
      while (pending.dirtyBytes > keepBytes && it.hasNext()) {
        var e = it.next();
        it.remove();
        pending.dirtyBytes -= e.getValue().length;
        long[] offset = e.getKey().stream().mapToLong(Long::longValue).toArray();
        if (!insideDataset(offset)) {
          continue; // shrunk away since it was written
        }
        byte[] chunk = e.getValue();
        Optional<ChunkRecord> old = locate(offset);
        window.submit(() -> encode(offset, chunk), encoded -> store(offset, old, encoded));
      }
      window.finish();
    } catch (IOException | RuntimeException | Error e) {
      window.abandon();
      throw e;
    }
  }

  private boolean insideDataset(long[] offset) {
    for (int d = 0; d < offset.length; d++) {
      if (offset[d] >= space.dims()[d]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The chunk at {@code offset} as it is stored: filtered, or, unfiltered, the whole chunk
   * with filter mask 0 (as libhdf5 stores a partial edge chunk when the layout says so).
   * A partial edge chunk comes from {@link #filledChunk()} or the dirty map, never from a
   * scratch array, so it may be kept as it is.
   */
  private FilterPipeline.Encoded encode(long[] offset, byte[] chunk) {
    return filtered(offset) ? pipeline.encode(chunk) : new FilterPipeline.Encoded(chunk, 0);
  }

  /** Puts an encoded chunk in the file: in place when it may, else in new space. */
  private void store(long[] offset, Optional<ChunkRecord> old, FilterPipeline.Encoded encoded)
      throws IOException {
    cache.invalidate(dataset, offset);
    byte[] stored = encoded.bytes();
    if (old.isPresent() && pipeline == null && old.get().storedSize() == stored.length
        && !pending.cut.contains(PendingChunks.key(offset)) && overwritable(old.get())) {
      fa.write(old.get().address(), stored); // same size, same place: the index stays valid
      return;
    }
    var alloc = file.context().allocator();
    long address = alloc.allocate(Math.max(1, stored.length));
    fa.write(address, stored);
    ChunkRecord before = pending.records.put(PendingChunks.key(offset),
        new ChunkRecord(offset, address, stored.length, encoded.filterMask()));
    if (before != null) {
      alloc.free(before.address(), Math.max(1, before.storedSize())); // never committed
    } else if (old.isPresent()) {
      pending.freeAfterCommit.add(new Extent(old.get().address(),
          Math.max(1, old.get().storedSize())));
    }
  }

  /**
   * Whether a stored chunk may be overwritten where it is: not when the file's flushes are
   * atomic and the chunk belongs to the last flushed state (it then goes to new space, and
   * the index names it there from the next flush).
   */
  private boolean overwritable(ChunkRecord c) {
    return file.context().allocator().isFresh(c.address(), Math.max(1, c.storedSize()));
  }

  /** Every allocated chunk, committed or written since the last flush, in index order. */
  List<ChunkRecord> chunks() throws IOException {
    writeDirty(0);
    Map<List<Long>, ChunkRecord> all = new LinkedHashMap<>();
    index.forEach(c -> all.put(PendingChunks.key(c.offset()), c));
    if (pending != null) {
      all.keySet().removeAll(pending.removed.keySet());
      all.putAll(pending.records);
    }
    return new ArrayList<>(all.values());
  }

  /** The stored bytes and filter mask of the chunk at {@code offset}, or null if none. */
  StoredChunk readRaw(long[] offset) throws IOException {
    checkOnGrid(offset);
    writeDirty(0);
    Optional<ChunkRecord> c = locate(offset);
    if (c.isEmpty()) {
      return null;
    }
    long stored = pipeline == null ? chunkBytes : c.get().storedSize();
    return new StoredChunk(fa.read(c.get().address(), stored, "chunk "
        + Arrays.toString(offset) + " of dataset " + path), c.get().filterMask());
  }

  /**
   * Stores {@code chunk} exactly as given (already filtered, with its mask) at
   * {@code offset}, as libhdf5's direct chunk write does.
   */
  void writeRaw(long[] offset, StoredChunk chunk) throws IOException {
    checkOnGrid(offset);
    if (pipeline == null && chunk.bytes().length != chunkBytes) {
      throw new IllegalArgumentException("an unfiltered chunk of " + path + " has "
          + chunkBytes + " bytes, got " + chunk.bytes().length);
    }
    pending = PendingChunks.of(file.context()).getOrCreate(dataset);
    byte[] stale = pending.dirty.remove(PendingChunks.key(offset));
    pending.dirtyBytes -= stale == null ? 0 : stale.length;
    store(offset.clone(), locate(offset), new FilterPipeline.Encoded(chunk.bytes().clone(),
        chunk.filterMask()));
    file.context().defer("chunks", dataset, () -> ChunkIndexCommit.commit(file,
        dataset));
  }

  private void checkOnGrid(long[] offset) {
    if (offset.length != space.rank()) {
      throw new IllegalArgumentException("chunk offset " + Arrays.toString(offset)
          + " has the wrong rank for " + path);
    }
    for (int d = 0; d < offset.length; d++) {
      if (offset[d] < 0 || offset[d] % layout.chunkDims()[d] != 0
          || offset[d] >= Math.max(space.dims()[d], 1)) {
        throw new IllegalArgumentException("chunk offset " + Arrays.toString(offset)
            + " is not the first element of a chunk inside " + path + " (chunks "
            + Arrays.toString(layout.chunkDims()) + ")");
      }
    }
  }

  /** Whether {@code runs} hold every element of the chunk at {@code offset} in the dataset. */
  private boolean covers(long[] offset, List<Run> runs) {
    long covered = 0;
    for (Run r : runs) {
      covered += r.length();
    }
    return covered == clippedElements(offset);
  }

  /** Elements of the chunk at {@code offset} that lie inside the dataset. */
  private long clippedElements(long[] offset) {
    long n = 1;
    for (int d = 0; d < offset.length; d++) {
      n *= Math.min(layout.chunkDims()[d], space.dims()[d] - offset[d]);
    }
    return n;
  }

  /** A whole chunk of fill values (zeros when none is defined). */
  private byte[] filledChunk() {
    return Values.repeat(fill, chunkBytes / layout.elementSize(), layout.elementSize());
  }

  /** The chunk's unfiltered bytes if memory has them: changed and unwritten, or cached. */
  private byte[] inMemory(long[] offset) {
    byte[] dirty = pending == null ? null : pending.dirty.get(PendingChunks.key(offset));
    return dirty != null ? dirty : cache.get(dataset, offset);
  }

  /**
   * Where chunk {@code offset} is: written since the last flush, or in the index unless a
   * shrink since then removed it.
   */
  private Optional<ChunkRecord> locate(long[] offset) throws IOException {
    if (pending == null) {
      return find(offset);
    }
    List<Long> key = PendingChunks.key(offset);
    ChunkRecord p = pending.records.get(key);
    return p != null ? Optional.of(p)
        : pending.removed.containsKey(key) ? Optional.empty() : find(offset);
  }

  /** Chunk {@code offset} in the index. */
  private Optional<ChunkRecord> find(long[] offset) throws IOException {
    try {
      return index.find(offset);
    } catch (H5FormatException e) {
      if (e.structure().startsWith("chunk [")) { // an entry the index refused: name the dataset
        throw new H5FormatException(e.structure() + " of dataset " + path, e.offset(),
            e.detail(), e);
      }
      throw e;
    }
  }

  /** The unfiltered bytes of chunk {@code c}, read and decoded; kept in the cache. */
  private byte[] load(long[] chunkOffset, ChunkRecord c) throws IOException {
    byte[] chunk = decode(chunkOffset, c, null);
    cache.put(dataset, chunkOffset, chunk);
    return chunk;
  }

  /** {@link #decode(long[], ChunkRecord, byte[], Helpers)} on this thread alone. */
  private byte[] decode(long[] chunkOffset, ChunkRecord c, byte[] into) throws IOException {
    return decode(chunkOffset, c, into, Helpers.NONE);
  }

  /**
   * Reads and decodes chunk {@code c} into {@code into} (its first {@link #chunkBytes}), or
   * into a new array when {@code into} is null; {@code helpers} may share the filters' work.
   */
  private byte[] decode(long[] chunkOffset, ChunkRecord c, byte[] into, Helpers helpers)
      throws IOException {
    return decode(chunkOffset, c, into, helpers, filtered(chunkOffset));
  }

  /** Like {@link #decode(long[], ChunkRecord, byte[], Helpers)}, stored filtered or not. */
  private byte[] decode(long[] chunkOffset, ChunkRecord c, byte[] into, Helpers helpers,
      boolean storedFiltered) throws IOException {
    if (!storedFiltered) {
      java.util.function.Supplier<String> name = () -> chunkName(chunkOffset);
      fa.checkRange(c.address(), chunkBytes, name); // before allocating for a damaged address
      byte[] out = into != null ? into : new byte[chunkBytes];
      fa.read(c.address(), ByteBuffer.wrap(out, 0, chunkBytes), name);
      return out;
    }
    String what = chunkName(chunkOffset);
    byte[] raw = readStored(chunkOffset, c);
    byte[] out = into != null ? into : new byte[chunkBytes];
    pipeline.decode(raw, c.filterMask(), chunkBytes, what, c.address(), out, helpers);
    return out;
  }

  /** Reads filtered chunk {@code c} and undoes all but its final shuffle. */
  private ShuffledChunk decodeToShuffled(long[] chunkOffset, ChunkRecord c, Helpers helpers)
      throws IOException {
    return pipeline.decodeToShuffled(readStored(chunkOffset, c), c.filterMask(), chunkBytes,
        layout.elementSize(), chunkName(chunkOffset), c.address(), helpers);
  }

  /** The stored (filtered) bytes of chunk {@code c}. */
  private byte[] readStored(long[] chunkOffset, ChunkRecord c) throws IOException {
    long stored = c.storedSize();
    String what = chunkName(chunkOffset);
    if (stored < 0 || stored > Integer.MAX_VALUE - 8) {
      throw new H5FormatException(what, c.address(), "stored size " + stored
          + " is impossible");
    }
    return fa.read(c.address(), stored, what);
  }

  private String chunkName(long[] chunkOffset) {
    return "chunk " + Arrays.toString(chunkOffset) + " of dataset " + path;
  }

  /** Whether the chunk at {@code chunkOffset} is stored filtered. */
  private boolean filtered(long[] chunkOffset) {
    return filtered(chunkOffset, space.dims());
  }

  /** Whether the chunk at {@code chunkOffset} is stored filtered under extent {@code dims}. */
  private boolean filtered(long[] chunkOffset, long[] dims) {
    return pipeline != null && !(edgesUnfiltered() && isPartialEdge(chunkOffset, dims));
  }

  /** Whether this filtered dataset stores its partial edge chunks unfiltered. */
  private boolean edgesUnfiltered() {
    return pipeline != null && layout.edgesUnfiltered();
  }

  private boolean isPartialEdge(long[] chunkOffset) {
    return isPartialEdge(chunkOffset, space.dims());
  }

  private boolean isPartialEdge(long[] chunkOffset, long[] dims) {
    return layout.isPartialEdge(chunkOffset, dims);
  }
}
