package io.h5j;

import io.h5j.format.message.LayoutMessage;
import io.h5j.format.vds.MappingBlock;
import io.h5j.internal.DatasetInternals;
import java.io.IOException;

/** The internals of {@link Dataset} that {@link DatasetInternals} hands out. */
final class DatasetAccess implements DatasetInternals.Access {
  @Override
  public LayoutMessage layout(Dataset d) throws IOException {
    return d.layoutMessage();
  }

  @Override
  public MappingBlock mappingBlock(Dataset d) throws IOException {
    return d.mappingBlock();
  }
}
