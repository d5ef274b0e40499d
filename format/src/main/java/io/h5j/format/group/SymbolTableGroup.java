package io.h5j.format.group;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV1;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.SymbolTableMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads the links of an old-style group: v1 B-tree of symbol table nodes + local heap. */
public final class SymbolTableGroup {
  private static final String NODE = "symbol table node";
  /**
   * Entries read with a node's 8-byte head: a node of libhdf5's default leaf K (4) holds up to
   * 8, so one read serves the whole node; a fuller node reads its entries again.
   */
  private static final int FIRST_READ_ENTRIES = 8;

  private SymbolTableGroup() {}

  /** All links, in the B-tree's (name) order, as link messages. */
  public static List<LinkMessage> readLinks(FileAccess fa, SymbolTableMessage stab)
      throws IOException {
    LocalHeap heap = LocalHeap.read(fa, stab.localHeapAddress());
    List<LinkMessage> out = new ArrayList<>();
    int keySize = fa.params().lengthSize();
    int entrySize = SymbolTableEntry.size(fa.params());
    BTreeV1.walk(fa, stab.btreeAddress(), BTreeV1.GROUP_NODE, keySize, (l, child, r) -> {
      byte[] node = fa.readUpTo(child, 8 + FIRST_READ_ENTRIES * entrySize, NODE);
      ByteReader head = new ByteReader(node, child, NODE, fa.params());
      head.signature("SNOD");
      int version = head.u8();
      if (version != 1) {
        throw head.versionError(version, 1, "version " + version + " is not 1");
      }
      head.skip(1);
      int count = head.u16();
      long bytes = (long) count * entrySize;
      ByteReader entries = 8 + bytes <= node.length ? head.slice((int) bytes, NODE)
          : fa.reader(child + 8, bytes, NODE);
      for (int i = 0; i < count; i++) {
        SymbolTableEntry e = SymbolTableEntry.decode(entries);
        out.add(toLink(heap, e));
      }
    });
    return out;
  }

  /**
   * Frees the storage of an old-style group (B-tree nodes, symbol table nodes, local heap)
   * once nothing points at it any more.
   */
  public static void free(FileAccess fa, io.h5j.format.io.SpaceAllocator alloc,
      SymbolTableMessage stab, int leafK, int internalK) throws IOException {
    int keySize = fa.params().lengthSize();
    List<Long> snods = new ArrayList<>();
    BTreeV1.walk(fa, stab.btreeAddress(), BTreeV1.GROUP_NODE, keySize,
        (l, child, r) -> snods.add(child));
    long nodeSize = BTreeV1.nodeSize(fa.params(), internalK, keySize);
    for (long node : BTreeV1.nodes(fa, stab.btreeAddress(), BTreeV1.GROUP_NODE, keySize)) {
      alloc.free(node, nodeSize);
    }
    long snodSize = 8 + 2L * leafK * SymbolTableEntry.size(fa.params());
    for (long snod : snods) {
      alloc.free(snod, snodSize);
    }
    LocalHeap heap = LocalHeap.read(fa, stab.localHeapAddress());
    alloc.free(heap.address(), LocalHeap.headerSize(fa.params()));
    alloc.free(heap.dataAddress(), heap.dataSize());
  }

  private static LinkMessage toLink(LocalHeap heap, SymbolTableEntry e) throws H5FormatException {
    String name = heap.string(e.nameOffset());
    if (name.isEmpty() || name.indexOf('/') >= 0) {
      throw new H5FormatException(NODE, heap.address(), "an entry has the invalid name '"
          + name + "'");
    }
    if (e.cacheType() == SymbolTableEntry.CACHE_SOFT_LINK) {
      return new LinkMessage(name, new LinkMessage.Soft(heap.string(e.softLinkOffset())), -1,
          false);
    }
    return new LinkMessage(name, new LinkMessage.Hard(e.headerAddress()), -1, false);
  }
}
