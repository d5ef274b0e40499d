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
  private final ByteWriter body;
  private final Map<String, Integer> fileIndex = new HashMap<>();
  private final Map<String, Integer> dsetIndex = new HashMap<>();
  private int count;

  public MappingBlockWriter(FileParams params) {
    this(params, Format.V0);
  }

  public MappingBlockWriter(FileParams params, Format format) {
    this.params = params;
    this.format = format;
    this.style = format == Format.V0 ? SelectionCodec.Style.COMPAT
        : SelectionCodec.Style.COMPACT;
    this.body = new ByteWriter(params, 256);
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
    ByteWriter sel = new ByteWriter(params, 64);
    try {
      SelectionCodec.encode(source, style, sel);
      SelectionCodec.encode(virtual, style, sel);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("mapping " + count + ": " + e.getMessage(), e);
    }
    if (format == Format.V0) {
      body.cString(sourceFile).cString(sourceDataset);
    } else {
      int flagsAt = body.position();
      body.u8(0);
      int flags = 0;
      if (Mapping.SAME_FILE.equals(sourceFile)) {
        flags |= MappingBlock.FLAG_SAME_FILE;
      } else {
        flags |= name(sourceFile, fileIndex, MappingBlock.FLAG_FILE_SHARED);
      }
      flags |= name(sourceDataset, dsetIndex, MappingBlock.FLAG_DATASET_SHARED);
      body.putUN(flagsAt, flags, 1);
    }
    body.bytes(sel.toByteArray());
    count++;
    return this;
  }

  private int name(String name, Map<String, Integer> index, int flag) {
    Integer earlier = index.get(name);
    if (earlier != null) {
      body.length(earlier + (long) MappingBlock.V1_INDEX_BASE);
      return flag;
    }
    index.put(name, count);
    body.bytes(name.getBytes(StandardCharsets.UTF_8)).u8(0);
    return 0;
  }

  /**
   * Adds a mapping of one block of {@code shape} at {@code sourceStart} of the source to one
   * at {@code virtualStart}; names are literal paths (a {@code %} is escaped).
   */
  public MappingBlockWriter addBox(String sourceFile, String sourceDatasetPath,
      long[] sourceStart, long[] virtualStart, long[] shape) {
    return add(Mapping.escape(sourceFile), Mapping.escape(sourceDatasetPath),
        EncodedSelection.Irregular.box(sourceStart, shape),
        EncodedSelection.Irregular.box(virtualStart, shape));
  }

  /** The whole block: header, the mappings added, checksum. */
  public byte[] toByteArray() {
    byte[] b = body.toByteArray();
    ByteWriter out = new ByteWriter(params, b.length + 1 + params.lengthSize() + 4);
    out.u8(format == Format.V0 ? 0 : 1).length(count).bytes(b);
    byte[] all = out.toByteArray();
    int sum = Lookup3.checksum(all, 0, all.length);
    byte[] done = java.util.Arrays.copyOf(all, all.length + 4);
    for (int k = 0; k < 4; k++) {
      done[all.length + k] = (byte) (sum >>> (8 * k));
    }
    return done;
  }
}
