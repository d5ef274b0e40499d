/**
 * Spark DataSource V2 sources over HDF5 files, read with h5j (no native library): {@code hdf5}
 * ({@link io.h5j.spark.Hdf5DataSource}) reads a dataset, of one file, a directory or a glob,
 * or of a version of a versioned-hdf5 file, as a table whose partitions are runs of chunks;
 * {@code hdf5-versions} ({@link io.h5j.spark.VersionsDataSource}) lists a versioned file's
 * versions; {@link io.h5j.spark.Hdf5Catalog} gives SQL tables {@code VERSION AS OF} and
 * {@code TIMESTAMP AS OF}.
 */
package io.h5j.spark;
