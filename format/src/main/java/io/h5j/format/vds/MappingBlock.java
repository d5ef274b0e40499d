package io.h5j.format.vds;

import io.h5j.format.io.Tasks;
import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.SelectionCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.IntConsumer;

/**
 * A virtual dataset's mapping block (the global heap object its layout message points to),
 * kept as the stored bytes plus an offset table built in one linear pass; names and
 * selections are decoded when asked for.
 *
 * <p>Block v0: version (u8) 0, entry count (size of lengths), per entry the source file name
 * and source dataset name (NUL-terminated), the source selection and the virtual selection;
 * then a lookup3 checksum of everything before it. Block v1 (HDF5 2.0) puts a flags byte before
 * each entry: bit 0, the file name is a size-of-lengths index (from 0) of an earlier entry
 * that holds it; bit 1, the dataset name likewise; bit 2, the source is the virtual dataset's
 * own file and the file name field is absent.
 *
 * <p>While scanning, every entry whose two selections are single hyperslab blocks of the same
 * shape is also decoded into flat primitive arrays ({@link #virtualStart}, {@link #sourceStart},
 * {@link #blockShape}): the shape of versioned-hdf5's files, which map whole chunks. When in
 * addition every mapping has the same source and the virtual blocks lie on a regular grid,
 * {@link #grid()} gives an O(1) chunk-to-mapping index.
 */
public final class MappingBlock {
  /**
   * The number a v1 block's shared-name index gives to the first entry: 0. Checked against
   * libhdf5 2.0.0 (through h5wasm, conformance test {@code H5wasmVirtualReadTest}): with 0 it
   * decodes every shared file and dataset name of h5j's blocks as written and reads the values
   * exactly; with 1 it refuses the block ("origin source file entry has higher index than
   * current entry"). The index is the number of the mapping whose entry holds the name, not a
   * count of distinct names.
   */
  public static final int V1_INDEX_BASE = 0;

  public static final int FLAG_FILE_SHARED = 1;
  public static final int FLAG_DATASET_SHARED = 2;
  public static final int FLAG_SAME_FILE = 4;

  private static final int MAX_RANK = EncodedSelection.MAX_RANK;
  /** Smallest entry: two one-byte names and two 16-byte selections. */
  private static final int MIN_ENTRY = 2 + 16 + 16;

  private final byte[] data;
  private final FileParams params;
  private final long address;
  private final String structure;
  private final int version;
  private final int count;
  /** Offset of each entry's file name, or -1 when it is the same file (v1 flag 2). */
  private final int[] fileOff;
  private final int[] dsetOff;
  private final int[] srcOff;
  private final int[] virtOff;
  private final int boxRank;
  private final long[] vStart;
  private final long[] sStart;
  private final long[] shape;
  /** Entries all encoded alike: offsets and boxes computed, the arrays above null. */
  private final UniformEntries uniform;
  private final boolean singleSource;
  private final BlockGrid grid;
  private final Map<Integer, String> names = new HashMap<>();
  /** The names last decoded, at these offsets (-1: none): a file's and a dataset's. */
  private final int[] recentOff = {-1, -1};
  private final String[] recent = new String[2];
  private int nextRecent;

  private MappingBlock(byte[] data, FileParams params, long address, String structure,
      int version, int count, int[] fileOff, int[] dsetOff, int[] srcOff, int[] virtOff,
      int boxRank, long[] vStart, long[] sStart, long[] shape, boolean singleSource,
      UniformEntries uniform) {
    this.data = data;
    this.params = params;
    this.address = address;
    this.structure = structure;
    this.version = version;
    this.count = count;
    this.fileOff = fileOff;
    this.dsetOff = dsetOff;
    this.srcOff = srcOff;
    this.virtOff = virtOff;
    this.boxRank = boxRank;
    this.vStart = vStart;
    this.sStart = sStart;
    this.shape = shape;
    this.singleSource = singleSource;
    this.uniform = uniform;
    if (uniform != null) {
      this.grid = uniform.needsDetect()
          ? BlockGrid.detect(boxRank, count, boxes(0), boxes(2)) : uniform.grid();
    } else {
      this.grid = boxRank > 0 && singleSource ? BlockGrid.detect(boxRank, count, vStart, shape)
          : null;
    }
  }

