package io.h5j.format.heap;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import java.io.IOException;

/**
 * A record of a huge-object v2 B-tree (types 1 to 4). Fields a type does not store read
 * as: filter mask 0, memory size = length, id 0.
 *
 * @param address where the (possibly filtered) object lies in the file
 * @param length its length in the file
 * @param filterMask skipped filters (types 2 and 4)
 * @param memorySize the object's size after unfiltering (types 2 and 4)
 * @param id the key that indirect heap IDs carry (types 1 and 2)
 */
public record HugeObjectRecord(long address, long length, long filterMask, long memorySize,
    long id) {

  /** Record size of B-tree type {@code type} (1..4). */
  public static int size(int type, FileParams p) {
    int o = p.offsetSize();
    int l = p.lengthSize();
    switch (type) {
      case 1: return o + l + l;
      case 2: return o + l + 4 + l + l;
      case 3: return o + l;
      case 4: return o + l + 4 + l;
      default: throw new IllegalArgumentException("B-tree type " + type + " is not a huge-object type");
    }
  }

  public static HugeObjectRecord decode(int type, ByteReader r) throws IOException {
    long address = r.offset();
    long length = r.length();
    switch (type) {
      case 1:
        return new HugeObjectRecord(address, length, 0, length, r.length());
      case 2: {
        long mask = r.u32();
        long memory = r.length();
        return new HugeObjectRecord(address, length, mask, memory, r.length());
      }
      case 3:
        return new HugeObjectRecord(address, length, 0, length, 0);
      case 4: {
        long mask = r.u32();
        return new HugeObjectRecord(address, length, mask, r.length(), 0);
      }
      default:
        throw new H5FormatException(r.structure(), r.fileAddress(), "B-tree type " + type
            + " is not a huge-object type");
    }
  }

  public void encode(int type, ByteWriter w) {
    w.offset(address).length(length);
    if (type == 2 || type == 4) {
      w.u32(filterMask).length(memorySize);
    }
    if (type == 1 || type == 2) {
      w.length(id);
    }
  }
}
