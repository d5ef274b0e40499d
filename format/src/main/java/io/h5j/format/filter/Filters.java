package io.h5j.format.filter;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The filters h5j knows, by id. {@link #standard()} holds every built-in filter; {@link #with}
 * adds or replaces filters for a caller that brings its own.
 */
public final class Filters {
  public static final int DEFLATE = 1;
  public static final int SHUFFLE = 2;
  public static final int FLETCHER32 = 3;
  /** szip: known by id only; h5j cannot decode it. */
  public static final int SZIP = 4;
  public static final int NBIT = 5;
  public static final int SCALEOFFSET = 6;
  /** PyTables' LZO. */
  public static final int LZO = 305;
  public static final int BZIP2 = 307;
  public static final int LZF = 32000;
  public static final int LZ4 = 32004;
  /** LLNL's H5Z-ZFP: decode only. */
  public static final int ZFP = 32013;
  public static final int ZSTD = 32015;

  private static final Filters STANDARD = new Filters(Map.of()).with(List.of(
      new DeflateFilter(), new ShuffleFilter(), new Fletcher32Filter(), new NbitFilter(),
      new ScaleOffsetFilter(), new LzoFilter(), new Bzip2Filter(), new LzfFilter(),
      new Lz4Filter(), new ZfpFilter(), new ZstdFilter()));

  private final Map<Integer, Filter> byId;

  private Filters(Map<Integer, Filter> byId) {
    this.byId = byId;
  }

  /** Every filter built into h5j. */
  public static Filters standard() {
    return STANDARD;
  }

  /** This registry plus {@code filters}, which replace any of the same id. */
  public Filters with(Collection<? extends Filter> filters) {
    Map<Integer, Filter> m = new LinkedHashMap<>(byId);
    for (Filter f : filters) {
      m.put(f.id(), f);
    }
    return new Filters(Map.copyOf(m));
  }

  /**
   * The name of libhdf5's own filter with this id (the ones it registers itself, ids 1-6),
   * which it stores in version 1 pipeline messages.
   */
  public static Optional<String> libhdf5Name(int id) {
    return Optional.ofNullable(switch (id) {
      case DEFLATE -> "deflate";
      case SHUFFLE -> "shuffle";
      case FLETCHER32 -> "fletcher32";
      case SZIP -> "szip";
      case NBIT -> "nbit";
      case SCALEOFFSET -> "scaleoffset";
      default -> null;
    });
  }

  /** The filter with this id, if h5j knows it. */
  public Optional<Filter> find(int id) {
    return Optional.ofNullable(byId.get(id));
  }

  /** The filter with this id; {@link IllegalArgumentException} naming the known ids if none. */
  public Filter get(int id) {
    Filter f = byId.get(id);
    if (f == null) {
      throw new IllegalArgumentException("no filter with id " + id + "; known ids: "
          + byId.keySet().stream().sorted().toList());
    }
    return f;
  }

  /** All filters of this registry. */
  public Collection<Filter> all() {
    return byId.values();
  }
}