  /** A block whose entries {@code u} read, all of them boxes of one source. */
  private MappingBlock(byte[] data, FileParams params, long address, String structure,
      int count, UniformEntries u) {
    this(data, params, address, structure, 0, count, null, null, null, null, u.rank(), null,
        null, null, true, u);
  }

  /**
   * Scans a mapping block.
   *
   * @param block the global heap object's bytes, exactly (kept, not copied: do not modify)
   * @param params the file's sizes of offsets and lengths
   * @param address the file address of the block (or of its heap collection), for messages
   * @param vdsName the virtual dataset's path, for messages; may be null
   * @throws H5FormatException on any malformed input, naming the block and the mapping
   */
  public static MappingBlock decode(byte[] block, FileParams params, long address,
      String vdsName) throws H5FormatException {
    return decode(block, params, address, vdsName, null);
  }

  /**
   * Scans a mapping block as {@link #decode(byte[], FileParams, long, String)} does, the
   * checksum computed on {@code verifier} while this thread scans the entries: the two passes
   * over the block overlap on two cores. Nothing decoded is returned before the checksum
   * matched, and a wrong checksum is the error reported even when the scan failed too.
   *
   * @param verifier where the checksum runs; null (or one that refuses the task) for this thread
   */
  public static MappingBlock decode(byte[] block, FileParams params, long address,
      String vdsName, Executor verifier) throws H5FormatException {
    try {
      return decode(block, params, address, vdsName, verifier, null);
    } catch (H5FormatException e) {
      throw e;
    } catch (IOException e) {
      throw new IllegalStateException("a block already in memory failed to arrive", e);
    }
  }

  /**
   * Fills a mapping block's array and scans it, the checksum computed on {@code verifier} as
   * the bytes arrive: the checksum, the longest of the passes (one core hashes about a byte per
   * cycle), starts with the first piece rather than after the last, and the scan runs beside
   * it. Nothing decoded is returned before the checksum matched, and a wrong checksum is the
   * error reported even when the scan failed too.
   *
   * @param block the array the block is read into, of the block's stored size (kept)
   * @param verifier where the checksum runs; null (or one that refuses the task) for this thread
   * @param filler writes the stored block into {@code block} in order; null when it is there
   * @throws IOException when the filler fails (its exception) or the block is malformed
   */
  public static MappingBlock decode(byte[] block, FileParams params, long address,
      String vdsName, Executor verifier, Filler filler) throws IOException {
    String structure = vdsName == null ? "VDS mapping block"
        : "VDS mapping block of " + vdsName;
    int ls = params.lengthSize();
    if (block.length < 1 + ls + 4) {
      throw new H5FormatException(structure, address, "block of " + block.length
          + " bytes is too short for its header and checksum");
    }
    int end = block.length - 4;
    Arrival arrival = new Arrival(filler == null ? block.length : 0);
    // a FutureTask runs once: if no worker has started it when the scan is done, this thread
    // runs it (no deadlock when every worker is busy or waits on this thread)
    FutureTask<Integer> sum = null;
    if (verifier != null) {
      sum = new FutureTask<>(() -> Lookup3.hash(block, 0, end, 0, arrival));
      try {
        verifier.execute(sum);
      } catch (RejectedExecutionException e) {
        sum = null; // the pool is shut down: verify here
      }
    }
    if (filler != null) {
      try {
        filler.fill(block, arrival::present);
      } catch (IOException | RuntimeException e) {
        arrival.fail(); // a checksum thread following the bytes stops
        throw e;
      }
      arrival.present(block.length);
    }
    if (sum == null) {
      verify(block, end, Lookup3.checksum(block, 0, end), structure, address);
      return scan(block, params, address, structure);
    }
    MappingBlock scanned = null;
    Exception failure = null;
    try {
      scanned = scan(block, params, address, structure);
    } catch (H5FormatException | RuntimeException e) {
      failure = e; // reported once the checksum is known to be right
    }
    sum.run();
    verify(block, end, checksumOf(sum), structure, address);
    if (failure instanceof H5FormatException f) {
      throw f;
    }
    if (failure != null) {
      throw (RuntimeException) failure;
    }
    return scanned;
  }

