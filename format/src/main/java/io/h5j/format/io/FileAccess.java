package io.h5j.format.io;

import io.h5j.format.ByteSource;
import io.h5j.format.H5FormatException;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Supplier;

/**
 * Positional reads and writes of an HDF5 file. Addresses given to the methods are HDF5
 * addresses, relative to the superblock's base address; every read is checked against the
 * file's size before anything is allocated, so a corrupt length cannot exhaust memory.
 * The size is remembered between checks (asking the file system costs a system call per
 * read): a range beyond the remembered size asks again before it is refused, so a file that
 * grows, through this object or any other, is still read in full.
 *
 * <p>A file opened read-only by {@link #openRead} is also memory-mapped for long reads
 * ({@link #readMapped}): data are copied once, from the page cache into the caller's array,
 * instead of by read(2) into a buffer and again from there. Writable and borrowed channels are
 * not mapped (a writer may truncate the file under the mapping). {@link #close()} unmaps the
 * mappings where the JDK allows it (see {@link MappedWindows}).
 *
 * <p>Reads go through a {@link ByteSource}: the channel's, or one given to
 * {@link #openRead(ByteSource)} (a file of another file system), which is read-only, has no
 * channel and is never mapped.
 */
public final class FileAccess implements Closeable {
  private final Path path;
  /** The local file's channel, or null for a file read through a source of the caller's. */
  private final FileChannel channel;
  /** What reads read: the channel, or the caller's source. */
  private final ByteSource source;
  private final boolean writable;
  /** False for a channel the caller opened and closes itself. */
  private final boolean ownsChannel;
  private FileParams params = FileParams.DEFAULT;
  /** The file's size (absolute) when last asked, or -1: never larger than the real size. */
  private long knownSize = -1;
  /** Mappings for long reads, or null when this file is not mapped. */
  private final MappedWindows windows;
  /**
   * Held shared while a view of {@link #windows} is copied from, exclusively by close while it
   * unmaps them: a page touched after unmapping would crash the JVM.
   */
  private final java.util.concurrent.locks.ReadWriteLock mappedUse =
      new java.util.concurrent.locks.ReentrantReadWriteLock();
  /** Background syncs while a file of ours is written, or null (read-only or borrowed). */
  private final EarlyWriteback writeback;
  /**
   * Bytes that reads see instead of the file's, by HDF5 address (a metadata cache image's
   * entries), or null. Never written: a file with an overlay is opened read-only.
   */
  private volatile java.util.NavigableMap<Long, byte[]> overlay;
  /** Says which bytes may be written, or null for all of them. */
  private volatile WritableRange writableRange;

  /** Which bytes a write may change (for atomic flushes: none the durable state uses). */
  @FunctionalInterface
  public interface WritableRange {
    boolean allows(long address, long length);
  }

  private FileAccess(Path path, FileChannel channel, boolean writable) {
    this(path, channel, writable, true);
  }

  private FileAccess(Path path, FileChannel channel, boolean writable, boolean ownsChannel) {
    this.path = path;
    this.channel = channel;
    this.source = new ChannelSource(channel, String.valueOf(path));
    this.writable = writable;
    this.ownsChannel = ownsChannel;
    this.windows = writable || !ownsChannel ? null : new MappedWindows(channel);
    this.writeback = writable && ownsChannel
        ? new EarlyWriteback(String.valueOf(path), () -> channel.force(false),
            EarlyWriteback.EVERY_BYTES)
        : null;
  }

  /** Reads through {@code source}, which {@link #close()} closes. */
  private FileAccess(ByteSource source) {
    this.path = Path.of(source.name());
    this.channel = null;
    this.source = source;
    this.writable = false;
    this.ownsChannel = true;
    this.windows = null;
    this.writeback = null;
  }

  /**
   * Reads through {@code source} (read-only; never mapped); {@link #close()} closes it. Its
   * {@link #path()} is the source's name as a path, for messages.
   */
  public static FileAccess openRead(ByteSource source) {
    return new FileAccess(source);
  }

  /**
   * Reads (and, if {@code writable}, writes) through a channel the caller opened and keeps:
   * {@link #close()} leaves it open.
   */
  public static FileAccess borrow(Path path, FileChannel channel, boolean writable) {
    return new FileAccess(path, channel, writable, false);
  }

  public static FileAccess openRead(Path path) throws IOException {
    return new FileAccess(path, FileChannel.open(path, StandardOpenOption.READ), false);
  }

