package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.versioning.CheckReport.DamagedChunk;
import io.h5j.versioning.CheckReport.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hashes every raw chunk of every dataset path against its hash table: each slot a committed
 * version maps, once, with the extent it is mapped with; then each committed hash-table row
 * no version maps, with the extents the dataset's mappings have (a row records its rows along
 * the first axis only). Also checks each row's slice lies in raw_data on a slot boundary.
 * A damaged chunk is named with every version, and chunk, that reads it.
 */
final class RawChunksCheck {
  /** Bad rows named per table before the rest are counted only. */
  private static final int ROWS_NAMED = 10;
  /** Extent combinations tried for a row no version maps (see {@link #unmapped}). */
  private static final int EXTENTS_TRIED = 64;

  private final H5File file;
  private final List<String> committed;
  private final Findings out;
  private final List<DamagedChunk> damaged = new ArrayList<>();
  private final CheckProgress progress;
  private long verified;
  private long slotsDone;
  private long bytesDone;
  private long bytesTotal;

  private RawChunksCheck(H5File file, List<String> committed, Findings out,
      CheckProgress progress) {
    this.file = file;
    this.committed = committed;
    this.out = out;
    this.progress = progress;
  }

  /** The damaged chunks of every path; findings added to {@code out}. */
  static RawChunksCheck run(H5File f, List<String> committed,
      Map<String, VersionTreesCheck.Mapped> byPath, Findings out, CheckProgress progress)
      throws IOException {
    RawChunksCheck c = new RawChunksCheck(f, committed, out, progress);
    for (Map.Entry<String, VersionTreesCheck.Mapped> e : byPath.entrySet()) {
      c.bytesTotal += c.mappedBytes(e.getKey(), e.getValue());
    }
    for (Map.Entry<String, VersionTreesCheck.Mapped> e : byPath.entrySet()) {
      c.path(e.getKey(), e.getValue());
    }
    return c;
  }

  /** The bytes of the slots the versions map in a path (0 if its raw_data is unreadable). */
  private long mappedBytes(String path, VersionTreesCheck.Mapped m) {
    try {
      String rawPath = VersionLayout.rawDataPath(path);
      if (m.readers.isEmpty() || !file.root().contains(rawPath)
          || !(file.get(rawPath) instanceof Dataset raw)) {
        return 0;
      }
      long size = StagedElements.of(raw.datatype(), null, path).size();
      long n = 0;
      for (SlotCheck.Slot s : m.readers.keySet()) {
        n += Boxes.count(s.extent()) * size;
      }
      return n;
    } catch (IOException | RuntimeException e) {
      return 0; // reported when the path is checked
    }
  }

  private void hashed(long bytes) {
    slotsDone++;
    bytesDone += bytes;
    progress.update(slotsDone, bytesDone, Math.max(bytesDone, bytesTotal));
  }

  List<DamagedChunk> damaged() {
    return damaged;
  }

  long verified() {
    return verified;
  }

  private void path(String path, VersionTreesCheck.Mapped m) throws IOException {
    if (m.readers.isEmpty()) {
      return;
    }
    String rawPath = VersionLayout.rawDataPath(path);
    String tablePath = VersionLayout.hashTablePath(path);
    if (!(file.root().contains(rawPath) && file.get(rawPath) instanceof Dataset raw)
        || !(file.root().contains(tablePath) && file.get(tablePath) instanceof Dataset t)) {
      return; // reported by DatasetGroupsCheck
    }
    String subject = "dataset " + path;
    HashTableRows rows;
    StagedElements elements;
    long[] chunks;
    try {
      rows = HashTableRows.read(t);
      elements = StagedElements.of(raw.datatype(), raw.fillValueBytes(), path);
      chunks = RawStore.chunksOf(raw);
    } catch (IOException | RuntimeException e) {
      out.add(Kind.LAYOUT, subject, "its chunks cannot be verified: " + e.getMessage());
      return;
    }
    long rawRows = raw.shape()[0];
    checkRows(subject, rows, chunks[0], rawRows);
    RawChunkOffsets offsets = RawChunkOffsets.of(raw);
    List<SlotCheck.Slot> slots = new ArrayList<>(m.readers.keySet());
    slots.sort(Comparator.comparingLong(SlotCheck.Slot::start)
        .thenComparing(s -> Arrays.toString(s.extent())));
    Set<Long> mappedStarts = new HashSet<>();
    List<SlotCheck.Result> results = SlotCheck.check(raw, elements, rows, slots,
        this::hashed);
    for (int i = 0; i < slots.size(); i++) {
      SlotCheck.Slot s = slots.get(i);
      SlotCheck.Result r = results.get(i);
      mappedStarts.add(s.start());
      BitSet readers = m.readers.get(s);
      if (s.start() % chunks[0] != 0) {
        out.add(Kind.LAYOUT, subject, s + " are not a slot of raw_data (slots start every "
            + chunks[0] + " rows); mapped by " + names(readers));
      }
      switch (r.outcome()) {
        case OK -> verified++;
        case NO_ROW -> out.add(Kind.LAYOUT, subject, s + " are mapped by " + names(readers)
            + ", but no committed hash-table row names them: their data cannot be verified,"
            + " and the next commit may write over them");
        case MISMATCH -> {
          verified++;
          damage(path, s, offsets, "hashes to " + ChunkHash.hex(r.actual())
              + ", its hash-table row " + r.rows()[0] + " says "
              + ChunkHash.hex(rows.hash(r.rows()[0])), readers);
        }
        case UNREADABLE -> damage(path, s, offsets, "cannot be read: " + r.why(), readers);
        case UNVERIFIABLE -> out.add(Kind.NOTE, subject, s + " (mapped by " + names(readers)
            + ") cannot be verified: " + r.why());
        default -> throw new IllegalStateException(r.outcome().name());
      }
    }
    unmapped(path, raw, rawRows, rows, elements, chunks, m, mappedStarts, offsets);
  }

