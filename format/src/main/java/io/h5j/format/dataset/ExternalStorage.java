package io.h5j.format.dataset;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.type.Dataspace;
import io.h5j.format.message.ExternalFileList;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.Hyperslab;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Contiguous elements kept outside the HDF5 file, in the segments of an external file list
 * ({@link ExternalSegments}); the layout's address plays no part, as in libhdf5.
 */
final class ExternalStorage implements DatasetStorage {
  private final StoredDataset d;
  private final LayoutMessage.Contiguous layout;
  private final ByteReader fileList;

  ExternalStorage(StoredDataset d, LayoutMessage.Contiguous layout, ByteReader fileList) {
    this.d = d;
    this.layout = layout;
    this.fileList = fileList;
  }

  @Override
  public StoredDataset dataset() {
    return d;
  }

  @Override
  public String layoutName() {
    return layout.className();
  }

  /** The segments, checked to hold the dataset's {@code bytes}. */
  private ExternalSegments segments(long bytes) throws IOException {
    ExternalSegments ext = ExternalSegments.of(d.file(), d.path(), d.address(),
        ExternalFileList.decode(fileList.rewound()));
    if (ext.capacity() < bytes) {
      throw new H5FormatException("external file list of dataset " + d.path(), d.address(),
          "its segments hold " + ext.capacity() + " bytes, the dataspace needs " + bytes);
    }
    return ext;
  }

  @Override
  public byte[] readBytes() throws IOException {
    long bytes = d.storageBytes(d.dataspace());
    ContiguousStorage.checkWhole(d, layout, bytes);
    byte[] out = new byte[(int) bytes];
    segments(bytes).read(0, ByteBuffer.wrap(out));
    return out;
  }

  @Override
  public byte[] readBytes(Hyperslab slab) throws IOException {
    int size = d.cachedDatatype().size();
    byte[] out = d.newArray(slab.elementCount(), size);
    Dataspace space = d.dataspace();
    ExternalSegments ext = segments(d.storageBytes(space));
    RunCopy.each(slab, space.dims(), (inData, inSel, n) -> ext.read(inData * size,
        ByteBuffer.wrap(out, (int) inSel * size, (int) n * size)));
    return out;
  }

  @Override
  public void writeBytes(Hyperslab slab, ByteBuffer raw) throws IOException {
    int size = d.cachedDatatype().size();
    Dataspace space = d.dataspace();
    ExternalSegments ext = segments(d.bytes(space.elementCount(), size));
    RunCopy.each(slab, space.dims(), (inData, inSel, n) -> ext.write(inData * size,
        raw.slice((int) inSel * size, (int) n * size)));
  }

  @Override
  public void replaceAll(Object flatArray, Dataspace space) throws IOException {
    long bytes = d.storageBytes(space);
    if (bytes == 0) {
      return;
    }
    segments(bytes).write(0, ByteBuffer.wrap(d.file().values().encode(d.cachedDatatype(),
        flatArray)));
  }
}
