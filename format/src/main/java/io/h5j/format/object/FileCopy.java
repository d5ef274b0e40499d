package io.h5j.format.object;

import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import java.io.IOException;

/**
 * What copying header messages into another file needs from the copier: where the things a
 * message names by address go. A {@link MessageClass} knows which fields of its message name
 * something; the copier behind this interface moves the bytes (raw data, heap objects, other
 * objects) and answers with their new addresses. Both files have the same sizes of offsets
 * and lengths, so a message keeps its size.
 */
public interface FileCopy {
  /** The source file's sizes, for decoding the messages copied. */
  FileParams source();

  /** The target file's sizes, for encoding them. */
  FileParams target();

  /**
   * The body a shared message of the source stands for (read from the object header or the
   * shared message heap holding it), to store in full in the target.
   *
   * @param owner the source's header address holding {@code m}, for errors
   */
  byte[] sharedBody(StoredMessage m, long owner) throws IOException;

  /**
   * The target's header address of the committed datatype whose source header is at
   * {@code address}, copied first if need be; each call counts one more user of it.
   */
  long committedDatatype(long address) throws IOException;

  /** Copies {@code size} bytes of contiguous raw data at {@code address}; their new address. */
  long contiguousData(long address, long size) throws IOException;

  /** Copies the chunks and the index of chunked storage; the layout that names the copy. */
  LayoutMessage.Chunked chunkedData(LayoutMessage.Chunked layout) throws IOException;

  /** Copies the mapping block of a virtual dataset (one global heap object); its new ID. */
  GlobalHeapId mappingBlock(long collection, int index) throws IOException;

  /**
   * Copies the strings at {@code offsets} of the source's local heap at {@code heap} into a
   * new local heap of the target.
   */
  CopiedStrings localHeapStrings(long heap, long[] offsets) throws IOException;

  /**
   * Strings copied into a new local heap.
   *
   * @param heap the new heap's address
   * @param offsets each string's offset in it, in the order asked for
   */
  record CopiedStrings(long heap, long[] offsets) {}
}
