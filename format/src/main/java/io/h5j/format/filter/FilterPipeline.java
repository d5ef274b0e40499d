package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import java.util.List;
import java.util.Optional;

/**
 * Runs a dataset's filter pipeline over one chunk: in message order on write, in reverse on
 * read. The chunk's 32-bit filter mask records which filters were skipped on write (bit
 * {@code i} set: filter {@code i} was not applied) and is honoured on read.
 *
 * <p>Write follows libhdf5's {@code H5Z_pipeline}: a filter that declines the chunk (see
 * {@link Filter#encode}) or that h5j cannot apply is skipped and its mask bit set when the filter
 * is optional, and fails the write when it is required. Whether a filter declines output that
 * does not shrink is the filter's own rule, as in libhdf5 (LZF declines; deflate never does).
 *
 * <p>Read fails with {@link H5FormatException} for a filter that must be undone (its mask bit is
 * clear) when h5j does not know it, whether it is required or optional: the stored bytes cannot
 * be decoded without it. The message names the filter's id and name.
 */
public final class FilterPipeline {
  private final List<FilterDescription> filters;
  private final Filters registry;

  /** A stored chunk and its filter mask. */
  public record Encoded(byte[] bytes, int filterMask) {}

  public FilterPipeline(FilterPipelineMessage message, Filters registry) {
    this.filters = message.filters();
    this.registry = registry;
  }

  /** The pipeline of {@code message} with h5j's built-in filters. */
  public static FilterPipeline of(FilterPipelineMessage message) {
    return new FilterPipeline(message, Filters.standard());
  }

  public List<FilterDescription> filters() {
    return filters;
  }

  /** See {@link #decode(byte[], int, int, String, long)}; errors name no chunk. */
  public byte[] decode(byte[] stored, int filterMask, int chunkBytes) throws H5FormatException {
    return decode(stored, filterMask, chunkBytes, "filtered chunk", -1);
  }

  /**
   * Undoes the pipeline on a stored chunk.
   *
   * @param stored the chunk's bytes as stored in the file
   * @param filterMask the chunk's filter mask from its index entry
   * @param chunkBytes the exact size of the unfiltered chunk (chunk elements times element size)
   * @param structure names the chunk in error messages, e.g. "chunk [0, 8] of /x"
   * @param address the chunk's file address for error messages, -1 if unknown
   * @return exactly {@code chunkBytes} bytes
   * @throws H5FormatException if a filter is unknown, its data are corrupt, a checksum does not
   *     match or the result is not {@code chunkBytes} long
   */
  public byte[] decode(byte[] stored, int filterMask, int chunkBytes, String structure,
      long address) throws H5FormatException {
    if (chunkBytes < 0) {
      throw new IllegalArgumentException("chunk size " + chunkBytes + " is negative");
    }
    byte[] out = new byte[chunkBytes];
    decode(stored, filterMask, chunkBytes, structure, address, out);
    return out;
  }

  /**
   * Like {@link #decode(byte[], int, int, String, long)}, into the first {@code chunkBytes}
   * bytes of {@code out}; the stages between filters use this thread's
   * {@link ScratchArrays}, so decoding a chunk allocates nothing chunk-sized.
   */
  public void decode(byte[] stored, int filterMask, int chunkBytes, String structure,
      long address, byte[] out) throws H5FormatException {
    decode(stored, filterMask, chunkBytes, structure, address, out, Helpers.NONE);
  }

  /**
   * Like {@link #decode(byte[], int, int, String, long, byte[])}, with {@code helpers} that
   * may take part of each filter's work: for a chunk read alone, while the other cores idle.
   */
  public void decode(byte[] stored, int filterMask, int chunkBytes, String structure,
      long address, byte[] out, Helpers helpers) throws H5FormatException {
    Stage s = undo(stored, filterMask, chunkBytes, 0, structure, address, out, helpers);
    if (s.data() != out) {
      System.arraycopy(s.data(), 0, out, 0, chunkBytes); // no filter applied
    }
  }

  /**
   * Whether undoing this pipeline on a chunk with {@code filterMask} ends with an unshuffle
   * of {@code elementSize}-byte elements (2, 4 or 8), which
   * {@link #decodeToShuffled} then leaves to the reader.
   */
  public boolean endsWithShuffle(int filterMask, int elementSize) {
    int first = firstApplied(filterMask);
    if (first == filters.size() || elementSize < 2 || elementSize > 8
        || Integer.bitCount(elementSize) != 1) {
      return false;
    }
    FilterDescription d = filters.get(first);
    return d.id() == Filters.SHUFFLE && d.clientData().length > 0
        && d.clientData()[0] == elementSize && registry.find(d.id()).isPresent();
  }

  /**
   * Undoes every filter but the final unshuffle ({@link #endsWithShuffle} must hold), into
   * this thread's scratch; arguments and errors as
   * {@link #decode(byte[], int, int, String, long)}.
   */
  public ShuffledChunk decodeToShuffled(byte[] stored, int filterMask, int chunkBytes,
      int elementSize, String structure, long address, Helpers helpers)
      throws H5FormatException {
    if (!endsWithShuffle(filterMask, elementSize)) {
      throw new IllegalStateException("the pipeline does not end with a shuffle of "
          + elementSize + "-byte elements");
    }
    Stage s = undo(stored, filterMask, chunkBytes, firstApplied(filterMask) + 1, structure,
        address, null, helpers);
    if (s.length() != chunkBytes || chunkBytes % elementSize != 0) {
      throw new H5FormatException(structure, address, "unfiltered chunk has " + s.length()
          + " bytes, expected " + chunkBytes);
    }
    return new ShuffledChunk(s.data(), chunkBytes / elementSize, elementSize);
  }

