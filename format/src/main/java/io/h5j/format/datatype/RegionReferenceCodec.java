package io.h5j.format.datatype;

import io.h5j.format.H5FormatException;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.SelectionCodec;

/**
 * The stored form of an old-style dataset region reference ({@code H5R_DATASET_REGION}, the
 * spec's "Dataset Region Reference"): the element is a global heap ID (collection address,
 * size of offsets; object index, u32), all zeros for a null reference; the heap object holds
 * the dataset's object header address (size of offsets) and then its selection, encoded as
 * in {@link SelectionCodec} (no dataspace: the dataset's own gives the extent).
 */
public final class RegionReferenceCodec {
  private RegionReferenceCodec() {}

  /**
   * A decoded region.
   *
   * @param address the object header address of the dataset
   * @param selection the selected region
   */
  public record Region(long address, EncodedSelection selection) {}

  /** The element size: a global heap ID. */
  public static int elementSize(FileParams params) {
    return params.offsetSize() + 4;
  }

  /**
   * The heap ID an element holds, or null for a null reference (collection address 0 or
   * undefined).
   */
  public static GlobalHeapId heapId(byte[] element, FileParams params)
      throws H5FormatException {
    ByteReader r = new ByteReader(element, 0, "region reference element", params);
    if (element.length != elementSize(params)) {
      throw r.error("element of " + element.length + " bytes, not " + elementSize(params));
    }
    long collection = r.offset();
    long index = r.u32();
    return collection == 0 || collection == FileParams.UNDEFINED ? null
        : new GlobalHeapId(collection, (int) index);
  }

  /**
   * Decodes the heap object of a region reference.
   *
   * @param object the heap object's bytes
   * @param collection the address of its heap collection, for errors
   */
  public static Region decode(byte[] object, long collection, FileParams params)
      throws H5FormatException {
    ByteReader r = new ByteReader(object, collection, "region reference heap object", params);
    long address = r.offset();
    return new Region(address, SelectionCodec.decode(r));
  }

}