  /** Writes a stored mapping block into an array, in order. */
  @FunctionalInterface
  public interface Filler {
    /**
     * Fills {@code into} from its start, calling {@code present} with the number of bytes
     * written so far (each final) after each piece.
     */
    void fill(byte[] into, IntConsumer present) throws IOException;
  }

  /** How much of a block being filled is there, for the checksum thread that follows it. */
  private static final class Arrival implements Lookup3.Arrivals {
    /** Bytes present from the start of the array, or -1 when the filler failed. */
    private volatile int present;

    Arrival(int present) {
      this.present = present;
    }

    void present(int n) {
      present = n;
    }

    void fail() {
      present = -1;
    }

    @Override
    public int awaitBeyond(int known) {
      for (int idle = 0; ; idle++) {
        int p = present;
        if (p < 0) {
          throw new CancellationException("the block was not read");
        }
        if (p > known) {
          return p;
        }
        if (idle < 1 << 12) {
          Thread.onSpinWait(); // the filler copies several times faster than this hashes
        } else {
          Thread.yield(); // the filler is not running: do not hold a core it may need
        }
      }
    }
  }

  /**
   * Checks a stored block's length and checksum without scanning its entries: for callers
   * that compare or copy blocks as bytes.
   *
   * @param block the stored block, checksum included
   * @param params the file's sizes of offsets and lengths
   * @param address the file address of the block, for messages
   * @param vdsName the virtual dataset's path, for messages
   * @return {@code block}
   * @throws H5FormatException when the block is too short or its checksum is wrong
   */
  public static byte[] verified(byte[] block, FileParams params, long address, String vdsName)
      throws H5FormatException {
    String structure = "VDS mapping block of " + vdsName;
    if (block.length < 1 + params.lengthSize() + 4) {
      throw new H5FormatException(structure, address, "block of " + block.length
          + " bytes is too short for its header and checksum");
    }
    int end = block.length - 4;
    verify(block, end, Lookup3.checksum(block, 0, end), structure, address);
    return block;
  }

  private static int checksumOf(FutureTask<Integer> sum) {
    try {
      return Tasks.join(sum);
    } catch (ExecutionException e) {
      throw new IllegalStateException("checksum of a mapping block failed", e.getCause());
    }
  }

  private static void verify(byte[] block, int end, int computed, String structure,
      long address) throws H5FormatException {
    int stored = (block[end] & 0xff) | (block[end + 1] & 0xff) << 8
        | (block[end + 2] & 0xff) << 16 | (block[end + 3] & 0xff) << 24;
    if (stored != computed) {
      throw new H5FormatException(structure, address + end, String.format(
          "checksum mismatch: stored %08x, computed %08x", stored, computed));
    }
  }

  /** The entries of a block whose length was checked: uniform ones first, else each alone. */
  private static MappingBlock scan(byte[] block, FileParams params, long address,
      String structure) throws H5FormatException {
    return scan(block, params, address, structure, true);
  }

