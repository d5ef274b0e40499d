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
  /** szip (CCSDS 121.0 adaptive entropy coding as libhdf5 runs it over libaec). */
  public static final int SZIP = 4;
  public static final int NBIT = 5;
  public static final int SCALEOFFSET = 6;
  /** PyTables' LZO. */
  public static final int LZO = 305;
  public static final int BZIP2 = 307;
  public static final int LZF = 32000;
  /** Blosc 1 (hdf5-blosc, PyTables, hdf5plugin). */
  public static final int BLOSC = 32001;
  public static final int LZ4 = 32004;
  /** bitshuffle, optionally with LZ4 or Zstandard (the bitshuffle plugin). */
  public static final int BITSHUFFLE = 32008;
  /** LLNL's H5Z-ZFP: decode only. */
  public static final int ZFP = 32013;
  public static final int ZSTD = 32015;
  /** Blosc 2 (PyTables, hdf5plugin). */
  public static final int BLOSC2 = 32026;

  private static final Filters STANDARD = new Filters(Map.of()).with(List.of(
      new DeflateFilter(), new ShuffleFilter(), new Fletcher32Filter(), new SzipFilter(),
      new NbitFilter(), new ScaleOffsetFilter(), new LzoFilter(), new Bzip2Filter(),
      new LzfFilter(), new Lz4Filter(), new ZstdFilter(), new BitshuffleFilter(),
      new BloscFilter(), new Blosc2Filter(), new ZfpFilter()));

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

  /**
   * The name the reference implementation of the filter with this id registers with libhdf5,
   * which libhdf5 stores in the pipeline message of a dataset it creates with it (the plugins
   * Debian ships, h5py's LZF, PyTables' LZO); empty for ids h5j knows no such name for.
   */
  public static Optional<String> registeredName(int id) {
    return Optional.ofNullable(switch (id) {
      case BZIP2 -> "HDF5 bzip2 filter; see http://www.hdfgroup.org/services/contributions.html";
      case LZ4 -> "HDF5 lz4 filter; see http://www.hdfgroup.org/services/contributions.html";
      case LZF -> "lzf";
      case LZO -> "lzo";
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
