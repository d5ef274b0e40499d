package io.h5j.format.chunk;

import io.h5j.format.btree.BTreeV2Editor;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.List;

/**
 * Removes chunk records from a v2 B-tree chunk index (record types 10 and 11) and puts
 * others into it through {@link BTreeV2Editor}, which follows libhdf5's removal, insertion
 * and in-place modification (removals first, in the order given, as a shrink visits them;
 * merged-away nodes are freed after the update). The editor's
 * writes map onto {@link IndexWrites}: moved and new nodes into new space first, then nodes
 * whose records only changed content, then the header, which alone switches readers from
 * the old tree to the new one. Until it is written every chunk is found where it was (the
 * old nodes stay intact until {@code freeAfter} is freed after the update); a chunk moved by
 * an in-place patch is found at its old or its new place, both complete.
 */
final class BTreeV2ChunkUpdate {
  private BTreeV2ChunkUpdate() {}

  static IndexWrites writes(FileAccess fa, SpaceAllocator alloc, BTreeV2ChunkIndex index,
      List<ChunkRecord> changed, List<long[]> removed, List<Extent> freeAfter)
      throws IOException {
    EntryCodec codec = new EntryCodec(index.filtered(), fa.params(), index.geometry());
    BTreeV2Editor editor = new BTreeV2Editor(fa, alloc, index.tree(), index.order());
    for (long[] offset : removed) {
      editor.remove(index.encode(new ChunkRecord(offset, 0, 0, 0))); // compared by offset
    }
    for (ChunkRecord c : changed) {
      index.geometry().scaled(c.offsetRef());
      codec.checkFits(c);
      editor.upsert(index.encode(c));
    }
    BTreeV2Editor.Edit edit = editor.finish();
    IndexWrites w = new IndexWrites();
    for (BTreeV2Editor.Write x : edit.fresh()) {
      w.fresh(x.address(), x.bytes());
    }
    for (BTreeV2Editor.Write x : edit.inPlace()) {
      w.inPlace(x.address(), x.bytes(), 0);
    }
    if (edit.header() != null) {
      if (edit.header().address() == index.tree().address()) {
        w.inPlace(edit.header().address(), edit.header().bytes(), 1);
      } else { // the header of a durable state (atomic flushes) is written anew
        w.fresh(edit.header().address(), edit.header().bytes());
        w.indexMovedTo(edit.header().address());
      }
    }
    freeAfter.addAll(edit.freed());
    return w;
  }
}