  /** Bytes after undoing some filters, and how many of them count. */
  private record Stage(byte[] data, int length) {}

  /**
   * Undoes the filters from the last down to position {@code upTo} (skipping those the mask
   * skips): the first one applied writes into {@code out} when given, any other into this
   * thread's scratch. With {@code upTo} 0 the result must be {@code chunkBytes} long.
   */
  private Stage undo(byte[] stored, int filterMask, int chunkBytes, int upTo, String structure,
      long address, byte[] out, Helpers helpers) throws H5FormatException {
    int[] bounds = decodedSizeBounds(filterMask, chunkBytes);
    int last = firstApplied(filterMask); // the last filter to undo
    byte[] data = stored;
    int length = stored.length;
    int slot = ScratchArrays.STAGE_A;
    for (int i = filters.size() - 1; i >= upTo; i--) {
      if (skipped(filterMask, i)) {
        continue;
      }
      FilterDescription d = filters.get(i);
      Optional<Filter> known = registry.find(d.id());
      if (known.isEmpty()) {
        throw H5FormatException.unsupported(structure, address, "cannot decode: "
            + (d.optional() ? "optional" : "required") + " filter " + d.id() + " ("
            + d.displayName() + ") at pipeline position " + i + " is not supported by h5j");
      }
      Filter f = known.get();
      boolean intoOut = i == last && out != null;
      byte[] target = intoOut ? out : ScratchArrays.get(slot, bounds[i]);
      try {
        length = f.decode(data, length, d.clientData(), target,
            intoOut ? Math.min(bounds[i], out.length) : bounds[i], helpers);
      } catch (H5FormatException e) {
        throw new H5FormatException(structure, address, "filter " + d.id() + " (" + f.name()
            + ") at pipeline position " + i + ": " + e.getMessage(), e);
      }
      data = target;
      slot = slot == ScratchArrays.STAGE_A ? ScratchArrays.STAGE_B : ScratchArrays.STAGE_A;
    }
    if (upTo == 0 && length != chunkBytes) {
      throw new H5FormatException(structure, address, "unfiltered chunk has " + length
          + " bytes, expected " + chunkBytes);
    }
    return new Stage(data, length);
  }

  /** The position of the first filter applied to a chunk with this mask (size() if none). */
  private int firstApplied(int filterMask) {
    int first = 0;
    while (first < filters.size() && skipped(filterMask, first)) {
      first++;
    }
    return first;
  }

  /** For each position, the most bytes its decoder may produce: chunk size grown by the encoders before it. */
  private int[] decodedSizeBounds(int filterMask, int chunkBytes) {
    int[] bounds = new int[filters.size()];
    long bound = chunkBytes;
    for (int i = 0; i < filters.size(); i++) {
      bounds[i] = FilterSupport.capped(bound);
      if (!skipped(filterMask, i)) {
        FilterDescription d = filters.get(i);
        Optional<Filter> f = registry.find(d.id());
        bound = f.isPresent() ? f.get().maxEncodedSize(bound, d.clientData())
            : bound + bound / 8 + 1024;
      }
    }
    return bounds;
  }

  /**
   * Applies the pipeline to one unfiltered chunk.
   *
   * @return the bytes to store and the mask of filters skipped
   * @throws IllegalArgumentException if a required filter is unknown, cannot encode, declines the
   *     chunk, or has invalid client data
   */
  public Encoded encode(byte[] chunk) {
    byte[] data = chunk;
    boolean fresh = false; // whether data is an array of its own, neither chunk nor scratch
    int slot = ScratchArrays.STAGE_A;
    int mask = 0;
    for (int i = 0; i < filters.size(); i++) {
      FilterDescription d = filters.get(i);
      Optional<Filter> f = registry.find(d.id()).filter(Filter::canEncode);
      boolean last = i == filters.size() - 1;
      Optional<byte[]> out = f.isEmpty() ? Optional.empty()
          : last ? f.get().encode(data, d.clientData())
          : f.get().encodeForNext(data, d.clientData(), slot);
      if (out.isPresent()) {
        fresh = last && out.get() != data; // encodeForNext may have returned scratch
        data = out.get();
        slot = slot == ScratchArrays.STAGE_A ? ScratchArrays.STAGE_B : ScratchArrays.STAGE_A;
      } else if (d.optional()) {
        mask |= 1 << i;
      } else {
        throw new IllegalArgumentException("required filter " + d.id() + " ("
            + d.displayName() + ") " + (f.isPresent() ? "could not encode this chunk"
                : "cannot be applied by h5j") + "; make it optional or remove it");
      }
    }
    return new Encoded(fresh ? data : data.clone(), mask);
  }

  private static boolean skipped(int mask, int i) {
    return i < 32 && (mask & (1 << i)) != 0;
  }
}
