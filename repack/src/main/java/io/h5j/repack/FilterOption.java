package io.h5j.repack;

import io.h5j.Filter;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A filter change, h5repack's {@code -f [PATH,...:]FILTER}: GZIP=level, SHUF, FLET,
 * SZIP=pixels per block,NN|EC, LZF, LZ4, BZIP2=level, ZSTD=level, or NONE (store unfiltered). Several options for one dataset
 * build its pipeline in the order given; options naming paths win over those naming none.
 *
 * @param paths dataset paths this applies to; empty for every dataset
 * @param filter the filter to append to the pipeline, or null for NONE
 */
public record FilterOption(List<String> paths, @Nullable Filter filter) {
  // the filter ids HDF5 registers (H5Zpublic.h and the HDF Group's registry)
  private static final int DEFLATE = 1;
  private static final int SHUFFLE = 2;
  private static final int FLETCHER32 = 3;
  private static final int BZIP2 = 307;
  private static final int LZF = 32000;
  private static final int LZ4 = 32004;
  private static final int ZSTD = 32015;

  /**
   * Copies the paths: an option is a value.
   *
   * @param paths dataset paths this applies to; empty for every dataset
   * @param filter the filter to append to the pipeline, or null for NONE
   */
  public FilterOption {
    paths = List.copyOf(paths);
  }

  /**
   * Parses {@code [PATH,...:]FILTER}, e.g. {@code GZIP=6} or {@code /a/x,/b:SHUF}.
   *
   * @param text the option as h5repack takes it after {@code -f}
   * @return the option
   * @throws IllegalArgumentException naming the part of {@code text} that is not a filter h5j knows
   */
  public static FilterOption parse(String text) {
    int colon = text.lastIndexOf(':');
    List<String> paths = colon < 0 ? List.of() : paths(text.substring(0, colon));
    String spec = text.substring(colon + 1).trim();
    int eq = spec.indexOf('=');
    String name = (eq < 0 ? spec : spec.substring(0, eq)).toUpperCase(java.util.Locale.ROOT);
    String given = eq < 0 ? null : spec.substring(eq + 1).trim();
    Integer value = given == null || name.equals("SZIP") ? null : level(given, text);
    Filter f = switch (name) {
      case "NONE" -> null;
      // optional or required as libhdf5's H5Pset_deflate, _shuffle and _fletcher32 make them
      case "GZIP" -> Filter.of(DEFLATE, true, range(value, 0, 9, 6, text));
      case "SHUF" -> Filter.of(SHUFFLE, true);
      case "FLET" -> Filter.of(FLETCHER32, false);
      case "LZF" -> Filter.of(LZF, true);
      case "LZ4" -> Filter.of(LZ4, true);
      case "BZIP2" -> Filter.of(BZIP2, true, range(value, 1, 9, 9, text));
      case "ZSTD" -> Filter.of(ZSTD, true, range(value, 1, 22, 3, text));
      case "SZIP" -> szip(given, text);
      default -> throw new IllegalArgumentException("unknown filter '" + name + "' in '"
          + text + "'; use GZIP=0..9, SHUF, FLET, SZIP=<2..32>,<NN|EC>, LZF, LZ4, BZIP2=1..9,"
          + " ZSTD=1..22 or NONE");
    };
    return new FilterOption(paths, f);
  }

  /** h5repack's {@code SZIP=<pixels per block>,<NN|EC>}. */
  private static Filter szip(String given, String text) {
    String[] parts = given == null ? new String[0] : given.split(",");
    if (parts.length != 2) {
      throw new IllegalArgumentException("'" + text + "' needs SZIP=<pixels per block>,<NN|EC>");
    }
    String coding = parts[1].trim().toUpperCase(java.util.Locale.ROOT);
    if (!coding.equals("NN") && !coding.equals("EC")) {
      throw new IllegalArgumentException("szip coding '" + parts[1] + "' in '" + text
          + "' is not NN or EC");
    }
    return Filter.szip(coding.equals("NN"), level(parts[0], text));
  }

  static List<String> paths(String list) {
    List<String> out = new ArrayList<>();
    for (String p : list.split(",")) {
      String t = p.trim();
      if (!t.isEmpty()) {
        out.add(t.startsWith("/") ? t : "/" + t);
      }
    }
    return out;
  }

  private static int level(String s, String text) {
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + s + "' in '" + text + "' is not a number");
    }
  }

  private static int range(Integer value, int min, int max, int dflt, String text) {
    int v = value == null ? dflt : value;
    if (v < min || v > max) {
      throw new IllegalArgumentException("level " + v + " in '" + text + "' is not "
          + min + ".." + max);
    }
    return v;
  }
}
