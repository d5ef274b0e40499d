package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.format.H5FormatException;
import io.h5j.Selection;
import io.h5j.SelectionBlocks;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Checks, before a read of a version's dataset returns, that every raw chunk the read touches
 * hashes to its hash-table row ({@link VersionedFile#verifyChunkHashes}); a chunk that does not
 * fails the read. Hash tables and mappings of the datasets read last are cached for one state
 * of the file (its {@link H5File} and generation); chunk contents never are, so every read
 * reads what it verifies.
 */
final class ChunkHashVerifier {
  private H5File file;
  private long generation;
  /** Kept for the paths and version datasets read last: a file's all would not fit. */
  private final Map<String, Store> stores = lru(16);
  private final Map<String, Mapped> mapped = lru(64);

  /** One dataset path's raw_data and committed hash-table rows. */
  private record Store(Dataset raw, HashTableRows rows) {}

  /** One version's dataset: its shape, chunks, elements and chunk → raw_data row. */
  private record Mapped(StagedDataset dataset, Map<ChunkKey, Long> slots) {}

  /**
   * Verifies the chunks that reading {@code sel} (null: everything) of {@code vds}, dataset
   * {@code path} of {@code version}, touches.
   *
   * @throws H5FormatException naming the dataset, the chunk, its raw_data rows and the file if
   *     a chunk does not hash to its hash-table row, has none, or cannot be read
   */
  void verify(H5File f, long gen, String version, Dataset vds, String path,
      @Nullable Selection sel) throws IOException {
    if (!vds.layoutName().equals("VIRTUAL")) {
      return; // no mappings: every element is the fill value
    }
    if (f != file || gen != generation) {
      file = f;
      generation = gen;
      stores.clear();
      mapped.clear();
    }
    Mapped m = mapped(f, version, vds, path);
    StagedDataset d = m.dataset();
    SelectionBlocks slab = (sel == null ? Selection.all() : sel).in(d.shape, path);
    if (tooLarge(slab)) {
      return; // the read itself refuses a selection larger than one Java array
    }
    List<Map.Entry<ChunkKey, Long>> touched = TouchedChunks.of(slab, d.chunks)
        .select(m.slots());
    if (touched.isEmpty()) {
      return;
    }
    Store s = store(f, path);
    // each slot once (de-duplicated chunks share one), with the first chunk that maps it
    Map<SlotCheck.Slot, ChunkKey> slots = new LinkedHashMap<>();
    for (Map.Entry<ChunkKey, Long> e : touched) {
      slots.putIfAbsent(new SlotCheck.Slot(e.getValue(),
          Boxes.trimmed(e.getKey(), d.shape, d.chunks)), e.getKey());
    }
    List<SlotCheck.Slot> order = new ArrayList<>(slots.keySet());
    List<SlotCheck.Result> results = SlotCheck.check(s.raw(), d.elements, s.rows(), order);
    for (int i = 0; i < order.size(); i++) {
      if (!results.get(i).ok()) {
        SlotCheck.Slot slot = order.get(i);
        throw failure(f, version, path, slots.get(slot).offset(d.chunks), slot.start(),
            slot.extent(), s, results.get(i));
      }
    }
  }

  private Mapped mapped(H5File f, String version, Dataset vds, String path)
      throws IOException {
    String key = version + "\0" + path;
    Mapped m = mapped.get(key);
    if (m == null) {
      // no stores given: the reader it carries is never used here
      StagedDataset d = VersionReader.dataset(f, vds, path, new HashMap<>());
      m = new Mapped(d, d.parentSlots());
      mapped.put(key, m);
    }
    return m;
  }

  private Store store(H5File f, String path) throws IOException {
    Store s = stores.get(path);
    if (s == null) {
      String raw = VersionLayout.rawDataPath(path);
      String table = VersionLayout.hashTablePath(path);
      if (!f.root().contains(raw) || !f.root().contains(table)) {
        throw new H5FormatException("versioned dataset " + path + " in " + f.path(), -1,
            "maps raw chunks, but " + (f.root().contains(raw) ? table : raw)
                + " does not exist, so they cannot be verified");
      }
      s = new Store(f.dataset(raw), HashTableRows.read(f.dataset(table)));
      stores.put(path, s);
    }
    return s;
  }

  private static H5FormatException failure(H5File f, String version, String path,
      long[] chunk, long start, long[] extent, Store s, SlotCheck.Result r) throws IOException {
    String rows = "raw_data rows " + start + ".." + (start + extent[0]);
    String what = "chunk " + Arrays.toString(chunk) + " of version " + version + " maps "
        + rows + " of " + s.raw().path();
    String why = switch (r.outcome()) {
      case MISMATCH -> ", which hash to " + ChunkHash.hex(r.actual()) + " where hash-table "
          + (r.rows().length == 1 ? "row " + r.rows()[0] + " says " : "rows "
          + Arrays.toString(r.rows()) + " say ") + ChunkHash.hex(s.rows().hash(r.rows()[0]))
          + ": the chunk is damaged";
      case NO_ROW -> ", where no committed row of " + s.rows().table() + " starts, so the chunk"
          + " cannot be verified";
      case UNVERIFIABLE -> ", which cannot be verified: " + r.why() + "; read it unverified";
      default -> ", which cannot be read: " + r.why();
    };
    return new H5FormatException("raw chunk of versioned dataset " + path + " in " + f.path(),
        RawChunkOffsets.of(s.raw()).at(start), what + why);
  }

  private static <V> Map<String, V> lru(int entries) {
    return new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
        return size() > entries;
      }
    };
  }

  private static boolean tooLarge(SelectionBlocks slab) {
    long n = 1;
    long[] count = slab.count();
    long[] block = slab.block();
    for (int d = 0; d < slab.rank(); d++) {
      long k = count[d];
      long b = block[d];
      if (k != 0 && b > Long.MAX_VALUE / k) {
        return true;
      }
      long m = k * b;
      if (m != 0 && n > Integer.MAX_VALUE / m) {
        return true;
      }
      n *= m;
    }
    return false;
  }
}
