/**
 * Versions of HDF5 datasets, kept as copy-on-write virtual datasets in the same file, as the
 * Python package versioned-hdf5 stores them: commits, checkouts, chunk de-duplication and the
 * version graph. The API is {@link io.h5j.versioning}.
 */
module io.h5j.versioning {
  requires transitive io.h5j;

  exports io.h5j.versioning;
}
