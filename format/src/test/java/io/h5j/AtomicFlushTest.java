package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Datatypes;
import io.h5j.type.Dataspace;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files whose flushes are atomic ({@link H5File#atomicFlushes}): a change writes nothing
 * over the last flushed state (changed headers are written anew and the links to them, up
 * to the root, pointed at the copies), and libhdf5 (h5py) reads the result. Crash states are
 * judged by the simulator tests; here, what a flush leaves and what it refuses.
 */
@OracleTest
class AtomicFlushTest {
  @TempDir
  Path dir;

  /**
   * h5py's view of a file: every object's path, kind, attributes and (datasets) values, one
   * line each, sorted; hard links to one object appear under each path.
   */
  private static final String H5PY_VIEW = String.join("\n",
      "import sys, h5py, numpy as np",
      "out = []",
      "def show(name, o):",
      "    attrs = sorted((k, repr(np.asarray(v).tolist())) for k, v in o.attrs.items())",
      "    if isinstance(o, h5py.Dataset):",
      "        out.append('%s D %s %s' % (name, np.asarray(o[()]).tolist(), attrs))",
      "    else:",
      "        out.append('%s G %s' % (name, attrs))",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    show('/', f)",
      "    def walk(g, prefix):",
      "        for k in g:",
      "            o = g[k]",
      "            show(prefix + k, o)",
      "            if isinstance(o, h5py.Group):",
      "                walk(o, prefix + k + '/')",
      "    walk(f, '/')",
      "print('\\n'.join(sorted(out)))");

  private static String h5pyView(Path f) throws IOException {
    return Oracles.python(H5PY_VIEW, f.toString()).strip();
  }

  /** A tree of groups holding {@code links} children each: compact or dense link storage. */
  private Path tree(int superblock, int links) throws IOException {
    Path f = dir.resolve("tree-" + superblock + "-" + links + ".h5");
    try (H5File h = H5File.create(f, superblock)) {
      Group g = h.root().createGroup("a/b");
      for (int i = 0; i < links; i++) {
        g.createGroup("child" + i).attributes().put("i", (long) i);
      }
      g.createDataset("x", DatasetSpec.of(new double[] {1, 2, 3, 4, 5, 6}).chunks(2)
          .maxShape(Dataspace.UNLIMITED));
      g.createDataset("c", DatasetSpec.of(new int[] {7, 8, 9}));
      h.root().attributes().put("top", "level");
    }
    return f;
  }

  private static String expectedAfterEdits(String before) {
    return before.replace("/a/b/child3 G [('i', '3')]", "/a/b/child3 G [('i', '3'), "
        + "('note', \"'changed'\")]")
        .replace("/a/b/x D [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]", "/a/b/x D [1.0, 20.0, 3.0, "
            + "4.0, 5.0, 6.0, 0.0, 0.0]");
  }

  /**
   * A change deep in the tree moves the changed headers and every group above them (the
   * root too), in compact (4 links) and dense (20 links) storage, superblock 2 and 3: h5py
   * reads exactly the edited tree, handles taken before the flush follow their objects.
   */
  @ParameterizedTest
  @ValueSource(strings = {"3:4", "3:20", "2:4", "2:20"})
  void changesMoveHeadersUpToTheRootAndLibhdf5ReadsThem(String kind) throws Exception {
    int sb = Integer.parseInt(kind.split(":")[0]);
    Path f = tree(sb, Integer.parseInt(kind.split(":")[1]));
    String before = h5pyView(f);
    long rootBefore;
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      rootBefore = h.root().address();
      Group child = h.group("a/b/child3");
      Dataset x = h.dataset("a/b/x");
      long childBefore = child.address();
      long xBefore = x.address();
      child.attributes().put("note", "changed");
      x.resize(8);
      x.write(Selection.box(new long[] {1}, new long[] {1}), new double[] {20});
      h.flush();
      assertNotEquals(childBefore, child.address(), "the changed group moved");
      assertNotEquals(xBefore, x.address(), "the changed dataset moved");
      assertNotEquals(rootBefore, h.root().address(), "the root moved");
      assertEquals(child.address(), h.group("a/b/child3").address(), "the handle followed");
      assertArrayEquals(new double[] {1, 20, 3, 4, 5, 6, 0, 0}, (double[]) x.read());
    }
    assertEquals(expectedAfterEdits(before), h5pyView(f));
    Oracles.h5dump(f, "-H");
  }

  /**
   * A file h5py wrote in the earliest format (superblock 0, symbol-table groups, version 1
   * headers): the root's symbol table entry in the superblock follows the moved root, and
   * libhdf5 reads every change.
   */
  @Test
  void oldFormatFilesMoveTheirRootEntry() throws Exception {
    Path f = dir.resolve("old.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver='earliest') as f:",
        "    g = f.create_group('a/b')",
        "    for i in range(12):",
        "        g.create_group('g%02d' % i).attrs['i'] = i",
        "    g.create_dataset('x', data=np.arange(6.0), chunks=(2,), maxshape=(None,))",
        "    f.attrs['top'] = 1"), f.toString());
    String before = h5pyView(f);
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      assertEquals(0, h.superblockVersion());
      h.group("a/b/g07").attributes().put("note", 5L);
      h.group("a/b").createGroup("new");
      Dataset x = h.dataset("a/b/x");
      x.resize(7);
      x.write(Selection.box(new long[] {6}, new long[] {1}), new double[] {60});
    }
    String expected = (before + "\n/a/b/new G []").replace("/a/b/g07 G [('i', '7')]",
        "/a/b/g07 G [('i', '7'), ('note', '5')]").replace(
        "/a/b/x D [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]", "/a/b/x D [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 60.0]");
    assertEquals(sorted(expected), h5pyView(f));
    Oracles.h5dump(f, "-H");
  }

  private static String sorted(String lines) {
    List<String> l = new ArrayList<>(List.of(lines.split("\n")));
    java.util.Collections.sort(l);
    return String.join("\n", l);
  }

  /**
   * An object libhdf5 linked from two groups (link count 2) changes: both links lead to the
   * moved header, although the session reached it through one of them only.
   */
  @Test
  void everyHardLinkFollowsAMovedObject() throws Exception {
    Path f = dir.resolve("twice.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    d = f.create_dataset('one/d', data=[1, 2, 3])",
        "    f.create_group('two')['d'] = d"), f.toString());
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      h.dataset("one/d").attributes().put("seen", 1L);
    }
    String view = h5pyView(f);
    assertTrue(view.contains("/one/d D [1, 2, 3] [('seen', '1')]"), view);
    assertTrue(view.contains("/two/d D [1, 2, 3] [('seen', '1')]"), view);
  }

  /** No byte below the file's recorded end of allocation is written, but the superblock's. */
  @Test
  void theLastFlushedStateIsNeverWrittenOver() throws Exception {
    Path f = tree(3, 4);
    byte[] before = Files.readAllBytes(f);
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      var fa = h.context().access();
      assertThrows(IllegalStateException.class, () -> fa.write(100, new byte[8]));
      h.group("a/b/child1").attributes().put("more", 2L);
      h.dataset("a/b/c").write(new int[] {70, 80, 90});
      h.flush();
      byte[] after = Files.readAllBytes(f);
      int superblock = 48;
      for (int i = superblock; i < before.length; i++) {
        assertEquals(before[i], after[i], "byte " + i + " of the state before");
      }
    }
  }

  /** A flush that changed nothing writes nothing, not even the superblock. */
  @Test
  void aFlushWithoutChangesWritesNothing() throws Exception {
    Path f = tree(3, 4);
    byte[] before = Files.readAllBytes(f);
    H5File h = H5File.openReadWrite(f, c -> new FaultyChannel(c, 1)).atomicFlushes();
    try (h) {
      h.dataset("a/b/x").read();
      h.flush(); // the channel fails on its first write
    }
    assertArrayEquals(before, Files.readAllBytes(f));
  }

  /**
   * Space the old state used is reused once the new one is durable, and what an interrupted
   * writer left past the recorded end is written over: 60 flushes of one small change each,
   * after 1 MB of such garbage, leave a file no larger than the first ones do.
   */
  @Test
  void freedSpaceAndGarbageAreReused() throws Exception {
    Path f = tree(3, 20);
    long clean = Files.size(f);
    try (var out = Files.newOutputStream(f, java.nio.file.StandardOpenOption.APPEND)) {
      out.write(new byte[1 << 20]);
    }
    long[] sizes = new long[60];
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      for (int i = 0; i < sizes.length; i++) {
        h.group("a/b/child" + (i % 20)).attributes().put("n", (long) i);
        h.dataset("a/b/x").write(Selection.box(new long[] {i % 6}, new long[] {1}),
            new double[] {i});
        h.flush();
        sizes[i] = Files.size(f);
      }
    }
    assertTrue(sizes[0] < clean + (64 << 10), "garbage past the end was reused: " + sizes[0]);
    assertTrue(sizes[59] <= sizes[9], "60 flushes grow the file no more than 10 do: "
        + java.util.Arrays.toString(sizes));
    String view = h5pyView(f);
    assertTrue(view.contains("/a/b/child19 G [('i', '19'), ('n', '59')]"), view);
  }

  /** Objects others refer to by address other than links cannot move: refused, untouched. */
  @Test
  void committedDatatypesAndDimensionScalesAreRefused() throws Exception {
    Path f = dir.resolve("refs.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f['t'] = np.dtype('<i4')",
        "    d = f.create_dataset('d', data=np.arange(4.0))",
        "    s = f.create_dataset('s', data=np.arange(4))",
        "    s.make_scale('s')",
        "    d.dims[0].attach_scale(s)"), f.toString());
    byte[] before = Files.readAllBytes(f);
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      Node t = h.get("t");
      assertThrows(IllegalStateException.class, () -> t.attributes().put("x", 1L));
      assertThrows(IllegalStateException.class, () -> h.dataset("s").attributes().put("x", 1L));
      assertThrows(IllegalStateException.class, () -> h.dataset("d").attributes().put("x", 1L));
    }
    assertArrayEquals(before, Files.readAllBytes(f));
  }

  /**
   * A flush that fails at any write leaves the file as the flush before left it (the new
   * state never reached the superblock), and the file can then only be closed.
   */
  @Test
  void aFailedFlushLeavesTheFileAsItWas() throws Exception {
    Path source = tree(3, 20);
    String before = h5pyView(source);
    for (int n = 1; ; n++) {
      Path f = dir.resolve("fail-" + n + ".h5");
      Files.copy(source, f);
      int failAt = n;
      H5File h = H5File.openReadWrite(f, c -> new FaultyChannel(c, failAt)).atomicFlushes();
      boolean failed = false;
      try {
        h.group("a/b/child2").attributes().put("n", 1L);
        h.dataset("a/b/x").resize(9);
        h.flush();
      } catch (IOException e) {
        assertTrue(e.getMessage().contains("injected fault"), e.toString());
        failed = true;
        assertThrows(IllegalStateException.class, h::flush);
      } finally {
        h.closeWithoutFlush();
      }
      if (!failed) {
        assertNotEquals(before, h5pyView(f));
        assertTrue(n > 5, "a flush of two changes writes more than 5 times: " + n);
        break;
      }
      assertEquals(before, h5pyView(f), "failed at write " + n);
      Files.delete(f);
    }
  }

  /** A file with a never-written chunked dataset gets chunks written into it atomically. */
  @Test
  void dataOfTheOldStateGoesToNewSpace() throws Exception {
    Path f = dir.resolve("data.h5");
    try (H5File h = H5File.create(f)) {
      h.root().createDataset("cont", DatasetSpec.of(new long[] {1, 2, 3, 4}));
      h.root().createDataset("chunk", DatasetSpec.empty(Datatypes.INT32, 0, 4)
          .maxShape(Dataspace.UNLIMITED, 4).chunks(2, 4));
    }
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      h.dataset("cont").write(Selection.box(new long[] {2}, new long[] {1}), new long[] {30});
      Dataset c = h.dataset("chunk");
      c.resize(3, 4);
      c.write(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    }
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      h.dataset("chunk").write(Selection.box(new long[] {0, 1}, new long[] {1, 2}),
          new int[] {-2, -3});
    }
    String view = h5pyView(f);
    assertTrue(view.contains("/cont D [1, 2, 30, 4] []"), view);
    assertTrue(view.contains("/chunk D [[1, -2, -3, 4], [5, 6, 7, 8], [9, 10, 11, 12]] []"),
        view);
  }

  /** Bytes one atomic flush writes that adds a chunk at the end of {@code chunks} of them. */
  private long appendOneChunk(Path f, int chunks) throws IOException {
    try (H5File h = H5File.create(f)) {
      h.root().createDataset("d", DatasetSpec.of(new int[chunks * 4]).chunks(4)
          .maxShape(Dataspace.UNLIMITED));
    }
    for (int round = 0; round < 2; round++) { // the first rebuilds the index as a v2 B-tree
      FaultyChannel[] counting = new FaultyChannel[1];
      try (H5File h = H5File.openReadWrite(f,
          c -> counting[0] = new FaultyChannel(c, Integer.MAX_VALUE)).atomicFlushes()) {
        Dataset d = h.dataset("d");
        long n = d.shape()[0];
        d.resize(n + 4);
        d.write(Selection.box(new long[] {n}, new long[] {4}), new int[] {1, 2, 3, (int) n});
      }
      if (round == 1) {
        return counting[0].bytesWritten();
      }
    }
    throw new AssertionError();
  }

  /**
   * The chunk index of a growable dataset is rebuilt once, as a v2 B-tree, and from then on
   * an atomic flush adding a chunk writes about as much for 40,000 chunks as for 400 (its
   * changed nodes and header go to new space; an extensible array of the durable state would
   * be rebuilt whole); libhdf5 reads the index, names it a v2 B-tree and goes on writing it.
   */
  @Test
  void aGrowableDatasetsIndexIsEditedNotRebuilt() throws Exception {
    long small = appendOneChunk(dir.resolve("small.h5"), 400);
    Path large = dir.resolve("large.h5");
    long big = appendOneChunk(large, 40_000);
    assertTrue(big < small * 2 + 4096, "one chunk added to 40,000 wrote " + big
        + " bytes, to 400 " + small);
    String out = Oracles.python(Oracles.PY_LIBHDF5 + String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'r+') as f:",
        "    d = f['d']",
        "    index = ctypes.c_int()",
        "    assert hdf5().H5Dget_chunk_index_type(ctypes.c_int64(d.id.id),",
        "                                          ctypes.byref(index)) >= 0",
        "    a = d[()]",
        "    assert a.shape == (160008,), a.shape",
        "    assert (a[:160000] == 0).all()",
        "    assert a[160000:].tolist() == [1, 2, 3, 160000, 1, 2, 3, 160004], a[160000:]",
        "    d.resize((160012,))",
        "    d[160008:] = [7, 8, 9, 10]",
        "    print(index.value)"), large.toString());
    assertEquals("5", out.strip(), "H5D_CHUNK_IDX_BT2");
    try (H5File h = H5File.open(large)) {
      int[] tail = (int[]) h.dataset("d").read(Selection.box(new long[] {160004},
          new long[] {8}));
      assertArrayEquals(new int[] {1, 2, 3, 160004, 7, 8, 9, 10}, tail);
    }
  }
}
