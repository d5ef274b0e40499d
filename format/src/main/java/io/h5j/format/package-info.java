/**
 * The error type of h5j's HDF5 format layer, {@link io.h5j.format.H5FormatException}: the one
 * public type of this package. The packages below {@code io.h5j.format} (structures, chunk
 * indexes, filters, the engine) are internal to h5j: the module does not export them to users
 * and they may change in any release.
 */
@NullMarked
package io.h5j.format;

import org.jspecify.annotations.NullMarked;
