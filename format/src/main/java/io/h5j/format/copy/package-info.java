/**
 * The copy engine, internal to h5j (the module does not export it): everything reachable
 * from a file's root copied into a new file in one walk of the object graph, as libhdf5's
 * {@code H5Ocopy} does inside the library. Header messages, chunks, contiguous data, heap
 * collections and mapping blocks go over as bytes, their addresses translated; only datasets
 * whose storage a {@link io.h5j.format.copy.FilterChange} or {@link
 * io.h5j.format.copy.LayoutChange} changes are read back as elements (through an {@link
 * io.h5j.format.copy.ElementSource}, which the API implements, so that this package names no
 * API type) and written anew. The public entry is {@code io.h5j.FileCopy}; the repack module
 * is the tool around it.
 */
package io.h5j.format.copy;
