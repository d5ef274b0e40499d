package io.h5j.format.btree;

import io.h5j.format.io.ByteReader;
import java.io.IOException;

/** Receives the records of a v2 B-tree in index order, one {@link ByteReader} per record. */
@FunctionalInterface
public interface RecordVisitor {
  /**
   * @param record a reader positioned at the start of one record and limited to its bytes;
   *     valid only during the call
   */
  void visit(ByteReader record) throws IOException;
}
