package io.h5j.format.superblock;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Finds, decodes and encodes superblocks of versions 0 to 3. */
public final class SuperblockCodec {
  private SuperblockCodec() {}

  static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  private static final String WHAT = "superblock";

  /** Searches positions 0, 512, 1024, 2048, ... for the signature, as libhdf5 does. */
  public static long find(FileAccess fa) throws IOException {
    long size = fa.size() + fa.params().baseAddress(); // absolute
    byte[] sig = new byte[8];
    for (long at = 0; at + 8 <= size; at = at == 0 ? 512 : at * 2) {
      fa.readFully(at, ByteBuffer.wrap(sig), WHAT);
      if (java.util.Arrays.equals(sig, SIGNATURE)) {
        return at;
      }
    }
    throw new H5FormatException(WHAT, 0, "no HDF5 signature at offset 0 or any power of two"
        + " from 512 up to the file size " + size + ": not an HDF5 file");
  }

  /** Reads the superblock and sets the file's offset/length sizes and base address. */
  public static Superblock read(FileAccess fa) throws IOException {
    long at = find(fa);
    long size = fa.size() + fa.params().baseAddress();
    byte[] head = new byte[(int) Math.min(256, size - at)];
    fa.readFully(at, ByteBuffer.wrap(head), WHAT);
    ByteReader r = new ByteReader(head, at, WHAT, FileParams.DEFAULT);
    r.skip(8);
    int version = r.u8();
    Superblock sb = switch (version) {
      case 0, 1 -> decodeV0(r, at, version);
      case 2, 3 -> decodeV2(r, at, version);
      default -> throw version > 3
          ? H5FormatException.tooNew(WHAT, at + 8, "version " + version + " is not 0..3")
          : new H5FormatException(WHAT, at + 8, "version " + version + " is not 0..3");
    };
    fa.params(sb.params());
    long fileSize = fa.size();
    if (sb.rootAddress() < 0 || sb.rootAddress() >= fileSize) {
      throw new H5FormatException(WHAT, at, "root group address " + sb.rootAddress()
          + " is outside the file of " + fileSize + " bytes");
    }
    return sb;
  }

  private static FileParams params(ByteReader r, int offsets, int lengths, long base)
      throws H5FormatException {
    if (!FileParams.validSize(offsets) || !FileParams.validSize(lengths)) {
      throw r.error("size of offsets " + offsets + " / size of lengths " + lengths
          + " is not 2, 4 or 8");
    }
    return new FileParams(offsets, lengths, base);
  }

  private static Superblock decodeV0(ByteReader r, long at, int version) throws H5FormatException {
    r.skip(3); // free-space, root symbol table entry and reserved versions: all 0
    int sharedHeaderVersion = r.u8();
    if (sharedHeaderVersion != 0) {
      throw r.versionError(sharedHeaderVersion, 0, "shared header message format version " + sharedHeaderVersion + " is not 0");
    }
    int offsets = r.u8();
    int lengths = r.u8();
    r.skip(1);
    int leafK = r.u16();
    int internalK = r.u16();
    if (leafK == 0 || internalK == 0) {
      throw r.error("group B-tree K values must be positive");
    }
    int flags = r.i32();
    int chunkK = Superblock.DEFAULT_CHUNK_INTERNAL_K;
    if (version == 1) {
      chunkK = r.u16();
      r.skip(2);
    }
    ByteReader p = new ByteReader(r.array(), r.arrayIndex(), r.array().length, r.fileAddress(),
        WHAT, params(r, offsets, lengths, 0));
    long base = p.offset();
    long freeSpace = p.offset();
    long eof = p.offset();
    long driver = p.offset();
    if (base < 0) {
      throw p.error("base address is undefined");
    }
    FileParams fp = new FileParams(offsets, lengths, base);
    // root group symbol table entry: name offset (size of lengths), header address, cache
    // type, reserved, scratch
    p.length();
    long root = p.offset();
    long cacheType = p.u32();
    if (cacheType > 2) {
      throw p.error("root symbol table entry cache type " + cacheType + " is not 0..2");
    }
    p.skip(4);
    long btree = FileParams.UNDEFINED;
    long heap = FileParams.UNDEFINED;
    if (cacheType == 1) {
      btree = p.offset();
      heap = p.offset();
    }
    // the end of allocation is stored as an absolute address, every other one relative
    return new Superblock(at, version, fp, leafK, internalK, chunkK, flags, freeSpace,
        eof - base,
        driver, FileParams.UNDEFINED, root, btree, heap);
  }

  private static Superblock decodeV2(ByteReader r, long at, int version) throws H5FormatException {
    int offsets = r.u8();
    int lengths = r.u8();
    int flags = r.u8();
    ByteReader p = new ByteReader(r.array(), 0, r.array().length, at, WHAT,
        params(r, offsets, lengths, 0));
    p.skip(12);
    long base = p.offset();
    long ext = p.offset();
    long eof = p.offset();
    long root = p.offset();
    p.checksum(0);
    if (base < 0) {
      throw p.error("base address is undefined");
    }
    return new Superblock(at, version, new FileParams(offsets, lengths, base),
        Superblock.DEFAULT_GROUP_LEAF_K, Superblock.DEFAULT_GROUP_INTERNAL_K, Superblock.DEFAULT_CHUNK_INTERNAL_K, flags,
        FileParams.UNDEFINED, eof - base, FileParams.UNDEFINED, ext, root, FileParams.UNDEFINED,
        FileParams.UNDEFINED);
  }

  /** Encodes {@code sb} in its own version (0..3). */
  public static byte[] encode(Superblock sb) {
    FileParams fp = sb.params();
    ByteWriter w = new ByteWriter(fp);
    w.bytes(SIGNATURE).u8(sb.version());
    if (sb.version() >= 2) {
      w.u8(fp.offsetSize()).u8(fp.lengthSize()).u8(sb.consistencyFlags());
      w.offset(fp.baseAddress()).offset(sb.extensionAddress())
          .offset(fp.baseAddress() + sb.endOfFileAddress()).offset(sb.rootAddress());
      w.checksum(0);
      return w.toByteArray();
    }
    w.u8(0).u8(0).u8(0).u8(0).u8(fp.offsetSize()).u8(fp.lengthSize()).u8(0);
    w.u16(sb.groupLeafK()).u16(sb.groupInternalK()).u32(sb.consistencyFlags());
    if (sb.version() == 1) {
      w.u16(sb.chunkInternalK()).u16(0);
    }
    w.offset(fp.baseAddress()).offset(sb.freeSpaceAddress())
        .offset(fp.baseAddress() + sb.endOfFileAddress()).offset(sb.driverInfoAddress());
    w.length(0).offset(sb.rootAddress());
    boolean cached = FileParams.isDefined(sb.rootCachedBtree());
    w.u32(cached ? 1 : 0).u32(0);
    int scratch = w.position();
    if (cached) {
      w.offset(sb.rootCachedBtree()).offset(sb.rootCachedHeap());
    }
    w.zeros(16 - (w.position() - scratch));
    return w.toByteArray();
  }

  /** Size in bytes of a superblock of this version and these parameters. */
  public static int encodedSize(int version, FileParams fp) {
    if (version >= 2) {
      return 12 + 4 * fp.offsetSize() + 4;
    }
    return 24 + (version == 1 ? 4 : 0) + 4 * fp.offsetSize() + fp.lengthSize()
        + fp.offsetSize() + 8 + 16;
  }
}
