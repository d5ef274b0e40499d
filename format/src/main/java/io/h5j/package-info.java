/**
 * h5j's API: open, create and edit HDF5 files in pure Java.
 *
 * <p>{@link io.h5j.H5File} opens a file (read-only, read-write) or creates one; a file is its
 * root {@link io.h5j.Group}. Groups hold links to {@link io.h5j.Node}s: groups, datasets and
 * committed datatypes ({@link io.h5j.NamedDatatype}). A {@link io.h5j.Dataset} reads and
 * writes its elements, whole or through a {@link io.h5j.Selection}; {@link io.h5j.DatasetSpec}
 * and {@link io.h5j.VirtualSpec} describe new datasets; every object carries
 * {@link io.h5j.Attributes}. {@link io.h5j.FileCheck} checks a file's structures as libhdf5
 * will read them.
 *
 * <pre>{@code
 * try (H5File f = H5File.create(Path.of("example.h5"))) {
 *   f.root().createDataset("x", DatasetSpec.of(new double[] {1, 2, 3, 4, 5, 6}).shape(2, 3));
 * }
 * try (H5File f = H5File.open(Path.of("example.h5"))) {
 *   double[] x = (double[]) f.dataset("x").read();
 * }
 * }</pre>
 *
 * <p>Errors: input that is malformed, or valid but not implemented, throws
 * {@link io.h5j.format.H5FormatException} (an {@link java.io.IOException}) naming the file, the
 * structure and its offset; misuse of the API (a wrong shape, a closed file, a name already
 * taken) throws {@link java.lang.IllegalArgumentException} or
 * {@link java.lang.IllegalStateException}.
 */
@NullMarked
package io.h5j;

import org.jspecify.annotations.NullMarked;
