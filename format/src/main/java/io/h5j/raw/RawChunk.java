package io.h5j.raw;

/**
 * A chunk as stored in the file: its bytes after the filter pipeline and the mask of the
 * filters that were skipped for it (bit i set = filter i not applied). Read with
 * {@code Dataset.readChunk}, written unchanged with {@code Dataset.writeChunk}.
 *
 * @param bytes the stored (filtered) bytes of the chunk
 * @param filterMask bit i set when filter i of the pipeline was not applied to this chunk
 */
public record RawChunk(byte[] bytes, int filterMask) {}
