package io.h5j.format.heap;

import io.h5j.format.btree.BTreeV2Layout;
import io.h5j.format.io.FileParams;

/**
 * The sizes derived from a heap's header that decide how its IDs and blocks are encoded:
 * heap offsets take {@code ceil(maxHeapBits / 8)} bytes, managed lengths as many bytes as
 * {@code min(maxDirectBlockSize, maxManagedObjectSize)} needs; tiny objects use the
 * "extended" form only when IDs are longer than 18 bytes; huge objects are addressed
 * directly from the ID when address and length (and, for filtered heaps, mask and size)
 * fit in it, otherwise through a B-tree key of {@code min(idLength - 1, 8)} bytes.
 *
 * @param offsetSize bytes of a heap offset (in managed IDs and block headers)
 * @param lengthSize bytes of the length in managed IDs
 * @param directBlockPrefix bytes of a direct block before its first object
 * @param tinyMaxLength longest object stored inside its ID
 * @param tinyExtended whether tiny IDs use the 12-bit length form
 * @param hugeDirect whether huge IDs hold the object's address and length themselves
 * @param hugeIdSize bytes of the B-tree key in an indirect huge ID
 */
public record HeapIdLayout(int offsetSize, int lengthSize, int directBlockPrefix,
    int tinyMaxLength, boolean tinyExtended, boolean hugeDirect, int hugeIdSize) {

  /** Computes the layout of a heap with the given parameters. */
  public static HeapIdLayout of(int idLength, long maxManagedObjectSize, boolean filtered,
      boolean checksummedDirectBlocks, DoublingTable table, FileParams p) {
    int offsetSize = table.heapOffsetSize();
    int lengthSize = BTreeV2Layout.encodedSize(
        Math.min(table.maxDirectBlockSize(), maxManagedObjectSize));
    int prefix = 4 + 1 + p.offsetSize() + offsetSize + (checksummedDirectBlocks ? 4 : 0);
    int tinyMax;
    boolean extended;
    if (idLength - 1 <= 16) {
      tinyMax = idLength - 1;
      extended = false;
    } else if (idLength - 1 == 17) {
      tinyMax = 16;
      extended = false;
    } else {
      tinyMax = idLength - 2;
      extended = true;
    }
    int directNeed = filtered ? p.offsetSize() + 2 * p.lengthSize() + 4
        : p.offsetSize() + p.lengthSize();
    boolean hugeDirect = idLength - 1 >= directNeed;
    int hugeIdSize = hugeDirect ? directNeed : Math.min(Math.max(idLength - 1, 0), 8);
    return new HeapIdLayout(offsetSize, lengthSize, prefix, Math.max(tinyMax, 0), extended,
        hugeDirect, hugeIdSize);
  }

  /** Bytes a managed object's ID needs: the flag byte, the offset and the length. */
  public int managedIdSize() {
    return 1 + offsetSize + lengthSize;
  }
}
