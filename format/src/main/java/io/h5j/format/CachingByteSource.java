package io.h5j.format;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ByteSource} that reads another in large aligned blocks and keeps the blocks most
 * recently used, up to a bound in bytes: so that the many small reads of HDF5 metadata
 * (superblock, object headers, B-tree nodes, heaps, a few dozen bytes each) become a few
 * large requests to a store that charges per request (HDFS, S3). A read of a block or more
 * goes to the source as it is, uncached, since it is large already (chunks of data, mostly).
 *
 * <p>The source's bytes must not change while this is open (its size is asked once). Safe
 * for use by several threads; two threads missing the same block may both read it.
 */
public final class CachingByteSource implements ByteSource {
  /** Block size unless given: 4 MiB, a request size object stores serve near full speed. */
  public static final int DEFAULT_BLOCK_BYTES = 4 << 20;
  /** Cache bound unless given: 64 MiB, 16 blocks of the default size. */
  public static final long DEFAULT_CACHE_BYTES = 64L << 20;

  private final ByteSource source;
  private final int blockBytes;
  private final long cacheBytes;
  /** Block number to its bytes, least recently used first. Guarded by itself. */
  private final LinkedHashMap<Long, byte[]> blocks = new LinkedHashMap<>(16, 0.75f, true);
  /** Bytes in {@link #blocks}. Guarded by {@link #blocks}. */
  private long held;
  /** The source's size once asked, else -1. */
  private volatile long size = -1;
  private final AtomicLong requests = new AtomicLong();

  private CachingByteSource(ByteSource source, int blockBytes, long cacheBytes) {
    if (blockBytes <= 0 || cacheBytes < blockBytes) {
      throw new IllegalArgumentException("a block cache needs blocks of 1 byte or more and"
          + " room for one block at least, not blocks of " + blockBytes + " bytes in "
          + cacheBytes + " bytes");
    }
    this.source = source;
    this.blockBytes = blockBytes;
    this.cacheBytes = cacheBytes;
  }

  /**
   * Caches {@code source} in {@link #DEFAULT_BLOCK_BYTES} blocks, at most
   * {@link #DEFAULT_CACHE_BYTES} of them; closing the result closes {@code source}.
   *
   * @param source the bytes to read
   * @return the caching source
   */
  public static CachingByteSource of(ByteSource source) {
    return of(source, DEFAULT_BLOCK_BYTES, DEFAULT_CACHE_BYTES);
  }

  /**
   * Caches {@code source} in blocks of {@code blockBytes}, holding at most {@code cacheBytes}
   * of them; closing the result closes {@code source}.
   *
   * @param source the bytes to read
   * @param blockBytes the size of a request to {@code source} (reads start at multiples of it)
   * @param cacheBytes the most bytes of blocks held, at least {@code blockBytes}
   * @return the caching source
   * @throws IllegalArgumentException if {@code blockBytes} is not positive or
   *     {@code cacheBytes} is less than it
   */
  public static CachingByteSource of(ByteSource source, int blockBytes, long cacheBytes) {
    return new CachingByteSource(source, blockBytes, cacheBytes);
  }

  @Override
  public String name() {
    return source.name();
  }

  @Override
  public long size() throws IOException {
    long s = size;
    if (s < 0) {
      s = source.size();
      size = s;
    }
    return s;
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    int n = dst.remaining();
    long end = size();
    if (position < 0 || position > end - n) {
      throw new EOFException(name() + " holds " + end + " bytes, too few for the " + n
          + " bytes at position " + position);
    }
    if (n >= blockBytes) {
      requests.incrementAndGet();
      source.readFully(position, dst);
      return;
    }
    long at = position;
    while (dst.hasRemaining()) {
      long k = at / blockBytes;
      byte[] b = block(k, end);
      int from = (int) (at - k * blockBytes);
      int len = Math.min(dst.remaining(), b.length - from);
      dst.put(b, from, len);
      at += len;
    }
  }

  /** Block {@code k} of a source of {@code end} bytes, from the cache or read now. */
  private byte[] block(long k, long end) throws IOException {
    synchronized (blocks) {
      byte[] b = blocks.get(k);
      if (b != null) {
        return b;
      }
    }
    long start = k * blockBytes;
    byte[] b = new byte[(int) Math.min(blockBytes, end - start)];
    requests.incrementAndGet();
    source.readFully(start, ByteBuffer.wrap(b)); // outside the lock: other blocks stay readable
    synchronized (blocks) {
      byte[] old = blocks.putIfAbsent(k, b);
      if (old != null) {
        return old;
      }
      held += b.length;
      Iterator<Map.Entry<Long, byte[]>> eldest = blocks.entrySet().iterator();
      while (held > cacheBytes) {
        held -= eldest.next().getValue().length;
        eldest.remove();
      }
    }
    return b;
  }

  /**
   * The reads this object has made of its source so far: one per block fetched, and one per
   * read too long to cache.
   *
   * @return the number of requests to the source
   */
  public long requests() {
    return requests.get();
  }

  /**
   * The bytes of blocks held now, never more than the bound given.
   *
   * @return bytes held in the cache
   */
  public long cachedBytes() {
    synchronized (blocks) {
      return held;
    }
  }

  /** The sibling of the source, cached alike (in a cache of its own). */
  @Override
  public @Nullable ByteSource sibling(String name) throws IOException {
    ByteSource s = source.sibling(name);
    return s == null ? null : new CachingByteSource(s, blockBytes, cacheBytes);
  }

  @Override
  public void close() throws IOException {
    synchronized (blocks) {
      blocks.clear();
      held = 0;
    }
    source.close();
  }
}
