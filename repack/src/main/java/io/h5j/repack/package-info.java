/**
 * A streaming copy of a whole HDF5 file, as {@code h5repack} makes, at close to disk speed.
 *
 * <p>{@link io.h5j.repack.Repacker} copies everything reachable from the root into a new file,
 * moving chunks and virtual dataset mapping blocks as stored bytes; a
 * {@link io.h5j.repack.FilterOption} or {@link io.h5j.repack.LayoutOption} changes filters or
 * layouts on the way. The result is described by a {@link io.h5j.repack.RepackReport}, progress
 * by a {@link io.h5j.repack.RepackProgress}; {@link io.h5j.repack.RepackVerifier} compares the
 * copy with its input.
 */
@NullMarked
package io.h5j.repack;

import org.jspecify.annotations.NullMarked;
