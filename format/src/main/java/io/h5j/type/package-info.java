/**
 * The values that describe data: the {@link io.h5j.type.Datatype} family (one immutable
 * record per HDF5 datatype class, with readable names such as {@code int32},
 * {@code float64} or {@code compound{x: float64, y: int32}}), the common types in
 * {@link io.h5j.type.Datatypes}, and {@link io.h5j.type.Dataspace}, the shape of a dataset
 * or attribute with {@link io.h5j.type.Dataspace#UNLIMITED} maximum sizes.
 *
 * <p>These are plain values: they hold no file and do no I/O, and may be shared between
 * threads freely. Their constructors validate their fields and throw
 * {@link java.lang.IllegalArgumentException} for a type or shape HDF5 cannot store.
 */
@NullMarked
package io.h5j.type;

import org.jspecify.annotations.NullMarked;
