/**
 * Raw access to what a dataset stores, for byte-for-byte copies and for tools: a chunk's
 * stored (filtered) bytes and filter mask ({@link io.h5j.raw.RawChunk}), the chunk index's
 * records ({@link io.h5j.raw.ChunkInfo}), a virtual dataset's mapping block
 * ({@link io.h5j.raw.VirtualMappings}), and dataspace selections as stored
 * ({@link io.h5j.raw.StoredSelection}: a mapping's regions, a region reference's region). The repacker and the versioning layer move data this
 * way without decoding it.
 *
 * <p>This package is stable API, like {@code io.h5j}, but lower level: its values are the
 * file's own bytes and addresses, so using them well needs some knowledge of the HDF5 format
 * (which filters a chunk went through, where a heap object lies). Most programs need only
 * {@code io.h5j}.
 */
@NullMarked
package io.h5j.raw;

import org.jspecify.annotations.NullMarked;
