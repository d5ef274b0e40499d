/**
 * A streaming copy of a whole HDF5 file, with optional filter and layout changes, as
 * {@code h5repack} does. The API is {@link io.h5j.repack}.
 */
module io.h5j.repack {
  requires transitive io.h5j;

  exports io.h5j.repack;
}