  /**
   * The entries of a block whose length was checked, into offsets and box arrays; with
   * {@code uniform}, read through {@link UniformEntries} when they are all encoded alike
   * (false: tests compare the two ways).
   */
  static MappingBlock scan(byte[] block, FileParams params, long address, String structure,
      boolean uniform) throws H5FormatException {
    int ls = params.lengthSize();
    int end = block.length - 4;
    ByteReader r = new ByteReader(block, 0, end, address, structure, params);
    int version = r.u8();
    if (version > 1) {
      throw H5FormatException.tooNew(structure, address, "block version " + version
          + " is not 0 or 1");
    }
    long n = r.uN(ls);
    if (n < 0 || n > r.remaining() / MIN_ENTRY) {
      throw new H5FormatException(structure, address + 1, "entry count "
          + Long.toUnsignedString(n) + " is impossible in a block of " + block.length
          + " bytes");
    }
    int count = (int) n;
    if (uniform && version == 0) {
      UniformEntries u = UniformEntries.scan(block, r.position(), end, count);
      if (u != null) {
        return new MappingBlock(block, params, address, structure, count, u);
      }
    }
    int[] fileOff = new int[count];
    int[] dsetOff = new int[count];
    int[] srcOff = new int[count];
    int[] virtOff = new int[count];
    long[] tmpS = new long[2 * MAX_RANK];
    long[] tmpV = new long[2 * MAX_RANK];
    int boxRank = 0; // 0 = not known yet, -1 = not every entry is a box
    long[] vStart = null;
    long[] sStart = null;
    long[] shape = null;
    boolean single = true;
    for (int i = 0; i < count; i++) {
      try {
        int flags = 0;
        if (version == 1) {
          flags = r.u8();
          if ((flags & ~7) != 0 || (flags & (FLAG_FILE_SHARED | FLAG_SAME_FILE))
              == (FLAG_FILE_SHARED | FLAG_SAME_FILE)) {
            throw r.error("flags " + flags + " are invalid");
          }
        }
        if ((flags & FLAG_SAME_FILE) != 0) {
          fileOff[i] = -1;
        } else if ((flags & FLAG_FILE_SHARED) != 0) {
          fileOff[i] = fileOff[sharedIndex(r, i, ls)];
        } else {
          fileOff[i] = r.position();
          skipName(r);
        }
        if ((flags & FLAG_DATASET_SHARED) != 0) {
          dsetOff[i] = dsetOff[sharedIndex(r, i, ls)];
        } else {
          dsetOff[i] = r.position();
          skipName(r);
        }
        srcOff[i] = r.position();
        int rs = SelectionCodec.scanBox(r, tmpS, 0);
        virtOff[i] = r.position();
        int rv = SelectionCodec.scanBox(r, tmpV, 0);
        if (boxRank >= 0) {
          if (rs > 0 && rs == rv && (boxRank == 0 || boxRank == rs)
              && sameShape(tmpS, tmpV, rs)) {
            if (boxRank == 0) {
              boxRank = rs;
              vStart = new long[count * rs];
              sStart = new long[count * rs];
              shape = new long[count * rs];
            }
            // element loops: for ranks of 1..3, cheaper than three arraycopy calls
            for (int d = 0, k = i * rs; d < rs; d++, k++) {
              vStart[k] = tmpV[d];
              sStart[k] = tmpS[d];
              shape[k] = tmpV[rs + d];
            }
          } else {
            boxRank = -1;
            vStart = sStart = shape = null;
          }
        }
        if (rs > 0 && rv > 0 && volume(tmpS, rs) != volume(tmpV, rv)) {
          throw r.error("source block of " + volume(tmpS, rs) + " elements maps to a virtual"
              + " block of " + volume(tmpV, rv));
        }
        if (single && i > 0 && !(sameName(block, fileOff[0], fileOff[i])
            && sameName(block, dsetOff[0], dsetOff[i]))) {
          single = false;
        }
      } catch (H5FormatException e) {
        String detail = e.getMessage();
        int colon = detail.indexOf(": ");
        if (structure.equals(e.structure()) && colon >= 0) {
          detail = detail.substring(colon + 2);
        }
        throw new H5FormatException(structure, e.offset(), "mapping " + i + " of " + count
            + ": " + detail, e);
      }
    }
    if (r.hasRemaining()) {
      throw new H5FormatException(structure, r.fileAddress(), r.remaining()
          + " bytes follow the last mapping before the checksum");
    }
    return new MappingBlock(block, params, address, structure, version, count, fileOff,
        dsetOff, srcOff, virtOff, Math.max(boxRank, 0) == 0 ? -1 : boxRank, vStart, sStart,
        shape, single && count > 0, null);
  }

  private static boolean sameShape(long[] s, long[] v, int rank) {
    for (int d = rank; d < 2 * rank; d++) {
      if (s[d] != v[d]) {
        return false;
      }
    }
    return true;
  }

