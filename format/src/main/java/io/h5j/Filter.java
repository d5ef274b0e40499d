package io.h5j;

import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * One filter of a chunked dataset's pipeline (compression, shuffle, checksum...), as
 * {@link DatasetSpec#filter(Filter)} adds it and {@link StorageLayout#filters()} lists it.
 * Filters are identified by their HDF5 filter id (1 deflate, 2 shuffle, 3 fletcher32, 4
 * szip, 32000 LZF, ...; see the HDF Group's registry of filter ids).
 *
 * @param id the filter id, 0..65535
 * @param name the name stored with the filter, empty when none
 * @param optional whether a chunk may be stored without this filter when it fails (or does
 *     not shrink the chunk)
 * @param clientData the filter's parameters (unsigned 32-bit values held in ints)
 */
public record Filter(int id, String name, boolean optional, int[] clientData) {

  /**
   * Validates the fields as the file format limits them.
   *
   * @param id the filter id, 0..65535
   * @param name the stored name, empty for none
   * @param optional whether a chunk may be stored without this filter
   * @param clientData the filter's parameters; copied
   * @throws IllegalArgumentException if the id or a field does not fit the format
   */
  public Filter {
    clientData = clientData.clone();
    new FilterDescription(id, optional ? FilterDescription.OPTIONAL : 0, name, clientData);
  }

  /**
   * The filter {@code id} with its parameters, named as its reference implementation
   * registers itself with libhdf5 (unnamed for an id h5j does not know).
   *
   * @param id the filter id, 0..65535
   * @param optional whether a chunk may be stored without this filter
   * @param clientData the filter's parameters, as its implementation reads them
   * @return the filter
   */
  public static Filter of(int id, boolean optional, int... clientData) {
    return of(FilterDescription.of(id, optional, clientData));
  }

  /**
   * szip as libhdf5's {@code H5Pset_szip} adds it: optional, raw, K13, with the nearest
   * neighbour preprocessor ("nn") or entropy coding alone ("ec"); a dataset's own values
   * (bits per pixel, scanline) are added when it is created.
   *
   * @param nearestNeighbour true for the nearest neighbour preprocessor, false for entropy
   *     coding alone
   * @param pixelsPerBlock even, 2..32
   * @return the filter
   * @throws IllegalArgumentException for another number of pixels per block
   */
  public static Filter szip(boolean nearestNeighbour, int pixelsPerBlock) {
    return of(FilterDescription.szip(nearestNeighbour, pixelsPerBlock));
  }

  /**
   * A copy of the parameters.
   *
   * @return a new array each call
   */
  @Override
  public int[] clientData() {
    return clientData.clone();
  }

  /** The public view of a pipeline entry. */
  static Filter of(FilterDescription d) {
    return new Filter(d.id(), d.name(), (d.flags() & FilterDescription.OPTIONAL) != 0,
        d.clientData());
  }

  /** The pipeline entry this filter stands for. */
  FilterDescription description() {
    return new FilterDescription(id, optional ? FilterDescription.OPTIONAL : 0, name,
        clientData);
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof Filter f && f.id == id && f.name.equals(name) && f.optional == optional
        && Arrays.equals(f.clientData, clientData);
  }

  @Override
  public int hashCode() {
    return (id * 31 + name.hashCode()) * 31 + Arrays.hashCode(clientData);
  }

  /** E.g. {@code deflate (1) [6]}, {@code lzf (32000, optional) [4, 261, 0]}. */
  @Override
  public String toString() {
    return (name.isEmpty() ? "filter" : name) + " (" + id + (optional ? ", optional" : "")
        + ") " + Arrays.toString(clientData);
  }
}
