/**
 * Versioned datasets in one HDF5 file, in the layout of the Python package versioned-hdf5:
 * each version is a group of virtual datasets over shared, de-duplicated raw chunks, so that
 * both read and extend each other's files.
 *
 * <p>{@link io.h5j.versioning.VersionedFile} opens such a file; a
 * {@link io.h5j.versioning.StagedVersion} collects the changes of a new version and commits
 * them when closed; {@link io.h5j.versioning.VersionView} reads a version;
 * {@link io.h5j.versioning.VersionInfo} describes one; a check of a file's versions reports
 * through {@link io.h5j.versioning.CheckReport}. A commit is durable and atomic: a crash leaves
 * the previous state or the new one, for libhdf5's readers as well.
 */
@NullMarked
package io.h5j.versioning;

import org.jspecify.annotations.NullMarked;
