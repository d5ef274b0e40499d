package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.type.Datatypes;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.StoredMessage;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every chunk index type through the one operations interface ({@link ChunkIndex}, {@link
 * ChunkIndexType}), the same sequence for each: create the index over some chunks, find and
 * iterate them, insert more and move one, resize the dataset smaller, remove the chunks that
 * left it and one inside, delete the index. Capabilities are asked, never the class: an index
 * that {@link ChunkIndex#canUpdate} is edited in place, another is written anew of its type
 * (as a flush does). After each step h5j's lookups and iteration match a model of the
 * chunks, and h5dump (libhdf5) reads the dataset's values from the file as the model says.
 * Filtered datasets store their chunks with the deflate filter skipped (mask bit 0), so the
 * stored size and mask of every entry matter to libhdf5.
 */
class ChunkIndexContractTest {
  @TempDir
  Path dir;

  private static final long[] CHUNK = {2, 3};
  private static final long U = Dataspace.UNLIMITED;

  /**
   * @param shape the dataset's extent at first
   * @param max its maximum extent
   * @param shrunk the extent after the resize
   * @param anySubset whether the index holds any set of chunks (an implicit index holds all)
   */
  record Case(ChunkIndexType type, boolean filtered, long[] shape, long[] max, long[] chunk,
      long[] shrunk, boolean anySubset) {
    @Override
    public String toString() {
      return type + (filtered ? " filtered" : "");
    }
  }

  static Stream<Arguments> cases() {
    long[] shape = {8, 9};
    long[] shrunk = {5, 5};
    List<Case> all = new ArrayList<>();
    for (boolean filtered : new boolean[] {false, true}) {
      all.add(new Case(ChunkIndexType.V1_BTREE, filtered, shape, new long[] {U, U}, CHUNK,
          shrunk, true));
      all.add(new Case(ChunkIndexType.FIXED_ARRAY, filtered, shape, new long[] {10, 12}, CHUNK,
          shrunk, true));
      all.add(new Case(ChunkIndexType.EXTENSIBLE_ARRAY, filtered, shape, new long[] {U, 9},
          CHUNK, shrunk, true));
      all.add(new Case(ChunkIndexType.V2_BTREE, filtered, shape, new long[] {U, U}, CHUNK,
          shrunk, true));
      all.add(new Case(ChunkIndexType.SINGLE_CHUNK, filtered, new long[] {4, 6},
          new long[] {4, 6}, new long[] {4, 6}, new long[] {3, 5}, true));
    }
    all.add(new Case(ChunkIndexType.IMPLICIT, false, shape, shape, CHUNK, shrunk, false));
    return all.stream().map(Arguments::of);
  }

  /** The dataset and the model of its chunks, by offset. */
  private final class Subject {
    final Case c;
    final Path path;
    final long dataset;
    H5Context ctx;
    Dataspace space;
    LayoutMessage.Chunked layout;
    final TreeMap<List<Long>, ChunkRecord> model = new TreeMap<>(ChunkIndexContractTest::compare);
    /** Version of the values stored at each address: a moved chunk reads as its new bytes. */
    final Map<Long, Integer> versions = new TreeMap<>();

    Subject(Case c) throws IOException {
      this.c = c;
      this.path = dir.resolve(c.type() + (c.filtered() ? "_gz" : "") + ".h5");
      DatasetSpec spec = DatasetSpec.empty(Datatypes.INT32, c.shape()).maxShape(c.max())
          .chunks(c.chunk());
      if (c.filtered()) {
        spec = spec.deflate(1);
      }
      try (H5File f = H5File.create(path)) {
        dataset = f.root().createDataset("d", spec).address();
      }
      ctx = H5Context.open(FileAccess.openReadWrite(path));
      space = Dataspace.simple(c.shape(), c.max());
      // The layout h5j would choose is replaced by the unallocated index of the type tested
      // (an implicit index, early allocation only, exists from the start).
      unallocate();
    }

    /** Gives the dataset no index (of the type tested), as before its first chunk. */
    void unallocate() throws IOException {
      relayout(c.anySubset()
          ? c.type().unallocated(ctx.params(), geometry(), c.filtered(), options())
          : new WrittenIndex(c.type().code(), 0, new byte[0], FileParams.UNDEFINED));
    }

    IndexOptions options() {
      return IndexOptions.DEFAULTS.withV1K(ctx.superblock().chunkInternalK());
    }

    ChunkGeometry geometry() throws IOException {
      return ChunkGeometry.of(c.chunk(), 4, space);
    }

    ChunkIndex open() throws IOException {
      return ChunkIndex.open(ctx.access(), layout, space, c.filtered(),
          ctx.superblock().chunkInternalK());
    }

    void rewrite(int type, byte[] body) throws IOException {
      List<StoredMessage> messages = new ArrayList<>();
      for (StoredMessage m : ctx.header(dataset).messages()) {
        messages.add(m.type() == type ? new StoredMessage(m.type(), m.flags(),
            m.creationOrder(), body) : m);
      }
      ctx.rewriteHeader(dataset, messages);
    }

    void relayout(WrittenIndex w) throws IOException {
      ChunkGeometry g = geometry();
      layout = w.layout(g);
      rewrite(MessageType.LAYOUT, layout.toBytes(ctx.params()));
    }

    /** Stores the chunk at {@code offset} (version {@code v} of its values) in new space. */
    ChunkRecord store(long[] offset, int v, long at) throws IOException {
      byte[] bytes = values(offset, v);
      long address = at >= 0 ? at : ctx.allocator().allocate(bytes.length);
      ctx.access().write(address, bytes);
      versions.put(address, v);
      return new ChunkRecord(offset, address, bytes.length, c.filtered() ? 1 : 0);
    }

    /** The chunk's elements, row-major: 10000 * version + 100 * row + column + 1. */
    byte[] values(long[] offset, int v) {
      int rows = (int) c.chunk()[0];
      int cols = (int) c.chunk()[1];
      ByteBuffer b = ByteBuffer.allocate(4 * rows * cols).order(ByteOrder.LITTLE_ENDIAN);
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
          b.putInt((int) (10000 * v + 100 * (offset[0] + i) + offset[1] + j + 1));
        }
      }
      return b.array();
    }

    /**
     * Adds or moves {@code changed} and removes {@code removed} through the interface: in
     * place where the index can, else as a new index of its type over the chunks it will
     * hold, the old one's structures freed once the layout names the new one.
     */
    ChunkIndex apply(ChunkIndex index, List<ChunkRecord> changed, List<long[]> removed)
        throws IOException {
      if (index.canUpdate() && (removed.isEmpty() || index.canRemove())) {
        long moved = index.update(ctx.allocator(), changed, removed, () -> { });
        if (moved >= 0) {
          relayout(new WrittenIndex(layout.indexType(), layout.flags(), layout.indexInfo(),
              moved));
        }
      } else {
        TreeMap<List<Long>, ChunkRecord> kept = new TreeMap<>(ChunkIndexContractTest::compare);
        index.forEach(r -> kept.put(key(r.offset()), r));
        removed.forEach(o -> kept.remove(key(o)));
        changed.forEach(r -> kept.put(key(r.offset()), r));
        List<Extent> old = index.extents();
        relayout(index.type().write(ctx.access(), ctx.allocator(), geometry(), c.filtered(),
            new ArrayList<>(kept.values()), options()));
        Extent.freeAll(ctx.allocator(), old);
      }
      changed.forEach(r -> model.put(key(r.offset()), r));
      removed.forEach(o -> model.remove(key(o)));
      ctx.flush();
      return open();
    }

    /** h5j's lookups and iteration, and libhdf5's reading of the file, match the model. */
    void check(ChunkIndex index, String step) throws IOException {
      assertEquals(c.type(), index.type(), step);
      assertEquals(model.size(), index.count(), step + ": count");
      List<ChunkRecord> seen = new ArrayList<>();
      index.forEach(seen::add);
      seen.sort(ChunkRecord.BY_OFFSET);
      assertEquals(new ArrayList<>(model.values()), seen, step + ": iteration");
      long[] grid = geometry().grid();
      for (long r = 0; r < Math.max(1, grid[0]); r++) {
        for (long q = 0; q < Math.max(1, grid[1]); q++) {
          long[] offset = {r * c.chunk()[0], q * c.chunk()[1]};
          assertEquals(Optional.ofNullable(model.get(key(offset))), index.find(offset),
              step + ": find " + Arrays.toString(offset));
        }
      }
      ctx.flush();
      assertArrayEquals(expected(), h5dump(), step + ": h5dump's values");
    }

    int[] expected() {
      long[] dims = space.dims();
      int[] out = new int[(int) (dims[0] * dims[1])];
      for (int i = 0; i < dims[0]; i++) {
        for (int j = 0; j < dims[1]; j++) {
          long[] offset = {i / c.chunk()[0] * c.chunk()[0], j / c.chunk()[1] * c.chunk()[1]};
          ChunkRecord r = model.get(key(offset));
          out[(int) (i * dims[1] + j)] = r == null ? 0
              : 10000 * versions.get(r.address()) + 100 * i + j + 1;
        }
      }
      return out;
    }

    int[] h5dump() throws IOException {
      Path bin = dir.resolve("values.bin");
      Files.deleteIfExists(bin);
      Oracles.h5dump(path, "-d", "/d", "-b", "LE", "-o", bin.toString());
      ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(bin)).order(ByteOrder.LITTLE_ENDIAN);
      int[] out = new int[b.remaining() / 4];
      b.asIntBuffer().get(out);
      return out;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void sameOperationsOnEveryIndexType(Case c) throws Exception {
    Oracles.requireH5dump();
    Subject s = new Subject(c);
    try {
      // create: the dataset has no index yet, of the tested type
      ChunkIndex index = s.open();
      assertFalse(index.isAllocated());
      assertEquals(c.type(), index.type());
      s.check(index, "unallocated");

      // create over some chunks (every chunk, in one run, for an implicit index)
      long[] grid = s.geometry().grid();
      List<long[]> offsets = new ArrayList<>();
      for (long r = 0; r < grid[0]; r++) {
        for (long q = 0; q < grid[1]; q++) {
          offsets.add(new long[] {r * c.chunk()[0], q * c.chunk()[1]});
        }
      }
      List<ChunkRecord> first = new ArrayList<>();
      long run = c.anySubset() ? -1
          : s.ctx.allocator().allocate(offsets.size() * s.geometry().chunkBytes());
      for (int i = 0; i < offsets.size(); i++) {
        if (!c.anySubset() || i % 2 == 0) {
          first.add(s.store(offsets.get(i), 1, run < 0 ? -1
              : run + i * s.geometry().chunkBytes()));
        }
      }
      s.relayout(index.type().write(s.ctx.access(), s.ctx.allocator(), s.geometry(),
          c.filtered(), first, s.options()));
      first.forEach(r -> s.model.put(key(r.offset()), r));
      index = s.open();
      assertTrue(index.isAllocated());
      s.check(index, "created");

      // insert the other chunks and move the first one (new bytes in new space)
      List<ChunkRecord> changed = new ArrayList<>();
      for (int i = 1; i < offsets.size(); i += 2) {
        changed.add(s.store(offsets.get(i), 2, -1));
      }
      changed.add(s.store(offsets.get(0), 3, -1));
      if (c.anySubset()) {
        index = s.apply(index, changed, List.of());
        s.check(index, "inserted");
      } else {
        ChunkIndex fixed = index;
        assertThrows(IllegalArgumentException.class,
            () -> s.apply(fixed, changed, List.of()), "an implicit index does not move chunks");
      }

      // resize smaller: the same index over the new extent, the chunks outside still in it
      Dataspace before = s.space;
      s.space = Dataspace.simple(c.shrunk(), c.max());
      s.rewrite(MessageType.DATASPACE, new DataspaceMessage(s.space).toBytes(s.ctx.params()));
      index = index.resized(s.space);
      assertArrayEquals(s.geometry().grid(), index.geometry().grid(), "resized grid");
      List<long[]> leaving = new ArrayList<>();
      ShrinkRegion.forEachLeaving(c.chunk(), before.dims(), s.space.dims(),
          o -> leaving.add(o.clone()));
      for (long[] o : leaving) {
        assertEquals(Optional.ofNullable(s.model.get(key(o))), index.find(o),
            "still indexed after the resize: " + Arrays.toString(o));
      }
      ChunkIndex big = index;
      long[] otherMax = Arrays.stream(c.max()).map(m -> m == U ? 1000 : U).toArray();
      assertThrows(IllegalArgumentException.class,
          () -> big.resized(Dataspace.simple(c.shrunk(), otherMax)), "maximum changed");
      assertThrows(IllegalArgumentException.class,
          () -> big.resized(Dataspace.simple(new long[] {4}, new long[] {4})), "rank changed");

      // remove what left the dataset and the first chunk inside it
      List<long[]> removed = new ArrayList<>();
      for (long[] o : leaving) {
        if (s.model.containsKey(key(o))) {
          removed.add(o);
        }
      }
      removed.add(offsets.get(0));
      if (c.anySubset()) {
        index = s.apply(index, List.of(), removed);
        s.model.keySet().removeIf(k -> !inside(k, s.space.dims()));
        s.check(index, "removed");
      } else {
        ChunkIndex fixed = index;
        assertThrows(IllegalArgumentException.class, () -> s.apply(fixed, List.of(), removed),
            "an implicit index holds every chunk");
        s.check(index, "resized");
      }

      // delete: the index's structures and its chunks are free space again
      long indexed = 0;
      for (Extent e : index.extents()) {
        indexed += e.size();
      }
      for (ChunkRecord r : s.model.values()) {
        indexed += r.storedSize();
      }
      long free = s.ctx.allocator().freeBytes() - s.ctx.allocator().endOfAllocation();
      index.delete(s.ctx.allocator());
      assertEquals(indexed, s.ctx.allocator().freeBytes() - s.ctx.allocator().endOfAllocation()
          - free, "bytes freed by delete");
      s.unallocate();
      s.model.clear();
      s.check(s.open(), "deleted");
    } finally {
      s.ctx.flush();
      s.ctx.access().close();
    }
  }

  /** The factory maps each layout field value to its type and refuses others. */
  @org.junit.jupiter.api.Test
  void factoryCoversTheLayoutField() {
    int[] codes = {ChunkIndex.V1_BTREE, ChunkIndex.SINGLE_CHUNK, ChunkIndex.IMPLICIT,
        ChunkIndex.FIXED_ARRAY, ChunkIndex.EXTENSIBLE_ARRAY, ChunkIndex.V2_BTREE};
    for (int i = 0; i < codes.length; i++) {
      assertEquals(ChunkIndexType.values()[i], ChunkIndexType.of(codes[i]));
      assertEquals(codes[i], ChunkIndexType.of(codes[i]).code());
    }
    assertThrows(IllegalArgumentException.class, () -> ChunkIndexType.of(6));
    assertThrows(IllegalArgumentException.class, () -> ChunkIndexType.of(-1));
  }

  private static List<Long> key(long[] offset) {
    return Arrays.stream(offset).boxed().toList();
  }

  private static boolean inside(List<Long> offset, long[] dims) {
    for (int d = 0; d < dims.length; d++) {
      if (offset.get(d) >= dims[d]) {
        return false;
      }
    }
    return true;
  }

  private static int compare(List<Long> a, List<Long> b) {
    for (int i = 0; i < a.size(); i++) {
      int c = Long.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
