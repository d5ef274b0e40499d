package io.h5j.format.copy;

import io.h5j.format.vds.MappingBlockWriter;
import java.util.List;

/**
 * What a copy changes on the way.
 *
 * @param filters filter changes, in the order given
 * @param layouts layout changes, in the order given (the last one naming a dataset wins)
 * @param vdsEncoding the encoding every mapping block is stored in, null to copy each as is
 * @param shareVdsBlocks whether byte-identical mapping blocks are stored once and shared;
 *     libhdf5 1.10.8 corrupts such files when it deletes one of the datasets, so only a test
 *     asks for it
 * @param progress told after every object copied
 */
public record CopySettings(List<FilterChange> filters, List<LayoutChange> layouts,
    MappingBlockWriter.Format vdsEncoding, boolean shareVdsBlocks, CopyProgress progress) {
  public CopySettings {
    filters = List.copyOf(filters);
    layouts = List.copyOf(layouts);
    progress = progress == null ? (objects, bytes, inputBytes) -> { } : progress;
  }

  /** Whether some dataset may be stored differently, so its elements must be read. */
  public boolean changesStorage() {
    return !filters.isEmpty() || !layouts.isEmpty();
  }
}
