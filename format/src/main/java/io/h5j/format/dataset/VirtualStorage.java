package io.h5j.format.dataset;

import io.h5j.format.datatype.DataConverter;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.MappingBlock;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Elements read from the source datasets a mapping block names ({@link VirtualData} does the
 * mapping work, built at the dataset's open or first use); h5j does not write through a
 * virtual dataset.
 */
final class VirtualStorage implements DatasetStorage {
  private final StoredDataset d;
  private final LayoutMessage.Virtual layout;
  private VirtualData data;

  VirtualStorage(StoredDataset d, LayoutMessage.Virtual layout) {
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

  private VirtualData data() throws IOException {
    if (data == null) {
      data = new VirtualData(d.file(), d.path(), d.address(), layout, d.storedSpace(),
          d.datatype(), d.fillValueBytes());
    }
    return data;
  }

  @Override
  public Dataspace dataspace(Dataspace stored) throws IOException {
    return Dataspace.simple(data().dims(), stored.maxDims());
  }

  @Override
  public void opened() {
    if (d.file().virtual().deferBlockVerification()) {
      return; // the open reads nothing of the block: reads take what they need of it
    }
    try {
      data().prepareFirstRead();
    } catch (IOException | RuntimeException e) {
      // the first read redoes what failed here and reports it
    }
  }

  @Override
  public MappingBlock mappings() throws IOException {
    return data().block();
  }

  @Override
  public byte[] readBytes() throws IOException {
    return data().read(Hyperslab.all(d.dataspace().dims()));
  }

  @Override
  public byte[] readBytes(Hyperslab slab) throws IOException {
    return data().read(slab);
  }

  /** Types stored as their Java array holds them are read straight into a new array. */
  @Override
  public Object readValues() throws IOException {
    return readValues(Hyperslab.all(d.dataspace().dims()));
  }

  @Override
  public Object readValues(Hyperslab slab) throws IOException {
    Datatype type = d.cachedDatatype();
    if (!SlabTransfer.isPrimitiveImage(type)) {
      return DatasetStorage.super.readValues(slab);
    }
    return data().readArray(slab, DataConverter.javaArrayClass(type).getComponentType());
  }

  @Override
  public void writeBytes(Hyperslab slab, ByteBuffer raw) {
    throw unwritable();
  }

  @Override
  public void replaceAll(Object flatArray, Dataspace space) {
    throw unwritable();
  }

  private UnsupportedOperationException unwritable() {
    return new UnsupportedOperationException("writing " + layoutName()
        + " datasets arrives with the VDS layer");
  }
}
