package io.h5j.format.copy;

import io.h5j.format.filter.FilterPipelineMessage;

/**
 * How one dataset is stored in the new file when a filter or layout option changes it.
 *
 * @param kind the new layout
 * @param chunks chunk dimensions when chunked, else null
 * @param pipeline the new filter pipeline, null for none
 */
record StoragePlan(LayoutChange.Kind kind, long[] chunks, FilterPipelineMessage pipeline) {}
