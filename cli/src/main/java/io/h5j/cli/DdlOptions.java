package io.h5j.cli;

/**
 * What of h5dump's DDL to print, from h5dump's options.
 *
 * @param data print values ({@code DATA} blocks): not with {@code -H}
 * @param datasetData print datasets' values: not with {@code -A} (attributes only)
 * @param attributes print attributes: not with {@code -A 0}
 * @param indices start data lines with the index of their first element: not with {@code -y}
 * @param properties print storage layout and filters ({@code -p})
 */
record DdlOptions(boolean data, boolean datasetData, boolean attributes, boolean indices,
    boolean properties) {}
