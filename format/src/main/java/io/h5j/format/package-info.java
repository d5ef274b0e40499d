/**
 * The types h5j's HDF5 format layer hands to users that its structures make, so that they
 * make them without importing the API: the error type, {@link
 * io.h5j.format.H5FormatException}, and the report of a structural check, {@link
 * io.h5j.format.CheckReport} with its {@link io.h5j.format.Problem}s; and the one type they
 * read from that users may implement, the {@link io.h5j.format.ByteSource} of a file stored
 * elsewhere than on a local disk, with its block cache {@link
 * io.h5j.format.CachingByteSource}. The packages below
 * {@code io.h5j.format} (structures, chunk indexes, filters, the engines) are internal to
 * h5j: the module does not export them to users and they may change in any release.
 */
@NullMarked
package io.h5j.format;

import org.jspecify.annotations.NullMarked;
