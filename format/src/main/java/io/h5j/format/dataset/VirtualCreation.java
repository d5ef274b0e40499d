package io.h5j.format.dataset;

import io.h5j.type.Datatype;
import io.h5j.format.vds.MappingBlockWriter;
import io.h5j.format.vds.MappingList;

/**
 * What a new virtual dataset is to be: the API's spec converts to this. Its mappings are
 * {@code encodedBlock} (another dataset's stored block, copied as bytes) when not null, else
 * {@code mappings}, encoded in {@code format}; {@code fillValue} may be null.
 */
public record VirtualCreation(Datatype datatype, long[] shape, long[] maxShape,
    Object fillValue, byte[] encodedBlock, MappingList mappings,
    MappingBlockWriter.Format format) {}
