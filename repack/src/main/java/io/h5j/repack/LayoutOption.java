package io.h5j.repack;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A layout change, h5repack's {@code -l [PATH,...:]LAYOUT}: {@code CHUNK=32x32} (chunked
 * with these chunk dimensions), {@code CONTI} (contiguous) or {@code COMPA} (compact).
 *
 * @param paths dataset paths this applies to; empty for every dataset
 * @param kind the new layout
 * @param chunks chunk dimensions for {@link Kind#CHUNKED}, else null
 */
public record LayoutOption(List<String> paths, Kind kind, long @Nullable [] chunks) {
  /** The storage layouts a repack can convert to. */
  public enum Kind {
    /** Chunks of the given dimensions (h5repack's {@code CHUNK=DIMS}). */
    CHUNKED,
    /** One block of the file (h5repack's {@code CONTI}). */
    CONTIGUOUS,
    /** Inside the object header, for data under 64 KiB (h5repack's {@code COMPA}). */
    COMPACT
  }

  /**
   * Copies the paths and chunk dimensions: an option is a value.
   *
   * @param paths dataset paths this applies to; empty for every dataset
   * @param kind the new layout
   * @param chunks chunk dimensions for {@link Kind#CHUNKED}, else null
   */
  public LayoutOption {
    paths = List.copyOf(paths);
    chunks = chunks == null ? null : chunks.clone();
  }

  /**
   * Parses {@code [PATH,...:]LAYOUT}, e.g. {@code CHUNK=64x64} or {@code /x:CONTI}.
   *
   * @param text the option as h5repack takes it after {@code -l}
   * @return the option
   * @throws IllegalArgumentException naming the part of {@code text} that is not a layout
   */
  public static LayoutOption parse(String text) {
    int colon = text.lastIndexOf(':');
    List<String> paths = colon < 0 ? List.of() : FilterOption.paths(text.substring(0, colon));
    String spec = text.substring(colon + 1).trim().toUpperCase(Locale.ROOT);
    if (spec.equals("CONTI")) {
      return new LayoutOption(paths, Kind.CONTIGUOUS, null);
    } else if (spec.equals("COMPA")) {
      return new LayoutOption(paths, Kind.COMPACT, null);
    } else if (spec.startsWith("CHUNK=")) {
      String[] parts = spec.substring(6).split("[xX]");
      long[] dims = new long[parts.length];
      for (int i = 0; i < parts.length; i++) {
        try {
          dims[i] = Long.parseLong(parts[i].trim());
        } catch (NumberFormatException e) {
          dims[i] = 0;
        }
        if (dims[i] < 1) {
          throw new IllegalArgumentException("chunk dimension '" + parts[i] + "' in '" + text
              + "' is not a positive number");
        }
      }
      return new LayoutOption(paths, Kind.CHUNKED, dims);
    }
    throw new IllegalArgumentException("unknown layout '" + spec + "' in '" + text
        + "'; use CHUNK=DIMxDIM..., CONTI or COMPA");
  }
}
