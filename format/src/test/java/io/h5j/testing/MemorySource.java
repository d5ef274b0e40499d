package io.h5j.testing;

import io.h5j.format.ByteSource;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * A file's bytes held in memory as a {@link ByteSource} that counts the reads made of it,
 * standing for a remote store: no channel, no mapping. Siblings are the files of the same
 * folder (or absolute paths), read into memory likewise.
 */
public final class MemorySource implements ByteSource {
  private final String name;
  private final byte[] bytes;
  private final long size;
  private final @Nullable Path folder;
  /** Reads asked of this source. */
  public final AtomicLong reads = new AtomicLong();
  /** Bytes those reads returned. */
  public final AtomicLong bytesRead = new AtomicLong();
  public volatile boolean closed;

  /**
   * @param size the size the source claims: more than {@code bytes} makes a source that
   *     lies (a store whose object is shorter than listed)
   */
  public MemorySource(String name, byte[] bytes, long size, @Nullable Path folder) {
    this.name = name;
    this.bytes = bytes;
    this.size = size;
    this.folder = folder;
  }

  /** The bytes of {@code file}, named by a made-up URI (as a remote file would be). */
  public static MemorySource of(Path file) throws IOException {
    Path abs = file.toAbsolutePath();
    byte[] b = Files.readAllBytes(abs);
    return new MemorySource("mem://" + abs, b, b.length, abs.getParent());
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    reads.incrementAndGet();
    int n = dst.remaining();
    if (position < 0 || position > bytes.length - n) {
      throw new EOFException(name + ": " + n + " bytes at " + position + " pass its end");
    }
    dst.put(bytes, (int) position, n);
    bytesRead.addAndGet(n);
  }

  @Override
  public @Nullable ByteSource sibling(String fileName) throws IOException {
    if (folder == null) {
      return null;
    }
    Path p = folder.resolve(fileName).normalize();
    return Files.isRegularFile(p) ? of(p) : null;
  }

  @Override
  public void close() {
    closed = true;
  }
}
