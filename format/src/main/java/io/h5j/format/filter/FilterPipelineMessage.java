package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.message.HeaderMessage;
import io.h5j.format.message.MessageType;
import io.h5j.type.Datatype;
import io.h5j.type.VarLenType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The filter pipeline message (type 0x000B, versions 1 and 2): the filters a dataset's chunks
 * pass through on write, in order. Readers undo them in reverse (see {@link FilterPipeline}).
 *
 * <p>Version 1 pads each name (with its NUL) to a multiple of 8 bytes and pads an odd number of
 * client data values with one zero word; version 2 has no padding and omits the name of filters
 * with ids below 256. libhdf5 1.8+ writes version 2 unless the file asks for the earliest format.
 *
 * @param version 1 or 2: the encoding {@link #encode} writes
 * @param filters at most {@value #MAX_FILTERS}, in the order they are applied on write
 */
public record FilterPipelineMessage(int version, List<FilterDescription> filters)
    implements HeaderMessage {
  /** The most filters one pipeline may hold (libhdf5's H5Z_MAX_NFILTERS). */
  public static final int MAX_FILTERS = 32;
  /** Filter ids below this are defined by the format; version 2 stores no name for them. */
  public static final int FIRST_UNRESERVED_ID = 256;

  /**
   * One filter of the pipeline.
   *
   * @param id the filter identification value, 0..65535
   * @param flags bit 0 set: optional (skipped on write if it fails); bits 1-15 reserved
   * @param name the filter's name, empty when none is stored (never null)
   * @param clientData the filter's parameters, unsigned 32-bit values held in ints
   */
  public record FilterDescription(int id, int flags, String name, int[] clientData) {
    /** The longest name whose padded length still fits the 16-bit name length field. */
    public static final int MAX_NAME_BYTES = 65527;
    /** Flag bit 0: the filter is optional. */
    public static final int OPTIONAL = 1;
    /** The version h5py's LZF filter records in client data value 0. */
    static final int LZF_FILTER_VERSION = 4;
    /** The liblzf version (1.5) h5py's LZF filter records in client data value 1. */
    static final int LZF_LIBRARY_VERSION = 0x105;

    public FilterDescription {
      if (id < 0 || id > 0xffff) {
        throw new IllegalArgumentException("filter id " + id + " is not 0..65535");
      }
      if (flags < 0 || flags > 0xffff) {
        throw new IllegalArgumentException("filter flags " + flags + " are not 16 bits");
      }
      Objects.requireNonNull(name, "name (use \"\" for none)");
      if (name.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("a filter name cannot contain NUL");
      }
      if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
        throw new IllegalArgumentException("a filter name has at most " + MAX_NAME_BYTES
            + " bytes");
      }
      if (clientData.length > 0xffff) {
        throw new IllegalArgumentException("at most 65535 client data values, got "
            + clientData.length);
      }
      clientData = clientData.clone();
    }

    /**
     * A filter named as its reference implementation registers itself with libhdf5
     * ({@link Filters#registeredName}), else unnamed.
     */
    public static FilterDescription of(int id, boolean optional, int... clientData) {
      return new FilterDescription(id, optional ? OPTIONAL : 0,
          Filters.registeredName(id).orElse(""), clientData);
    }

    /**
     * szip as {@code H5Pset_szip(options_mask, pixels_per_block)} adds it: optional, with the
     * options mask made raw and K13, without chip or byte order bits (the dataset's "set local"
     * step adds those and the rest, see {@link #withLocalParameters(Datatype, long[])}).
     *
     * @param nearestNeighbour the NN preprocessor (h5py's 'nn'), else entropy coding only ('ec')
     * @param pixelsPerBlock even, 2..32
     */
    public static FilterDescription szip(boolean nearestNeighbour, int pixelsPerBlock) {
      return of(Filters.SZIP, true, SzipLocalParameters.setSzip(
          nearestNeighbour ? SzipParameters.NN : SzipParameters.EC, pixelsPerBlock));
    }

    /**
     * As {@link #withLocalParameters(Datatype, long)} for chunks of {@code chunkDims} elements,
     * where szip also learns what it needs from the chunk's shape: from the options mask and
     * pixels per block (the first two values, which {@code H5Pset_szip} stores), the four
     * values libhdf5 stores (see {@link SzipLocalParameters}).
     *
     * @throws IllegalArgumentException where libhdf5 refuses szip for this type or chunk
     */
    public FilterDescription withLocalParameters(Datatype type, long[] chunkDims) {
      long elements = 1;
      for (long d : chunkDims) {
        elements = Math.multiplyExact(elements, d);
      }
      if (id == Filters.SZIP && !(type instanceof VarLenType)) { // recomputed, as libhdf5 does
        return new FilterDescription(id, flags, name,
            SzipLocalParameters.of(clientData, type, chunkDims));
      }
      return withLocalParameters(type, Math.multiplyExact(elements, type.size()));
    }

    /**
     * This filter with what libhdf5's per-dataset "set local" step adds for a dataset of
     * {@code type} in chunks of {@code chunkBytes} bytes (0: not known): a shuffle without
     * parameters learns the element size; h5py's LZF fills its first three values with its own
     * version (4), liblzf's (0x105, each only where 0) and the chunk size. For variable-length
     * elements the filter stays as it is: libhdf5 skips this step for them
     * (H5Z_ignore_filters), so a shuffle learns no size and is skipped in every chunk.
     */
    public FilterDescription withLocalParameters(Datatype type, long chunkBytes) {
      if (type instanceof VarLenType) {
        return this;
      }
      int elementSize = type.size();
      if (id == Filters.SHUFFLE && clientData.length == 0) {
        return new FilterDescription(id, flags, name, new int[] {elementSize});
      }
      if (id == Filters.LZF && chunkBytes > 0) {
        int[] cd = Arrays.copyOf(clientData, Math.max(3, clientData.length));
        cd[0] = cd[0] == 0 ? LZF_FILTER_VERSION : cd[0];
        cd[1] = cd[1] == 0 ? LZF_LIBRARY_VERSION : cd[1];
        cd[2] = (int) chunkBytes; // an unsigned 32-bit value, as h5py stores it
        return new FilterDescription(id, flags, name, cd);
      }
      return this;
    }

    public boolean optional() {
      return (flags & OPTIONAL) != 0;
    }

    @Override
    public int[] clientData() {
      return clientData.clone();
    }

    /** The name if one is stored, else the registered name of the id, else "unnamed". */
    public String displayName() {
      if (!name.isEmpty()) {
        return name;
      }
      return Filters.standard().find(id).map(Filter::name).orElse("unnamed");
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof FilterDescription f && f.id == id && f.flags == flags
          && f.name.equals(name) && Arrays.equals(f.clientData, clientData);
    }

    @Override
    public int hashCode() {
      return Objects.hash(id, flags, name, Arrays.hashCode(clientData));
    }

    @Override
    public String toString() {
      return "filter " + id + " (" + displayName() + ")" + (optional() ? " optional" : "")
          + " " + Arrays.toString(clientData);
    }
  }

  public FilterPipelineMessage {
    if (version != 1 && version != 2) {
      throw new IllegalArgumentException("filter pipeline version " + version + " is not 1 or 2");
    }
    filters = List.copyOf(filters);
    if (filters.size() > MAX_FILTERS) {
      throw new IllegalArgumentException("at most " + MAX_FILTERS + " filters, got "
          + filters.size());
    }
  }

  /** A version 2 message, what libhdf5 1.8 and later write. */
  public static FilterPipelineMessage of(List<FilterDescription> filters) {
    return new FilterPipelineMessage(2, filters);
  }

  /** The same filters in another encoding version (1 for earliest-format files). */
  public FilterPipelineMessage withVersion(int newVersion) {
    return new FilterPipelineMessage(newVersion, filters);
  }

  /**
   * The filters of {@code filters} libhdf5 refuses for a dataset of {@code type}: for
   * variable-length elements the required ones ("not suitable for filters": it accepts only
   * optional filters there, see {@link FilterDescription#withLocalParameters}); else none.
   */
  public static List<FilterDescription> refusedFor(Datatype type,
      List<FilterDescription> filters) {
    return type instanceof VarLenType
        ? filters.stream().filter(f -> !f.optional()).toList() : List.of();
  }

  /**
   * These filters in version 1, named as libhdf5 names them there for a new dataset: a
   * filter without a name of its own gets the name of libhdf5's filter class when libhdf5 has
   * one built in (ids 1-6); filters libhdf5 would load as plugins stay unnamed.
   */
  public FilterPipelineMessage forEarliestFormat() {
    List<FilterDescription> named = filters.stream().map(f -> f.name().isEmpty()
        ? Filters.libhdf5Name(f.id()).map(n -> new FilterDescription(f.id(), f.flags(), n,
            f.clientData)).orElse(f) : f).toList();
    return new FilterPipelineMessage(1, named);
  }

  @Override
  public int type() {
    return MessageType.FILTER_PIPELINE;
  }

  public static FilterPipelineMessage decode(ByteReader r) throws H5FormatException {
    int version = r.u8();
    if (version != 1 && version != 2) {
      throw r.versionError(version, 2, "filter pipeline message version " + version + " is not 1 or 2");
    }
    int count = r.u8();
    if (count > MAX_FILTERS) {
      throw r.error("filter pipeline holds " + count + " filters, more than " + MAX_FILTERS);
    }
    if (version == 1) {
      r.skip(6);
    }
    FilterDescription[] filters = new FilterDescription[count];
    for (int i = 0; i < count; i++) {
      filters[i] = decodeFilter(r, version);
    }
    return new FilterPipelineMessage(version, List.of(filters));
  }

  private static FilterDescription decodeFilter(ByteReader r, int version)
      throws H5FormatException {
    int id = r.u16();
    int nameLength = version == 1 || id >= FIRST_UNRESERVED_ID ? r.u16() : 0;
    if (version == 1 && nameLength % 8 != 0) {
      throw r.error("filter " + id + " name length " + nameLength + " is not a multiple of 8");
    }
    int flags = r.u16();
    int values = r.u16();
    String name = nameLength == 0 ? "" : name(r.slice(nameLength, "filter " + id + " name"));
    if ((long) values * 4 > r.remaining()) {
      throw r.error("filter " + id + " claims " + values + " client data values but only "
          + r.remaining() + " bytes remain");
    }
    int[] clientData = new int[values];
    for (int j = 0; j < values; j++) {
      clientData[j] = r.i32();
    }
    if (version == 1 && values % 2 == 1) {
      r.skip(4);
    }
    return new FilterDescription(id, flags, name, clientData);
  }

  /** The NUL-terminated name at the start of the name field (padding after the NUL ignored). */
  private static String name(ByteReader field) throws H5FormatException {
    return field.cString();
  }

  @Override
  public void encode(ByteWriter w) {
    w.u8(version).u8(filters.size());
    if (version == 1) {
      w.zeros(6);
    }
    for (FilterDescription f : filters) {
      w.u16(f.id());
      byte[] name = f.name().getBytes(StandardCharsets.UTF_8);
      boolean storesName = version == 1 || f.id() >= FIRST_UNRESERVED_ID;
      int nameLength = storesName && name.length > 0 ? name.length + 1 : 0;
      int fieldLength = version == 1 ? (nameLength + 7) / 8 * 8 : nameLength;
      if (storesName) {
        w.u16(fieldLength);
      }
      int[] cd = f.clientData;
      w.u16(f.flags()).u16(cd.length);
      if (nameLength > 0) {
        w.bytes(name).zeros(fieldLength - name.length);
      }
      for (int v : cd) {
        w.u32(v & 0xffffffffL);
      }
      if (version == 1 && cd.length % 2 == 1) {
        w.zeros(4);
      }
    }
  }
}
