package io.h5j.format.chunk;

/**
 * Creation parameters of new chunk indexes; {@link #DEFAULTS} are libhdf5's.
 *
 * @param faPageBits fixed array: log2 of the entries per data block page (10)
 * @param eaMaxBits extensible array: bits of the maximum element count (32)
 * @param eaIndexElements extensible array: elements held in the index block (4)
 * @param eaMinPointers extensible array: minimum data block pointers of a super block (4)
 * @param eaMinElements extensible array: minimum elements of a data block (16)
 * @param eaPageBits extensible array: log2 of the elements per data block page (10)
 * @param bt2NodeSize v2 B-tree node size in bytes (2048)
 * @param bt2Split v2 B-tree split percent (100)
 * @param bt2Merge v2 B-tree merge percent (40)
 * @param v1K v1 B-tree: half the most children of a node, the superblock's chunk K (32)
 */
public record IndexOptions(int faPageBits, int eaMaxBits, int eaIndexElements, int eaMinPointers,
    int eaMinElements, int eaPageBits, int bt2NodeSize, int bt2Split, int bt2Merge, int v1K) {
  public static final IndexOptions DEFAULTS = new IndexOptions(10, 32, 4, 4, 16, 10, 2048, 100, 40,
      32);

  /** These options with another v1 B-tree K (from the superblock of the file written to). */
  public IndexOptions withV1K(int k) {
    return new IndexOptions(faPageBits, eaMaxBits, eaIndexElements, eaMinPointers, eaMinElements,
        eaPageBits, bt2NodeSize, bt2Split, bt2Merge, k);
  }

  /** These options with another fixed array page size. */
  public IndexOptions withFaPageBits(int bits) {
    return new IndexOptions(bits, eaMaxBits, eaIndexElements, eaMinPointers, eaMinElements,
        eaPageBits, bt2NodeSize, bt2Split, bt2Merge, v1K);
  }

  /** These options with other extensible array parameters. */
  public IndexOptions withEa(int maxBits, int indexElements, int minPointers, int minElements,
      int pageBits) {
    return new IndexOptions(faPageBits, maxBits, indexElements, minPointers, minElements,
        pageBits, bt2NodeSize, bt2Split, bt2Merge, v1K);
  }

  /** These options with another v2 B-tree node size. */
  public IndexOptions withBt2NodeSize(int nodeSize) {
    return new IndexOptions(faPageBits, eaMaxBits, eaIndexElements, eaMinPointers, eaMinElements,
        eaPageBits, nodeSize, bt2Split, bt2Merge, v1K);
  }
}
