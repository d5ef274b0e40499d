package io.h5j.repack;

import io.h5j.Dataset;
import io.h5j.StorageLayout;
import io.h5j.raw.ChunkInfo;
import io.h5j.raw.RawChunk;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Compares two chunked datasets of the same chunk shape and filters chunk by chunk as stored
 * bytes, never decoding them: what a repack that kept their storage must give. One chunk of
 * each file is held at a time. Stored bytes that differ do not prove the values differ (a
 * filter may encode the same values two ways), so the caller compares values then.
 */
final class StoredChunks {
  private StoredChunks() {}

  /**
   * Whether stored bytes can stand for the values of {@code a} and {@code b}: both chunked,
   * with the same chunk shape and filters, of a type that holds no file addresses (those
   * change in a copy).
   */
  static boolean comparable(Dataset a, Dataset b) throws IOException {
    StorageLayout x = a.layout();
    StorageLayout y = b.layout();
    return x.kind() == StorageLayout.Kind.CHUNKED && y.kind() == StorageLayout.Kind.CHUNKED
        && Arrays.equals(x.chunkShape(), y.chunkShape()) && x.filters().equals(y.filters())
        && !Datatypes.holdsAddresses(a.datatype());
  }

  /**
   * Whether {@code b} stores the same chunks as {@code a}, byte for byte: the same offsets
   * allocated, each with the same bytes and filter mask. {@code compared} is told the stored
   * size of each chunk compared; {@code held} of both chunk indexes, which the files keep.
   */
  static boolean same(Dataset a, Dataset b, LongConsumer compared, HeldState held)
      throws IOException {
    List<ChunkInfo> ours = a.chunks();
    List<ChunkInfo> theirs = b.chunks();
    held.chunkIndex(ours.size() + (long) theirs.size());
    if (ours.size() != theirs.size()) {
      return false;
    }
    Map<List<Long>, ChunkInfo> byOffset = new HashMap<>();
    for (ChunkInfo c : theirs) {
      byOffset.put(key(c.offset()), c);
    }
    for (ChunkInfo c : ours) {
      ChunkInfo o = byOffset.get(key(c.offset()));
      if (o == null || o.storedSize() != c.storedSize() || o.filterMask() != c.filterMask()) {
        return false;
      }
      RawChunk x = a.readChunk(c.offset());
      RawChunk y = b.readChunk(c.offset());
      if (x == null || y == null || x.filterMask() != y.filterMask()
          || !Arrays.equals(x.bytes(), y.bytes())) {
        return false;
      }
      compared.accept(c.storedSize());
    }
    return true;
  }

  private static List<Long> key(long[] offset) {
    return Arrays.stream(offset).boxed().toList();
  }
}
