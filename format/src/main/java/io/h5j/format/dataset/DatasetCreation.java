package io.h5j.format.dataset;

import io.h5j.type.Datatype;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import java.util.List;

/**
 * What a new (non-virtual) dataset is to be, checked already: the API's spec converts to
 * this. {@code chunks} only for chunked storage; {@code data} (a flat Java array in C order)
 * and {@code fillValue} (a one-element array or a boxed scalar) may be null.
 */
public record DatasetCreation(Datatype datatype, long[] shape, long[] maxShape, Layout layout,
    Object fillValue, Object data, long[] chunks, List<FilterDescription> filters,
    boolean layoutV5) {
  /** How the elements are stored. */
  public enum Layout { CONTIGUOUS, COMPACT, CHUNKED }
}