  public static FileAccess openReadWrite(Path path) throws IOException {
    return new FileAccess(path,
        FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE), true);
  }

  /**
   * Opens for reading and writing through a wrapped channel, e.g. one that injects faults in
   * tests of what a failed write leaves behind.
   */
  public static FileAccess openReadWrite(Path path,
      java.util.function.UnaryOperator<FileChannel> wrap) throws IOException {
    return new FileAccess(path, wrap.apply(
        FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)), true);
  }

  /** Creates (or truncates) a file for writing. */
  public static FileAccess create(Path path) throws IOException {
    OpenOption[] opts = {StandardOpenOption.READ, StandardOpenOption.WRITE,
        StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING};
    return new FileAccess(path, FileChannel.open(path, opts), true);
  }

  public Path path() {
    return path;
  }

  public boolean writable() {
    return writable;
  }

  public FileParams params() {
    return params;
  }

  /** Set once the superblock has been decoded. */
  public void params(FileParams p) {
    this.params = p;
  }

  /** The file's channel; null for a file read through {@link #openRead(ByteSource)}. */
  public FileChannel channel() {
    return channel;
  }

  /** Size of the file in bytes, as an HDF5 address (base address subtracted). */
  public long size() throws IOException {
    knownSize = source.size();
    return knownSize - params.baseAddress();
  }

  /** Reads {@code length} bytes at HDF5 address {@code address}. */
  public byte[] read(long address, long length, String structure) throws IOException {
    checkRange(address, length, structure);
    byte[] out = new byte[(int) length];
    readFully(params.baseAddress() + address, ByteBuffer.wrap(out), structure);
    return out;
  }

  /** Reads up to {@code length} bytes, fewer if the file ends first. */
  public byte[] readUpTo(long address, int length, String structure) throws IOException {
    if (length >= 0 && address >= 0 && knownSize >= 0
        && address <= knownSize - params.baseAddress() - length) {
      return read(address, length, structure);
    }
    long size = size();
    if (address < 0 || address >= size) {
      throw new H5FormatException(structure, address,
          "address is outside the file of " + size + " bytes");
    }
    return read(address, Math.min(length, size - address), structure);
  }

  /** Fills {@code dst} from HDF5 address {@code address}, after checking the range. */
  public void read(long address, ByteBuffer dst, String structure) throws IOException {
    checkRange(address, dst.remaining(), structure);
    readFully(params.baseAddress() + address, dst, structure);
  }

  /**
   * As {@link #read(long, ByteBuffer, String)}, building the structure's name only for an
   * error (reads of many small chunks).
   */
  public void read(long address, ByteBuffer dst, Supplier<String> structure) throws IOException {
    checkRange(address, dst.remaining(), structure);
    readFully(params.baseAddress() + address, dst, structure);
  }

  /** Reads shorter than this go through read(2): mapping pays off on long copies only. */
  public static final int MIN_MAPPED_BYTES = 64 << 10;

  /** Copies from a view of mapped file bytes; the view's byte order is big-endian. */
  public interface MappedCopy {
    void copy(ByteBuffer view);
  }

  /**
   * Hands {@code copy} a read-only view of the {@code length} bytes at HDF5 address
   * {@code address}, straight from a memory mapping of the file, after checking the range
   * against the file's size; returns false, and calls nothing, when this file is not mapped
   * or the read is short (the caller reads with {@link #read(long, ByteBuffer, String)}).
   *
   * @throws H5FormatException if the range lies outside the file, or the file shrank under
   *     the mapping while being copied (another process truncated it)
   */
  public boolean readMapped(long address, int length, String structure, MappedCopy copy)
      throws IOException {
    return readMapped(address, length, () -> structure, copy);
  }

  /**
   * As {@link #readMapped(long, int, String, MappedCopy)}, building the structure's name only
   * for an error (one read per chunk of many random chunk reads).
   */
  public boolean readMapped(long address, int length, Supplier<String> structure,
      MappedCopy copy) throws IOException {
    if (windows == null || length < MIN_MAPPED_BYTES || overlay != null) {
      return false;
    }
    // The size asked anew (one fstat, small beside the copy): touching a mapped page that is
    // no longer in the file faults, and the JVM may report that only after the copy returns.
    long size = size() + params.baseAddress();
    checkRange(address, length, structure);
    long at = params.baseAddress() + address;
    mappedUse.readLock().lock();
    try {
      ByteBuffer view = windows.view(at, length, Math.max(size, at + length));
      if (view == null) {
        return false;
      }
      copy.copy(view);
    } catch (InternalError e) {
      // a fault (SIGBUS) reported in time: the file shrank between the check and the copy
      throw new H5FormatException(structure.get(), address, "the file shrank to "
          + channel.size() + " bytes while " + length + " bytes were copied from it");
    } finally {
      mappedUse.readLock().unlock();
    }
    return true;
  }

  /**
   * Whether the memory mappings of this file are gone once it is closed: true where the JDK
   * lets h5j unmap them (module {@code jdk.unsupported} readable) or the file was never
   * mapped; false where they are left to the garbage collector.
   */
  public boolean unmapsAtClose() {
    return windows == null || MappedWindows.unmapsAtRelease();
  }

  /**
   * Makes reads see {@code entries} (HDF5 address to bytes, not overlapping) instead of the
   * bytes of the file at those addresses.
   */
  public void overlay(java.util.NavigableMap<Long, byte[]> entries) {
    if (writable) {
      throw new IllegalStateException("an overlay is for reading only");
    }
    overlay = entries.isEmpty() ? null : entries;
  }

  /** Copies the overlay's bytes over those read into {@code dst} from {@code from}. */
  private void applyOverlay(long from, ByteBuffer dst, int start) {
    java.util.NavigableMap<Long, byte[]> o = overlay;
    long to = from + (dst.position() - start);
    Long first = o.floorKey(from);
    for (java.util.Map.Entry<Long, byte[]> e
        : o.subMap(first == null ? from : first, true, to, false).entrySet()) {
      long a = e.getKey();
      byte[] b = e.getValue();
      long lo = Math.max(a, from);
      long hi = Math.min(a + b.length, to);
      if (lo < hi) {
        dst.put(start + (int) (lo - from), b, (int) (lo - a), (int) (hi - lo));
      }
    }
  }

  public ByteReader reader(long address, long length, String structure) throws IOException {
    return new ByteReader(read(address, length, structure), address, structure, params);
  }

  /** Fills {@code dst} from absolute file position {@code position}. */
  public void readFully(long position, ByteBuffer dst, String structure) throws IOException {
    readFully(position, dst, () -> structure);
  }

  private void readFully(long position, ByteBuffer dst, Supplier<String> structure)
      throws IOException {
    int start = dst.position();
    try {
      source.readFully(position, dst);
    } catch (EOFException e) {
      throw new H5FormatException(structure.get(), position - params.baseAddress(),
          "file ends early (" + e.getMessage() + ")", e);
    }
    if (overlay != null) {
      applyOverlay(position - params.baseAddress(), dst, start);
    }
  }

  public void checkRange(long address, long length, String structure) throws IOException {
    checkRange(address, length, () -> structure);
  }

  /**
   * As {@link #checkRange(long, long, String)}, building the structure's name only when the
   * range is refused (hot paths check one range per index entry).
   */
  public void checkRange(long address, long length, Supplier<String> structure)
      throws IOException {
    if (knownSize >= 0 && address >= 0 && length >= 0 && length <= Integer.MAX_VALUE - 8
        && address <= knownSize - params.baseAddress() - length) {
      return;
    }
    long size = size();
    if (address < 0 || length < 0 || length > Integer.MAX_VALUE - 8 || address > size
        || length > size - address) {
      throw new H5FormatException(structure.get(), address, "range of " + length
          + " bytes is outside the file of " + size + " bytes");
    }
  }

  /** Writes {@code data} at HDF5 address {@code address}. */
  public void write(long address, byte[] data) throws IOException {
    write(address, ByteBuffer.wrap(data));
  }

  public void write(long address, ByteBuffer src) throws IOException {
    if (!writable) {
      throw new IllegalStateException("file " + path + " is open read-only");
    }
    WritableRange range = writableRange;
    if (range != null && !range.allows(address, src.remaining())) {
      // a bug of h5j's, not of the file: a structure was about to be rewritten in place
      throw new IllegalStateException("refusing to overwrite " + src.remaining()
          + " bytes at address " + address + " of " + path + ", which the file's last"
          + " durable state uses");
    }
    writeAt(address, src);
  }

  /**
   * Writes {@code data} at {@code address} whatever {@link #restrictWrites} allows: for the
   * one write that switches the file to a new durable state (the superblock).
   */
  public void writeCommitPoint(long address, byte[] data) throws IOException {
    if (!writable) {
      throw new IllegalStateException("file " + path + " is open read-only");
    }
    writeAt(address, ByteBuffer.wrap(data));
  }

  /** From now on, refuses writes that {@code range} does not allow (null: allows all). */
  public void restrictWrites(WritableRange range) {
    this.writableRange = range;
  }

  private final java.util.concurrent.atomic.AtomicLong writes =
      new java.util.concurrent.atomic.AtomicLong();

  /** How many writes this object has made: a cheap "was anything written since?" stamp. */
  public long writes() {
    return writes.get();
  }

  private void writeAt(long address, ByteBuffer src) throws IOException {
    writes.incrementAndGet();
    long at = params.baseAddress() + address;
    int length = src.remaining();
    while (src.hasRemaining()) {
      at += channel.write(src, at);
    }
    if (writeback != null) {
      writeback.written(length);
    }
  }

  public void truncate(long hdf5Size) throws IOException {
    knownSize = -1; // shrinking: the remembered size may now be too large
    channel.truncate(params.baseAddress() + hdf5Size);
  }

  public void force() throws IOException {
    channel.force(true);
    checkBackgroundSyncs();
  }

  /** Throws the failure of a background sync, if one failed (see {@link EarlyWriteback}). */
  public void checkBackgroundSyncs() throws IOException {
    if (writeback != null) {
      writeback.rethrowFailure();
    }
  }

  /**
   * Whether background syncs run while the file is written (true by default for files this
   * object opened to write): off for a file that is not to be synced at all.
   */
  public void backgroundSyncs(boolean on) {
    if (writeback != null) {
      writeback.pause(!on);
    }
  }

  @Override
  public void close() throws IOException {
    if (writeback != null) {
      try {
        writeback.stop();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (windows != null) {
      mappedUse.writeLock().lock(); // waits for copies under way
      try {
        windows.release();
      } finally {
        mappedUse.writeLock().unlock();
      }
    }
    if (ownsChannel) {
      if (channel != null) {
        channel.close();
      } else {
        source.close();
      }
    }
  }
}
