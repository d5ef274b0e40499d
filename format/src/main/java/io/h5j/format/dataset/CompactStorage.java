package io.h5j.format.dataset;

import io.h5j.format.H5FormatException;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.Hyperslab;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** Elements kept in the layout message itself: every write rewrites the header. */
final class CompactStorage implements DatasetStorage {
  private final StoredDataset d;
  private final LayoutMessage.Compact layout;

  CompactStorage(StoredDataset d, LayoutMessage.Compact layout) {
    this.d = d;
    this.layout = layout;
  }

  @Override
  public StoredDataset dataset() {
    return d;
  }

  @Override
  public String layoutName() {
    return layout.className();
  }

  @Override
  public byte[] readBytes() throws IOException {
    long bytes = d.storageBytes(d.dataspace());
    if (layout.data().length < bytes) {
      throw new H5FormatException("dataset " + d.path(), d.address(), "compact data holds "
          + layout.data().length + " bytes, the dataspace needs " + bytes);
    }
    return Arrays.copyOf(layout.data(), (int) bytes);
  }

  @Override
  public byte[] readBytes(Hyperslab slab) throws IOException {
    int size = d.cachedDatatype().size();
    byte[] out = d.newArray(slab.elementCount(), size);
    byte[] all = readBytes();
    RunCopy.each(slab, d.dataspace().dims(), (inData, inSel, n) ->
        System.arraycopy(all, (int) inData * size, out, (int) inSel * size, (int) n * size));
    return out;
  }

  @Override
  public void writeBytes(Hyperslab slab, ByteBuffer raw) throws IOException {
    int size = d.cachedDatatype().size();
    byte[] all = readBytes();
    RunCopy.each(slab, d.dataspace().dims(), (inData, inSel, n) ->
        raw.get((int) inSel * size, all, (int) inData * size, (int) n * size));
    d.replaceLayout(new LayoutMessage.Compact(all));
  }

  @Override
  public void replaceAll(Object flatArray, Dataspace space) throws IOException {
    d.replaceLayout(new LayoutMessage.Compact(d.file().values().encode(d.cachedDatatype(),
        flatArray)));
  }
}
