package io.h5j.format.copy;

import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import java.util.List;

/**
 * One filter of the new pipeline of the datasets named (h5repack's {@code -f}); several build
 * a pipeline in the order given, and changes naming paths win over those naming none.
 *
 * @param paths dataset paths this applies to; empty for every dataset
 * @param filter the filter to append, or null to store the datasets unfiltered
 */
public record FilterChange(List<String> paths, FilterDescription filter) {
  public FilterChange {
    paths = List.copyOf(paths);
  }
}
