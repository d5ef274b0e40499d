package io.h5j.format.object;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.MessageType;
import java.io.IOException;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The image of its metadata cache that libhdf5 1.10+ leaves in a file closed with a cache
 * image requested (H5Pset_mdc_image_config): a block named by a message of the superblock
 * extension, holding metadata entries (object headers, heaps, B-tree nodes...) that may never
 * have been written to their own addresses (the root group's header of libhdf5's
 * h5clear_mdc_image.h5 is zeros there). Reading such a file means reading those entries
 * instead of the bytes at their addresses; libhdf5 does so when it opens the file.
 *
 * <p>The block (not in the File Format Specification 3.0; as libhdf5's H5Cimage.c writes
 * it): "MDCI", version 0, flags (bit 0: a resize status follows, which libhdf5 itself refuses),
 * the image length, the entry count (u32); per entry its cache type, flags, ring, age, flush
 * dependency child, dirty child and parent counts (u16 each), LRU rank (i32), address, length,
 * the parents' addresses and the entry's bytes; a lookup3 checksum of all before it.
 */
public final class MetadataCacheImage {
  private static final String MESSAGE = "metadata cache image message";
  private static final String BLOCK = "metadata cache image";

  private MetadataCacheImage() {}

  /**
   * The entries of the image that the superblock extension at {@code extension} names, by
   * address; empty if it names none.
   */
  static NavigableMap<Long, byte[]> entries(H5Context ctx, long extension) throws IOException {
    NavigableMap<Long, byte[]> entries = new TreeMap<>();
    if (!FileParams.isDefined(extension)) {
      return entries;
    }
    for (StoredMessage m : ctx.header(extension).messages()) {
      if (m.type() == MessageType.METADATA_CACHE_IMAGE) {
        ByteReader r = new ByteReader(m.body(), extension, MESSAGE, ctx.params());
        int version = r.u8();
        if (version != 0) {
          throw r.versionError(version, 0, "version " + version + " is not 0");
        }
        long address = r.offset();
        long length = r.length();
        if (FileParams.isDefined(address)) {
          read(ctx.access(), address, length, entries);
        }
      }
    }
    return entries;
  }

  private static void read(FileAccess fa, long address, long length,
      NavigableMap<Long, byte[]> entries) throws IOException {
    FileParams p = fa.params();
    int o = p.offsetSize();
    int l = p.lengthSize();
    if (length < 4 + 2 + l + 4 + 4 || length > Integer.MAX_VALUE - 8) {
      throw new H5FormatException(BLOCK, address, "length " + length + " cannot be an image");
    }
    ByteReader r = fa.reader(address, length, BLOCK);
    r.signature("MDCI");
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    int flags = r.u8();
    if ((flags & 1) != 0) {
      throw r.error("holds a cache resize status, which libhdf5 does not read either");
    }
    long imageLength = r.length();
    if (imageLength != length) {
      throw r.error("says it is " + imageLength + " bytes long; the superblock extension says "
          + length);
    }
    long count = r.u32();
    int entryHeader = 1 + 1 + 1 + 1 + 2 + 2 + 2 + 4 + o + l;
    if (count == 0 || count > (length - r.position()) / entryHeader) {
      throw r.error(count + " entries cannot fit in " + length + " bytes");
    }
    for (long i = 0; i < count; i++) {
      int at = r.position();
      r.skip(4); // cache type, flags, ring, age: a reader needs only the bytes
      r.skip(4); // flush dependency child counts
      int parents = r.u16();
      r.skip(4); // LRU rank
      long entryAddress = r.offset();
      long entryLength = r.length();
      if (!FileParams.isDefined(entryAddress) || entryLength <= 0
          || entryLength > length - r.position()) {
        throw new H5FormatException(BLOCK, address + at, "entry " + i + " at "
            + entryAddress + " of " + entryLength + " bytes does not fit in the image");
      }
      r.skip((long) parents * o);
      byte[] bytes = r.bytes((int) entryLength);
      if (entries.put(entryAddress, bytes) != null) {
        throw new H5FormatException(BLOCK, address + at, "entry " + i + " repeats address "
            + entryAddress);
      }
    }
    if (r.position() != length - 4) {
      throw r.error("entries end at byte " + r.position() + ", not before the checksum at "
          + (length - 4));
    }
    r.checksum(0);
  }
}
