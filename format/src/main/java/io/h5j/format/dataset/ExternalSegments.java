package io.h5j.format.dataset;

import io.h5j.format.H5FormatException;
import io.h5j.format.group.LocalHeap;
import io.h5j.format.message.ExternalFileList;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of a contiguous dataset kept in external files: the segments of its external
 * file list laid end to end. Reads past the end of an external file give zeros and writes
 * create or extend the file, as libhdf5 does.
 */
public final class ExternalSegments {
  /** One segment: where dataset bytes {@code [start, start + size)} live. */
  private record Segment(Path file, String name, long fileOffset, long start, long size) {}

  private final String dataset;
  private final long headerAddress;
  private final List<Segment> segments;
  private final long capacity;

  private ExternalSegments(String dataset, long headerAddress, List<Segment> segments,
      long capacity) {
    this.dataset = dataset;
    this.headerAddress = headerAddress;
    this.segments = segments;
    this.capacity = capacity;
  }

  /**
   * The storage a dataset's external file list describes; names are looked up in its local
   * heap and resolved as libhdf5 resolves them.
   */
  static ExternalSegments of(EngineFile file, String dataset, long headerAddress,
      ExternalFileList efl) throws IOException {
    LocalHeap heap = LocalHeap.read(file.context().access(), efl.heapAddress());
    String prefix = System.getenv("HDF5_EXTFILE_PREFIX");
    if (prefix == null) {
      prefix = file.externalFilePrefix();
    }
    List<Segment> segments = new ArrayList<>();
    long start = 0;
    for (ExternalFileList.Slot s : efl.slots()) {
      String name = heap.string(s.nameOffset());
      long size = s.size() == ExternalFileList.UNLIMITED ? Long.MAX_VALUE - start : s.size();
      if (size > Long.MAX_VALUE - start) {
        throw new H5FormatException("external file list of dataset " + dataset,
            headerAddress, "segments add up to more than 2^63 bytes");
      }
      segments.add(new Segment(resolve(name, prefix, file), name, s.fileOffset(), start,
          size));
      start += size;
    }
    return new ExternalSegments(dataset, headerAddress, segments, start);
  }

  /**
   * libhdf5's rule: an absolute name, or any name when the prefix is empty, is used as it
   * is (relative to the working directory); otherwise it goes under the prefix.
   */
  public static Path resolve(String name, String prefix, EngineFile file) {
    Path named = Path.of(name);
    if (named.isAbsolute() || prefix.isEmpty()) {
      return named;
    }
    return file.prefixFolder(prefix).resolve(named);
  }

  /** Bytes the segments hold together. */
  long capacity() {
    return capacity;
  }

  /** Fills {@code dst} from dataset byte {@code offset} on. */
  void read(long offset, ByteBuffer dst) throws IOException {
    transfer(offset, dst, false);
  }

  /** Writes {@code src} from dataset byte {@code offset} on. */
  void write(long offset, ByteBuffer src) throws IOException {
    transfer(offset, src, true);
  }

  private void transfer(long offset, ByteBuffer buf, boolean write) throws IOException {
    long end = offset + buf.remaining();
    if (offset < 0 || end > capacity) {
      throw new H5FormatException("external file list of dataset " + dataset, headerAddress,
          "bytes " + offset + " to " + end + " lie beyond the " + capacity
              + " bytes its segments hold");
    }
    for (Segment s : segments) {
      long from = Math.max(offset, s.start());
      long to = Math.min(end, s.start() + s.size());
      if (from >= to) {
        continue;
      }
      int at = buf.position() + (int) (from - offset);
      ByteBuffer piece = buf.duplicate().position(at).limit(at + (int) (to - from));
      long position = s.fileOffset() + (from - s.start());
      if (write) {
        writeSegment(s, position, piece);
      } else {
        readSegment(s, position, piece);
      }
    }
    buf.position(buf.limit());
  }

  private void readSegment(Segment s, long position, ByteBuffer piece) throws IOException {
    try (FileChannel ch = open(s, StandardOpenOption.READ)) {
      while (piece.hasRemaining()) {
        int n = ch.read(piece, position);
        if (n < 0) {
          // past the file's end: libhdf5 reads zeros there
          while (piece.hasRemaining()) {
            piece.put((byte) 0);
          }
          return;
        }
        position += n;
      }
    }
  }

  private void writeSegment(Segment s, long position, ByteBuffer piece) throws IOException {
    try (FileChannel ch = open(s, StandardOpenOption.WRITE, StandardOpenOption.CREATE)) {
      while (piece.hasRemaining()) {
        position += ch.write(piece, position);
      }
    }
  }

  private FileChannel open(Segment s, OpenOption... options) throws IOException {
    try {
      return FileChannel.open(s.file(), options);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(s.file().toString(), null, "external file '" + s.name()
          + "' of dataset " + dataset + " does not exist (names are resolved as libhdf5"
          + " does: under HDF5_EXTFILE_PREFIX or H5File.externalFilePrefix, else the working"
          + " directory)");
    }
  }
}