  /** Each committed row's slice: in raw_data, on a slot boundary, at most one slot long. */
  private void checkRows(String subject, HashTableRows rows, long chunk0, long rawRows) {
    int bad = 0;
    for (int i = 0; i < rows.size(); i++) {
      long start = rows.start(i);
      long stop = rows.stop(i);
      String why = start < 0 || stop <= start ? "is empty or negative"
          : start % chunk0 != 0 ? "does not start on a slot (every " + chunk0 + " rows)"
          : stop - start > chunk0 ? "is longer than one slot of " + chunk0 + " rows"
          : stop > rawRows ? "reaches past raw_data's " + rawRows + " rows" : null;
      if (why != null && bad++ < ROWS_NAMED) {
        out.add(Kind.LAYOUT, subject, "hash-table row " + i + " (rows " + start + ".." + stop
            + ") " + why);
      }
    }
    if (bad > ROWS_NAMED) {
      out.add(Kind.LAYOUT, subject, (bad - ROWS_NAMED) + " more hash-table rows are bad");
    }
  }

  /**
   * Rows no version maps: hashed with their length along the first axis and, past it, each
   * combination of the extents the dataset's mappings have (a chunk's own extent there is not
   * recorded). A 1-D row that fails is damaged; an n-D one is only unverified.
   */
  private void unmapped(String path, Dataset raw, long rawRows, HashTableRows rows,
      StagedElements elements,
      long[] chunks, VersionTreesCheck.Mapped m, Set<Long> mappedStarts,
      RawChunkOffsets offsets) throws IOException {
    Set<Long> done = new HashSet<>();
    for (int i = 0; i < rows.size(); i++) {
      long start = rows.start(i);
      long stop = rows.stop(i);
      if (mappedStarts.contains(start) || !done.add(start) || start < 0 || stop <= start
          || stop - start > chunks[0] || stop > rawRows) {
        continue; // mapped (verified above), seen, or a bad row (reported above)
      }
      List<long[]> candidates = extents(stop - start, chunks, m);
      SlotCheck.Result last = null;
      boolean ok = false;
      for (long[] extent : candidates) {
        last = SlotCheck.check(raw, elements, rows, start, extent);
        if (last.ok()) {
          ok = true;
          break;
        }
      }
      SlotCheck.Slot s = new SlotCheck.Slot(start, candidates.get(0));
      if (ok) {
        verified++;
      } else if (chunks.length == 1 && (last.outcome() == SlotCheck.Outcome.MISMATCH
          || last.outcome() == SlotCheck.Outcome.UNREADABLE)) {
        verified++;
        damage(path, s, offsets, last.outcome() == SlotCheck.Outcome.UNREADABLE
            ? "cannot be read: " + last.why() : "hashes to " + ChunkHash.hex(last.actual())
            + ", its hash-table row " + i + " says " + ChunkHash.hex(rows.hash(i)), new BitSet());
      } else if (last.outcome() == SlotCheck.Outcome.UNVERIFIABLE) {
        out.add(Kind.NOTE, "dataset " + path, s + " (hash-table row " + i + ", mapped by no"
            + " version) cannot be verified: " + last.why());
      } else {
        out.add(Kind.NOTE, "dataset " + path, s + " (hash-table row " + i + ") are mapped by no"
            + " version and hash to their row with none of the extents tried, so they may be"
            + " damaged (a row records no extent past the first axis)");
      }
    }
  }

  private static List<long[]> extents(long rows0, long[] chunks, VersionTreesCheck.Mapped m) {
    List<long[]> out = new ArrayList<>();
    out.add(new long[] {rows0});
    for (int k = 1; k < chunks.length; k++) {
      Set<Long> options = new java.util.TreeSet<>(m.extents.getOrDefault(k, Set.of()));
      options.add(chunks[k]);
      List<long[]> next = new ArrayList<>();
      for (long[] prefix : out) {
        for (long e : options) {
          if (next.size() < EXTENTS_TRIED) {
            long[] x = Arrays.copyOf(prefix, k + 1);
            x[k] = e;
            next.add(x);
          }
        }
      }
      out = next;
    }
    // the whole chunk past the first axis first: the usual case
    out.sort(Comparator.comparingLong(x -> -Arrays.stream(x).skip(1).sum()));
    return out;
  }

  private void damage(String path, SlotCheck.Slot s, RawChunkOffsets offsets,
      String why, BitSet readers) throws IOException {
    Map<String, List<long[]>> readBy = new LinkedHashMap<>();
    for (int v = readers.nextSetBit(0); v >= 0; v = readers.nextSetBit(v + 1)) {
      String name = committed.get(v);
      readBy.put(name, VersionTreesCheck.chunksMapping(file, name, path, s));
    }
    DamagedChunk d = new DamagedChunk(path, s.start(), s.start() + s.extent()[0],
        offsets.at(s.start()), why, readBy);
    damaged.add(d);
    out.add(Kind.DAMAGED_CHUNK, "dataset " + path, d.detail());
  }

  private String names(BitSet versions) {
    List<String> n = new ArrayList<>();
    for (int v = versions.nextSetBit(0); v >= 0; v = versions.nextSetBit(v + 1)) {
      n.add(committed.get(v));
    }
    return "version" + (n.size() == 1 ? " " : "s ") + String.join(", ", n);
  }
}
