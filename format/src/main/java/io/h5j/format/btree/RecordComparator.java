package io.h5j.format.btree;

import io.h5j.format.io.ByteReader;
import java.io.IOException;

/**
 * Compares the key being searched for with one record of a v2 B-tree, for
 * {@link BTreeV2#find}. The comparison must agree with the order the tree is sorted in.
 */
@FunctionalInterface
public interface RecordComparator {
  /**
   * @param record a reader over one record's bytes
   * @return negative if the key sorts before the record, zero if the record is the one
   *     sought, positive if the key sorts after it
   */
  int compareTo(ByteReader record) throws IOException;
}