  private static long volume(long[] box, int rank) {
    long v = 1;
    for (int d = 0; d < rank; d++) {
      v = v * box[rank + d]; // overflow only matters for absurd inputs; compared, not used
    }
    return v;
  }

  private static int sharedIndex(ByteReader r, int i, int ls) throws H5FormatException {
    long at = r.fileAddress();
    long idx = r.uN(ls) - V1_INDEX_BASE;
    if (idx < 0 || idx >= i) {
      throw new H5FormatException(r.structure(), at, "shared name index "
          + (idx + V1_INDEX_BASE) + " does not name an earlier mapping");
    }
    return (int) idx;
  }

  private static void skipName(ByteReader r) throws H5FormatException {
    byte[] a = r.array();
    int from = r.arrayIndex();
    int n = r.remaining();
    for (int k = 0; k < n; k++) {
      if (a[from + k] == 0) {
        if (k == 0) {
          throw r.error("name is empty");
        }
        r.skip(k + 1);
        return;
      }
    }
    throw r.error("name has no NUL terminator within the block");
  }

  private static boolean sameName(byte[] a, int x, int y) {
    if (x == y) {
      return true;
    }
    if (x < 0 || y < 0) {
      return isDot(a, x) && isDot(a, y);
    }
    for (int k = 0; ; k++) {
      if (a[x + k] != a[y + k]) {
        return false;
      }
      if (a[x + k] == 0) {
        return true;
      }
    }
  }

  private static boolean isDot(byte[] a, int off) {
    return off < 0 || (a[off] == '.' && a[off + 1] == 0);
  }

  // ----------------------------------------------------------------------------- accessors

  /** Block encoding version, 0 or 1. */
  public int version() {
    return version;
  }

  /** Number of mappings. */
  public int count() {
    return count;
  }

  /** The structure name errors use ("VDS mapping block of /path"). */
  public String structure() {
    return structure;
  }

  /** The file address given to {@link #decode}. */
  public long address() {
    return address;
  }

  /** The stored bytes of the block, checksum included (a copy). */
  public byte[] bytes() {
    return data.clone();
  }

  /** Stored size of the block in bytes. */
  public int size() {
    return data.length;
  }

