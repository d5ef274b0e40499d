package io.h5j.repack;

import java.util.List;

/**
 * What a repack copied.
 *
 * @param groups groups copied, the root included
 * @param datasets datasets copied, virtual ones included
 * @param virtualDatasets of those, virtual datasets
 * @param datatypes committed datatypes copied
 * @param links links written (hard, soft and external)
 * @param bytesCopied raw data bytes moved as stored (chunks, contiguous data)
 * @param mappingBlocks virtual dataset mapping blocks copied
 * @param identicalMappingBlocks blocks byte-identical to one copied before them
 * @param identicalMappingBlockBytes the bytes of those repeated blocks
 * @param inputBytes size of the input file
 * @param outputBytes size of the output file
 * @param skipped datasets that filter or layout options naming no path could not apply to,
 *     so they were copied as they were: one line each, naming the dataset and why
 * @param danglingReferences object references to no object (one deleted after the reference
 *     was stored, as a dimension scale's REFERENCE_LIST keeps them), written as null
 *     references: one line each, naming the address they held
 */
public record RepackReport(long groups, long datasets, long virtualDatasets, long datatypes,
    long links, long bytesCopied, long mappingBlocks, long identicalMappingBlocks,
    long identicalMappingBlockBytes, long inputBytes, long outputBytes, List<String> skipped,
    List<String> danglingReferences) {

  /**
   * Copies the lists: a report is a value.
   *
   * @param groups groups copied, the root included
   * @param datasets datasets copied, virtual ones included
   * @param virtualDatasets of those, virtual datasets
   * @param datatypes committed datatypes copied
   * @param links links written (hard, soft and external)
   * @param bytesCopied raw data bytes moved as stored (chunks, contiguous data)
   * @param mappingBlocks virtual dataset mapping blocks copied
   * @param identicalMappingBlocks blocks byte-identical to one copied before them
   * @param identicalMappingBlockBytes the bytes of those repeated blocks
   * @param inputBytes size of the input file
   * @param outputBytes size of the output file
   * @param skipped datasets that filter or layout options naming no path could not apply to, so
   *     they were copied as they were: one line each, naming the dataset and why
   * @param danglingReferences object references to no object (one deleted after the reference was
   *     stored, as a dimension scale's REFERENCE_LIST keeps them), written as null references: one
   *     line each, naming the address they held
   */
  public RepackReport {
    skipped = List.copyOf(skipped);
    danglingReferences = List.copyOf(danglingReferences);
  }

  /**
   * Every object copied: groups, datasets and committed datatypes.
   *
   * @return groups + datasets + datatypes
   */
  public long objects() {
    return groups + datasets + datatypes;
  }
}
