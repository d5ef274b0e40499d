package io.h5j;

/**
 * A chunk as stored in the file: its bytes after the filter pipeline and the mask of the
 * filters that were skipped for it (bit i set = filter i not applied).
 */
public record RawChunk(byte[] bytes, int filterMask) {}
