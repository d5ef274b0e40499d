package io.h5j.format.vds;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.SelectionCodec;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Encodes a mapping block. Mappings are encoded as they are added, so a block of many
 * mappings never exists as objects.
 *
 * <ul>
 *   <li>{@link Format#V0}, the default: block v0 with selections in
 *       {@link SelectionCodec.Style#COMPAT} (hyperslab v1, v2 when unlimited), what libhdf5
 *       1.10 reads.
 *   <li>{@link Format#V1_COMPACT}: block v1 (HDF5 2.0), where a source file or dataset name
 *       already written by an earlier mapping is written as that mapping's index (counted
 *       from {@link MappingBlock#V1_INDEX_BASE}, 0, as libhdf5 2.0 reads it), a same-file source has no file name
 *       at all, and selections are in {@link SelectionCodec.Style#COMPACT} (hyperslab v3).
 * </ul>
 */
public final class MappingBlockWriter {
  /** Block encodings. */
  public enum Format {
    V0,
    V1_COMPACT
  }

  private final FileParams params;
  private final Format format;
  private final SelectionCodec.Style style;
  /** The block so far: version, a count patched by {@link #toByteArray}, the entries. */
  private final ByteWriter body;
  private final Map<String, Integer> fileIndex = new HashMap<>();
  private final Map<String, Integer> dsetIndex = new HashMap<>();
  /**
   * The last file name (slot 0) and dataset name (slot 1) encoded, and their bytes: v0 blocks
   * repeat the same names in every entry.
   */
  private final String[] lastName = new String[2];
  private final byte[][] lastNameBytes = new byte[2][];
  /** Scratch for a box's inclusive ends, reused by every {@link #addBox}. */
  private long[] sourceEnd = new long[0];
  private long[] virtualEnd = new long[0];
  private int count;

  public MappingBlockWriter(FileParams params) {
    this(params, Format.V0);
  }

  public MappingBlockWriter(FileParams params, Format format) {
    this(params, format, 256);
  }

  /**
   * A writer whose buffer starts at {@code capacity} bytes (a good guess of the block's size
   * saves regrowing a large block).
   */
  public MappingBlockWriter(FileParams params, Format format, int capacity) {
    this.params = params;
    this.format = format;
    this.style = format == Format.V0 ? SelectionCodec.Style.COMPAT
        : SelectionCodec.Style.COMPACT;
    this.body = new ByteWriter(params, Math.max(capacity, 16));
    body.u8(format == Format.V0 ? 0 : 1).length(0);
  }

  /** Encodes {@code mappings} in one block. */
  public static byte[] encode(FileParams params, Format format, List<Mapping> mappings) {
    MappingBlockWriter w = new MappingBlockWriter(params, format);
    for (Mapping m : mappings) {
      w.add(m);
    }
    return w.toByteArray();
  }

  /** Mappings added so far. */
  public int count() {
    return count;
  }

  /** Bytes of the block so far, checksum excluded. */
  public int size() {
    return body.position();
  }

  /**
   * Makes room for {@code mappings} more entries the size of the last one (a caller that knows
   * how many follow saves the buffer's regrowth).
   */
  public MappingBlockWriter expect(int mappings, int lastEntryBytes) {
    body.reserve((int) Math.min(Integer.MAX_VALUE - 64L, (long) mappings * lastEntryBytes));
    return this;
  }

  /** Adds a mapping; its names are stored as given (patterns: see {@link Mapping}). */
  public MappingBlockWriter add(Mapping m) {
    return add(m.sourceFile(), m.sourceDataset(), m.sourceSelection(), m.virtualSelection());
  }

  /**
   * Adds a mapping from stored names (patterns) and selections.
   *
   * @throws IllegalArgumentException for an empty name or one with a NUL, or a selection the
   *     format cannot encode (a coordinate beyond 32 bits in a v0 block's block list)
   */
  public MappingBlockWriter add(String sourceFile, String sourceDataset,
      EncodedSelection source, EncodedSelection virtual) {
    new Mapping(sourceFile, sourceDataset, source, virtual); // validates
    int from = body.position();
    names(sourceFile, sourceDataset);
    try {
      SelectionCodec.encode(source, style, body);
      SelectionCodec.encode(virtual, style, body);
    } catch (IllegalArgumentException e) {
      throw undo(from, e);
    }
    count++;
    return this;
  }

  /** The entry's flags (v1) and names; the indexes of names are those of this entry. */
  private void names(String sourceFile, String sourceDataset) {
    if (format == Format.V0) {
      name(sourceFile, 0);
      name(sourceDataset, 1);
      return;
    }
    int flagsAt = body.position();
    body.u8(0);
    int flags = 0;
    if (Mapping.SAME_FILE.equals(sourceFile)) {
      flags |= MappingBlock.FLAG_SAME_FILE;
    } else {
      flags |= name(sourceFile, fileIndex, MappingBlock.FLAG_FILE_SHARED, 0);
    }
    flags |= name(sourceDataset, dsetIndex, MappingBlock.FLAG_DATASET_SHARED, 1);
    body.putUN(flagsAt, flags, 1);
  }

  private int name(String name, Map<String, Integer> index, int flag, int slot) {
    Integer earlier = index.get(name);
    if (earlier != null) {
      body.length(earlier + (long) MappingBlock.V1_INDEX_BASE);
      return flag;
    }
    index.put(name, count);
    name(name, slot);
    return 0;
  }

  /** A NUL-terminated name, its UTF-8 bytes reused while the same name repeats. */
  private void name(String name, int slot) {
    if (!name.equals(lastName[slot])) {
      lastNameBytes[slot] = name.getBytes(StandardCharsets.UTF_8);
      lastName[slot] = name;
    }
    body.bytes(lastNameBytes[slot]).u8(0);
  }

  /**
   * Adds a mapping of one block of {@code shape} at {@code sourceStart} of the source to one
   * at {@code virtualStart}; names are literal paths (a {@code %} is escaped). Encoded straight
   * into the block, with no selection objects.
   *
   * @throws IllegalArgumentException for an empty name or one with a NUL, arrays of different
   *     lengths or rank beyond 32, a negative start, a shape below 1, an end beyond 2^63 - 2,
   *     or a coordinate beyond 32 bits in a v0 block
   */
  public MappingBlockWriter addBox(String sourceFile, String sourceDatasetPath,
      long[] sourceStart, long[] virtualStart, long[] shape) {
    String file = Mapping.escape(sourceFile);
    String dataset = Mapping.escape(sourceDatasetPath);
    int rank = shape.length;
    if (rank < 1 || rank > EncodedSelection.MAX_RANK || sourceStart.length != rank
        || virtualStart.length != rank) {
      throw new IllegalArgumentException("mapping " + count + ": a box needs rank 1.."
          + EncodedSelection.MAX_RANK + " in its source start, virtual start and shape");
    }
    if (sourceEnd.length != rank) {
      sourceEnd = new long[rank];
      virtualEnd = new long[rank];
    }
    boxEnds(sourceStart, shape, sourceEnd);
    boxEnds(virtualStart, shape, virtualEnd);
    Mapping.check(file, "source file name");
    Mapping.check(dataset, "source dataset name");
    int from = body.position();
    names(file, dataset);
    try {
      SelectionCodec.encodeBlocks(rank, 1, sourceStart, sourceEnd, style, body);
      SelectionCodec.encodeBlocks(rank, 1, virtualStart, virtualEnd, style, body);
    } catch (IllegalArgumentException e) {
      throw undo(from, e);
    }
    count++;
    return this;
  }

  private void boxEnds(long[] start, long[] shape, long[] end) {
    for (int d = 0; d < shape.length; d++) {
      if (start[d] < 0 || shape[d] < 1 || start[d] > EncodedSelection.UNLIMITED - shape[d]) {
        throw new IllegalArgumentException("mapping " + count + ": box at " + start[d] + " of "
            + shape[d] + " elements in dimension " + d + " is not a range");
      }
      end[d] = start[d] + shape[d] - 1;
    }
  }

  /** Takes back a mapping that failed half-written: the block stays as before it. */
  private IllegalArgumentException undo(int from, IllegalArgumentException e) {
    body.truncate(from);
    fileIndex.values().removeIf(i -> i == count);
    dsetIndex.values().removeIf(i -> i == count);
    return new IllegalArgumentException("mapping " + count + ": " + e.getMessage(), e);
  }

  /** The whole block: header, the mappings added, checksum. */
  public byte[] toByteArray() {
    body.putUN(1, count, params.lengthSize());
    int n = body.position();
    byte[] done = body.toByteArray(4);
    int sum = Lookup3.checksum(done, 0, n);
    for (int k = 0; k < 4; k++) {
      done[n + k] = (byte) (sum >>> (8 * k));
    }
    return done;
  }
}
