package io.h5j.format.group;

import io.h5j.format.btree.BTreeV1;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.SymbolTableMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes the complete storage of an old-style group (local heap, symbol table nodes, v1
 * B-tree) for a set of hard and soft links. Nodes are filled to 2K entries, the tree built
 * bottom up; the result is what libhdf5 reads, though its own inserts fill nodes by splitting.
 */
public final class SymbolTableWriter {
  private final FileAccess fa;
  private final SpaceAllocator alloc;
  private final int leafK;
  private final int internalK;

  public SymbolTableWriter(FileAccess fa, SpaceAllocator alloc, int leafK, int internalK) {
    this.fa = fa;
    this.alloc = alloc;
    this.leafK = leafK;
    this.internalK = internalK;
  }

  /** Names compare as libhdf5's B-tree does: by their bytes, unsigned (strcmp). */
  public static final Comparator<String> NAME_ORDER = (a, b) -> {
    byte[] x = a.getBytes(StandardCharsets.UTF_8);
    byte[] y = b.getBytes(StandardCharsets.UTF_8);
    return java.util.Arrays.compareUnsigned(x, y);
  };

  /** Writes new storage for {@code links} and returns the message pointing at it. */
  public SymbolTableMessage write(List<LinkMessage> links) throws IOException {
    FileParams p = fa.params();
    List<LinkMessage> sorted = new ArrayList<>(links);
    sorted.sort(Comparator.comparing(LinkMessage::name, NAME_ORDER));

    // Local heap: offset 0 holds the empty string, then every name (and soft link value).
    LocalHeap.Builder seg = new LocalHeap.Builder();
    long[] nameOffsets = new long[sorted.size()];
    long[] valueOffsets = new long[sorted.size()];
    for (int i = 0; i < sorted.size(); i++) {
      nameOffsets[i] = seg.add(sorted.get(i).name());
      if (sorted.get(i).target() instanceof LinkMessage.Soft s) {
        valueOffsets[i] = seg.add(s.path());
      } else if (!(sorted.get(i).target() instanceof LinkMessage.Hard)) {
        throw new IllegalArgumentException("link '" + sorted.get(i).name()
            + "': an old-style (symbol table) group holds only hard and soft links");
      }
    }
    long heapAddress = seg.write(fa, alloc);

    // Symbol table nodes, 2K entries each (at least one node, even for an empty group).
    int perNode = 2 * leafK;
    int entrySize = SymbolTableEntry.size(p);
    List<Long> children = new ArrayList<>();
    List<Long> rightKeys = new ArrayList<>();
    for (int from = 0; from < Math.max(1, sorted.size()); from += perNode) {
      int to = Math.min(sorted.size(), from + perNode);
      ByteWriter w = new ByteWriter(p, 8 + perNode * entrySize);
      w.ascii("SNOD").u8(1).u8(0).u16(to - from);
      for (int i = from; i < to; i++) {
        boolean soft = sorted.get(i).target() instanceof LinkMessage.Soft;
        byte[] scratch = new byte[16];
        long header = FileParams.UNDEFINED;
        if (soft) {
          for (int b = 0; b < 4; b++) {
            scratch[b] = (byte) (valueOffsets[i] >>> (8 * b));
          }
        } else {
          header = ((LinkMessage.Hard) sorted.get(i).target()).address();
        }
        new SymbolTableEntry(nameOffsets[i], header,
            soft ? SymbolTableEntry.CACHE_SOFT_LINK : SymbolTableEntry.CACHE_NONE, scratch)
            .encode(w);
      }
      w.zeros((perNode - (to - from)) * entrySize);
      long address = alloc.allocate(w.position());
      fa.write(address, w.toByteArray());
      children.add(address);
      rightKeys.add(to > from ? nameOffsets[to - 1] : 0L);
    }

    // B-tree levels, bottom up, until one root remains.
    int level = 0;
    long leftmostKey = 0;
    do {
      List<Long> parents = new ArrayList<>();
      List<Long> parentKeys = new ArrayList<>();
      int perParent = 2 * internalK;
      for (int from = 0; from < children.size(); from += perParent) {
        int to = Math.min(children.size(), from + perParent);
        long left = from == 0 ? leftmostKey : rightKeys.get(from - 1);
        parents.add(writeNode(level, children.subList(from, to), left,
            rightKeys.subList(from, to)));
        parentKeys.add(rightKeys.get(to - 1));
      }
      children = parents;
      rightKeys = parentKeys;
      level++;
    } while (children.size() > 1);
    return new SymbolTableMessage(children.get(0), heapAddress);
  }

  private long writeNode(int level, List<Long> children, long leftKey, List<Long> rightKeys)
      throws IOException {
    FileParams p = fa.params();
    int capacity = 2 * internalK;
    int size = 8 + 2 * p.offsetSize() + capacity * (p.lengthSize() + p.offsetSize())
        + p.lengthSize();
    ByteWriter w = new ByteWriter(p, size);
    w.ascii("TREE").u8(BTreeV1.GROUP_NODE).u8(level).u16(children.size());
    w.offset(FileParams.UNDEFINED).offset(FileParams.UNDEFINED);
    w.length(leftKey);
    for (int i = 0; i < children.size(); i++) {
      w.offset(children.get(i)).length(rightKeys.get(i));
    }
    w.zeros(size - w.position());
    long address = alloc.allocate(size);
    fa.write(address, w.toByteArray());
    return address;
  }
}
