package io.h5j.format.copy;

import java.util.List;

/**
 * What a copy wrote; the fields are those of {@code io.h5j.FileCopy.Result}, which documents
 * them.
 */
public record CopyCounts(long groups, long datasets, long virtualDatasets, long datatypes,
    long links, long bytesCopied, long mappingBlocks, long identicalMappingBlocks,
    long identicalMappingBlockBytes, long inputBytes, long outputBytes, List<String> skipped,
    List<String> danglingReferences) {
  public CopyCounts {
    skipped = List.copyOf(skipped);
    danglingReferences = List.copyOf(danglingReferences);
  }
}