  private void checkIndex(int i) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException("mapping " + i + " of " + count);
    }
  }

  private String name(int off) {
    if (off < 0) {
      return Mapping.SAME_FILE;
    }
    synchronized (names) {
      String s = names.get(off);
      if (s == null) {
        // v0 blocks store each entry's names anew: most are the names just asked for
        for (int k = 0; k < recentOff.length; k++) {
          if (recentOff[k] >= 0 && sameName(recentOff[k], off)) {
            return recent[k];
          }
        }
      }
      if (s == null) {
        int e = off;
        while (data[e] != 0) {
          e++;
        }
        s = new String(data, off, e - off, StandardCharsets.UTF_8);
        // intern across offsets: v0 blocks repeat the same name in every entry
        for (String known : names.values()) {
          if (known.equals(s)) {
            s = known;
            break;
          }
        }
        if (names.size() < 64) {
          names.put(off, s);
        }
      }
      recentOff[nextRecent] = off;
      recent[nextRecent] = s;
      nextRecent = (nextRecent + 1) % recentOff.length;
      return s;
    }
  }

  /** Whether the NUL-terminated names at {@code a} and {@code b} have the same bytes. */
  private boolean sameName(int a, int b) {
    if (a == b) {
      return true;
    }
    while (data[a] == data[b]) {
      if (data[a] == 0) {
        return true;
      }
      a++;
      b++;
    }
    return false;
  }

  /** Source file name of mapping {@code i} as stored ("." for the same file). */
  public String sourceFile(int i) {
    checkIndex(i);
    return name(uniform != null ? uniform.fileOffset(i) : fileOff[i]);
  }

  /** Source dataset name of mapping {@code i} as stored (a pattern: see {@link Mapping}). */
  public String sourceDataset(int i) {
    checkIndex(i);
    return name(uniform != null ? uniform.datasetOffset(i) : dsetOff[i]);
  }

  /** Whether mapping {@code i}'s source is the virtual dataset's own file. */
  public boolean sameFile(int i) {
    checkIndex(i);
    return isDot(data, uniform != null ? uniform.fileOffset(i) : fileOff[i]);
  }

  private EncodedSelection selection(int from, int i) throws H5FormatException {
    ByteReader r = new ByteReader(data, from, data.length - 4, address + from,
        structure + ", mapping " + i, params);
    return SelectionCodec.decode(r);
  }

  public EncodedSelection sourceSelection(int i) throws H5FormatException {
    checkIndex(i);
    return selection(uniform != null ? uniform.sourceSelectionOffset(i) : srcOff[i], i);
  }

  public EncodedSelection virtualSelection(int i) throws H5FormatException {
    checkIndex(i);
    return selection(uniform != null ? uniform.virtualSelectionOffset(i) : virtOff[i], i);
  }

  /** Mapping {@code i}, decoded. */
  public Mapping mapping(int i) throws H5FormatException {
    return new Mapping(sourceFile(i), sourceDataset(i), sourceSelection(i), virtualSelection(i));
  }

  /** Every mapping, decoded, in stored order. */
  public List<Mapping> mappings() throws H5FormatException {
    List<Mapping> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(mapping(i));
    }
    return out;
  }

  // ------------------------------------------------------------------------- box fast path

  /**
   * Whether every mapping maps one hyperslab block to one block of the same shape (so
   * {@link #virtualStart}, {@link #sourceStart} and {@link #blockShape} are defined).
   */
  public boolean allBoxes() {
    return boxRank > 0;
  }

  /** The rank of the boxes, or -1 when not {@link #allBoxes()}. */
  public int boxRank() {
    return boxRank;
  }

  private void checkBox(int i, int d) {
    if (boxRank <= 0) {
      throw new IllegalStateException("not every mapping of this block is a single block;"
          + " use virtualSelection(i) instead");
    }
    checkIndex(i);
    if (d < 0 || d >= boxRank) {
      throw new IndexOutOfBoundsException("dimension " + d + " of " + boxRank);
    }
  }

  public long virtualStart(int i, int d) {
    checkBox(i, d);
    return uniform != null ? uniform.virtualStart(i, d) : vStart[i * boxRank + d];
  }

  public long sourceStart(int i, int d) {
    checkBox(i, d);
    return uniform != null ? uniform.sourceStart(i, d) : sStart[i * boxRank + d];
  }

  public long blockShape(int i, int d) {
    checkBox(i, d);
    return uniform != null ? uniform.blockShape(i, d) : shape[i * boxRank + d];
  }

  /** Virtual block corners, {@code count() * boxRank()} values, mapping-major (a copy). */
  public long[] virtualStarts() {
    checkBox(0, 0);
    return boxes(0);
  }

  /** Source block corners, like {@link #virtualStarts()}. */
  public long[] sourceStarts() {
    checkBox(0, 0);
    return boxes(1);
  }

  /** Block shapes, like {@link #virtualStarts()}. */
  public long[] blockShapes() {
    checkBox(0, 0);
    return boxes(2);
  }

  /** Virtual starts (0), source starts (1) or shapes (2) of every box, a new array. */
  private long[] boxes(int which) {
    if (uniform == null) {
      return (which == 0 ? vStart : which == 1 ? sStart : shape).clone();
    }
    long[] out = new long[count * boxRank];
    for (int i = 0, k = 0; i < count; i++) {
      for (int d = 0; d < boxRank; d++, k++) {
        out[k] = which == 0 ? uniform.virtualStart(i, d) : which == 1
            ? uniform.sourceStart(i, d) : uniform.blockShape(i, d);
      }
    }
    return out;
  }

  /** Whether every mapping has the same source file and dataset name. */
  public boolean singleSource() {
    return singleSource;
  }

  /**
   * The chunk-grid index, when every mapping is a box from one source and the virtual boxes
   * sit on a regular grid without two in one cell; null otherwise.
   */
  public BlockGrid grid() {
    return grid;
  }

  @Override
  public String toString() {
    return structure + ": version " + version + ", " + count + " mappings, " + data.length
        + " bytes" + (grid != null ? ", regular grid " + grid : "");
  }
}
