package io.h5j.format.check;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV1;
import io.h5j.format.group.LocalHeap;
import io.h5j.format.group.SymbolTableEntry;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.SymbolTableMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What libhdf5 needs of an old-style group to find a link by name, beyond listing it: the
 * B-tree's keys name strings of the local heap, each symbol table node holds at most 2K
 * entries, its names are in strictly ascending byte order (libhdf5 searches a node by
 * bisection), and every name lies after its node's left key and at most at its right key
 * (libhdf5 picks the node by the keys). A name changed by damage can still be listed, yet
 * libhdf5 then cannot open it ("name doesn't exist").
 */
final class SymbolTableCheck {
  private static final String NODE = "symbol table node";

  private final FileAccess file;
  private final int leafK;
  private final int internalK;
  private final FileBounds bounds;
  private final ProblemLog log;

  /** @param leafK the superblock's group leaf node K; {@code internalK} its internal node K */
  SymbolTableCheck(FileAccess file, int leafK, int internalK, FileBounds bounds,
      ProblemLog log) {
    this.file = file;
    this.leafK = leafK;
    this.internalK = internalK;
    this.bounds = bounds;
    this.log = log;
  }

  void check(SymbolTableMessage stab, String path) throws IOException {
    log.attempt(path, "symbol table", stab.btreeAddress(), () -> walk(stab, path));
    log.attempt(path, "v1 B-tree node", stab.btreeAddress(), () -> {
      for (Extent e : BTreeV1.extents(file, stab.btreeAddress(), BTreeV1.GROUP_NODE,
          file.params().lengthSize(), internalK)) {
        bounds.check(path, "v1 B-tree node", e.address(), e.size());
      }
    });
  }

  private void walk(SymbolTableMessage stab, String path) throws IOException {
    LocalHeap heap = LocalHeap.read(file, stab.localHeapAddress());
    bounds.check(path, "local heap", heap.address(), LocalHeap.headerSize(file.params()));
    bounds.check(path, "local heap data segment", heap.dataAddress(), heap.dataSize());
    int keySize = file.params().lengthSize();
    int entrySize = SymbolTableEntry.size(file.params());
    byte[][] previous = {null};
    BTreeV1.walk(file, stab.btreeAddress(), BTreeV1.GROUP_NODE, keySize, (l, child, r) -> {
      byte[] left = name(heap, l.length(), "left key of the symbol table node at " + child);
      byte[] right = name(heap, r.length(), "right key of the symbol table node at " + child);
      bounds.check(path, NODE, child, 8 + 2L * leafK * entrySize);
      ByteReader head = file.reader(child, 8, NODE);
      head.signature("SNOD");
      head.skip(2);
      int count = head.u16();
      if (count > 2 * leafK) {
        throw new H5FormatException(NODE, child, count + " entries exceed 2K = " + 2 * leafK);
      }
      ByteReader entries = file.reader(child + 8, (long) count * entrySize, NODE);
      for (int i = 0; i < count; i++) {
        SymbolTableEntry e = SymbolTableEntry.decode(entries);
        byte[] name = name(heap, e.nameOffset(), "entry " + i + " of the symbol table node");
        if (previous[0] != null && Arrays.compareUnsigned(previous[0], name) >= 0) {
          log.add(path, NODE, child, "entry '" + text(name) + "' follows '"
              + text(previous[0]) + "': names are out of order, libhdf5 cannot find them");
        } else if (Arrays.compareUnsigned(name, left) <= 0
            || Arrays.compareUnsigned(name, right) > 0) {
          log.add(path, NODE, child, "entry '" + text(name) + "' is outside its node's keys"
              + " ('" + text(left) + "', '" + text(right) + "']: libhdf5 cannot find it");
        }
        previous[0] = name;
      }
    });
  }

  private static byte[] name(LocalHeap heap, long offset, String what)
      throws H5FormatException {
    try {
      return heap.string(offset).getBytes(StandardCharsets.UTF_8);
    } catch (H5FormatException e) {
      throw new H5FormatException(what, e.offset(), e.detail());
    }
  }

  private static String text(byte[] name) {
    return new String(name, StandardCharsets.UTF_8);
  }
}
