package io.h5j.format.vds;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.select.SelectionCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Finds the mapping whose virtual block starts at a given corner by reading a few entries of a
 * stored mapping block instead of the whole block. It works on the blocks versioned files
 * hold: every entry after the first has the same encoded size (so entry {@code i} lies at a
 * computed offset), one source, single-block selections, and the entries are stored in C
 * order of their virtual corners (so a binary search over about log2(n) entries finds one).
 *
 * <p>Nothing here is proven: the block's checksum is not verified and only the entries read
 * are looked at. An answer is right when the whole block is what it looks like (checksum
 * right, corners strictly increasing, blocks on one grid); {@link MappingBlock#decode} and
 * the full index over it establish that, and a caller must check its answers against them
 * before or after it uses them. Any entry that does not look as expected makes the probe
 * answer "unknown" (null), never throw: the full decode then reports what is wrong.
 */
public final class MappingProbe {
  /** Reads stored bytes of the block: {@code length} bytes from {@code offset}. */
  public interface Bytes {
    byte[] read(long offset, int length) throws IOException;
  }

  /**
   * Mapping {@code index}: its stored source names (patterns, "." for the same file) and its
   * virtual corner, source corner and block shape.
   */
  public record Entry(int index, String sourceFile, String sourceDataset, long[] virtualStart,
      long[] sourceStart, long[] shape) {}

  /** Bytes read at first: the header and, in nearly every block, the first two entries. */
  private static final int FIRST_READ = 4096;
  /** Most entries one search reads (a binary search over 2^31 entries needs 31). */
  private static final int MAX_STEPS = 40;

  private final Bytes bytes;
  private final FileParams params;
  private final long address;
  private final int version;
  private final int count;
  private final long firstOffset;
  private final int entrySize;
  private final Entry first;

  private MappingProbe(Bytes bytes, FileParams params, long address, int version, int count,
      long firstOffset, int entrySize, Entry first) {
    this.bytes = bytes;
    this.params = params;
    this.address = address;
    this.version = version;
    this.count = count;
    this.firstOffset = firstOffset;
    this.entrySize = entrySize;
    this.first = first;
  }

  /**
   * A probe of the block of {@code blockSize} bytes (checksum included) that {@code bytes}
   * reads, or null when the block is not of the kind it works on.
   *
   * @param address the block's file address, for the positions of the probe's readers
   */
  public static MappingProbe open(Bytes bytes, long blockSize, FileParams params, long address)
      throws IOException {
    int ls = params.lengthSize();
    if (blockSize < 1 + ls + 4 || blockSize > Integer.MAX_VALUE) {
      return null;
    }
    long body = blockSize - 4;
    byte[] head = bytes.read(0, (int) Math.min(body, FIRST_READ));
    try {
      ByteReader r = new ByteReader(head, 0, head.length, address, "VDS mapping block", params);
      int version = r.u8();
      long n = r.uN(ls);
      if (version > 1 || n < 2 || n > Integer.MAX_VALUE) {
        return null;
      }
      Entry e0 = parse(r, version, 0, null);
      long off1 = r.position();
      if (e0 == null) {
        return null;
      }
      Entry e1 = parse(r, version, 1, e0);
      if (e1 == null) {
        return null;
      }
      long size = r.position() - off1;
      if (off1 + (n - 1) * size != body) {
        return null; // entries of different sizes: no computed offsets
      }
      return new MappingProbe(bytes, params, address, version, (int) n, off1, (int) size, e0);
    } catch (H5FormatException e) {
      return null; // malformed or beyond the first read: the full decode will tell
    }
  }

  /**
   * One entry from {@code r}: null unless its selections are single blocks of one shape (and,
   * after the first entry, its names are the first one's).
   */
  private static Entry parse(ByteReader r, int version, int index, Entry e0)
      throws H5FormatException {
    int ls = r.params().lengthSize();
    int flags = version == 1 ? r.u8() : 0;
    String file;
    if ((flags & MappingBlock.FLAG_SAME_FILE) != 0) {
      file = Mapping.SAME_FILE;
    } else if ((flags & MappingBlock.FLAG_FILE_SHARED) != 0) {
      if (e0 == null || r.uN(ls) != MappingBlock.V1_INDEX_BASE) {
        return null;
      }
      file = e0.sourceFile();
    } else {
      file = name(r);
    }
    String dataset;
    if ((flags & MappingBlock.FLAG_DATASET_SHARED) != 0) {
      if (e0 == null || r.uN(ls) != MappingBlock.V1_INDEX_BASE) {
        return null;
      }
      dataset = e0.sourceDataset();
    } else {
      dataset = name(r);
    }
    if (file == null || dataset == null || (e0 != null && !(file.equals(e0.sourceFile())
        && dataset.equals(e0.sourceDataset())))) {
      return null;
    }
    long[] s = new long[64];
    long[] v = new long[64];
    int rs = SelectionCodec.scanBox(r, s, 0);
    int rv = SelectionCodec.scanBox(r, v, 0);
    if (rs <= 0 || rs != rv || (e0 != null && rs != e0.shape().length)) {
      return null;
    }
    long[] shape = Arrays.copyOfRange(v, rv, 2 * rv);
    if (!Arrays.equals(shape, Arrays.copyOfRange(s, rs, 2 * rs))) {
      return null;
    }
    return new Entry(index, file, dataset, Arrays.copyOf(v, rv), Arrays.copyOf(s, rs), shape);
  }

  /** A NUL-terminated name, or null when it is empty or not terminated in the reader. */
  private static String name(ByteReader r) throws H5FormatException {
    byte[] a = r.array();
    int from = r.arrayIndex();
    for (int k = 0; k < r.remaining(); k++) {
      if (a[from + k] == 0) {
        String s = k == 0 ? null : new String(a, from, k, StandardCharsets.UTF_8);
        r.skip(k + 1);
        return s;
      }
    }
    return null;
  }

  /** Number of mappings the block holds. */
  public int count() {
    return count;
  }

  /** The first mapping. */
  public Entry first() {
    return first;
  }

  /** Mapping {@code i}, read on its own; null when it does not look like the others. */
  public Entry entry(int i) throws IOException {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException("mapping " + i + " of " + count);
    }
    if (i == 0) {
      return first;
    }
    long off = firstOffset + (long) (i - 1) * entrySize;
    byte[] b = bytes.read(off, entrySize);
    try {
      ByteReader r = new ByteReader(b, 0, b.length, address + off, "VDS mapping block",
          params);
      Entry e = parse(r, version, i, first);
      return e != null && !r.hasRemaining() ? e : null;
    } catch (H5FormatException e) {
      return null;
    }
  }

  /** Outcome of {@link #find}: the mapping found, none (a hole), or unknown. */
  public record Found(boolean known, Entry entry) {}

  /**
   * The mapping whose virtual block starts at {@code corner}, by binary search in C order of
   * the corners. {@code known} is false when an entry read does not look like the others or
   * the corners read are not in order; a known null entry means that no corner equals
   * {@code corner}, which is right only when the corners are all in order.
   */
  public Found find(long[] corner) throws IOException {
    return find(corner, -1);
  }

  /**
   * As {@link #find(long[])}, looking first at entry {@code guess} (ignored when not an entry):
   * where every cell of a grid is mapped in C order, the cell's number finds it at once.
   */
  public Found find(long[] corner, long guess) throws IOException {
    int lo = 0;
    int hi = count - 1;
    long[] lowCorner = null;
    int mid = guess >= 0 && guess < count ? (int) guess : (lo + hi) >>> 1;
    for (int step = 0; step < MAX_STEPS && lo <= hi; step++, mid = (lo + hi) >>> 1) {
      Entry e = entry(mid);
      if (e == null || e.virtualStart().length != corner.length) {
        return new Found(false, null);
      }
      int c = compare(e.virtualStart(), corner);
      if (c == 0) {
        return new Found(true, e);
      }
      if (c < 0) {
        if (lowCorner != null && compare(e.virtualStart(), lowCorner) <= 0) {
          return new Found(false, null); // not increasing along the search
        }
        lowCorner = e.virtualStart();
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return new Found(lo > hi, null);
  }

  private static int compare(long[] a, long[] b) {
    for (int d = 0; d < a.length; d++) {
      int c = Long.compare(a[d], b[d]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
