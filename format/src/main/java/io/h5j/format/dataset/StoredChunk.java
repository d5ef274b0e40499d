package io.h5j.format.dataset;

/**
 * A chunk as stored in the file: its bytes after the filter pipeline and the mask of the
 * filters that were skipped for it (bit i set = filter i not applied).
 */
public record StoredChunk(byte[] bytes, int filterMask) {}
