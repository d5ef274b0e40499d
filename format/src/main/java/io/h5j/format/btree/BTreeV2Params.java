package io.h5j.format.btree;

/**
 * Creation parameters of a new v2 B-tree.
 *
 * @param type the B-tree type (5 link names, 6 link creation order, 8 attribute names, ...)
 * @param recordSize bytes per record
 * @param nodeSize bytes per node; libhdf5 uses 512 for group and attribute indexes
 * @param splitPercent fullness above which libhdf5 splits a node (100 for those indexes)
 * @param mergePercent fullness below which libhdf5 merges a node (40 for those indexes)
 */
public record BTreeV2Params(int type, int recordSize, int nodeSize, int splitPercent,
    int mergePercent) {
  /** libhdf5's node size for dense link and attribute indexes and huge-object trees. */
  public static final int DEFAULT_NODE_SIZE = 512;

  public BTreeV2Params {
    if (type < 0 || type > 255 || recordSize < 1 || recordSize > 0xffff || nodeSize < 64
        || splitPercent < 1 || splitPercent > 100 || mergePercent < 0 || mergePercent >= splitPercent) {
      throw new IllegalArgumentException("invalid v2 B-tree parameters: type " + type
          + ", record size " + recordSize + ", node size " + nodeSize + ", split/merge "
          + splitPercent + "/" + mergePercent);
    }
  }

  /** libhdf5's defaults for an index of the given type: node size 512, split 100, merge 40. */
  public static BTreeV2Params defaults(int type, int recordSize) {
    return new BTreeV2Params(type, recordSize, DEFAULT_NODE_SIZE, 100, 40);
  }
}
