/**
 * The dataset engine (internal, not exported): how a dataset's elements are stored, read
 * and written. {@link io.h5j.format.dataset.StoredDataset} reads a dataset's header and
 * chooses, once per header version, the {@link io.h5j.format.dataset.DatasetStorage} its
 * layout calls for (compact, contiguous, external files, chunked, virtual);
 * {@link io.h5j.format.dataset.EngineFile} holds what a file's datasets share (value codec,
 * chunk cache, worker threads, the options external and virtual storage follow). The
 * writers create datasets from {@link io.h5j.format.dataset.DatasetCreation} and
 * {@link io.h5j.format.dataset.VirtualCreation}. Nothing here imports the API package
 * {@code io.h5j}: its facades convert their types (selections, specs) and call in, and
 * name the file in the format errors that come out.
 */
package io.h5j.format.dataset;
