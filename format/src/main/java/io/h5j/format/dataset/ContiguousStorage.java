package io.h5j.format.dataset;

import io.h5j.format.H5FormatException;
import io.h5j.type.Datatype;
import io.h5j.format.io.FileParams;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.select.Hyperslab;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Elements in one block of this file, in C order; a block never written (no address yet)
 * reads as the fill value and is allocated, filled, at the first partial write.
 */
final class ContiguousStorage implements DatasetStorage {
  private final StoredDataset d;
  private final LayoutMessage.Contiguous layout;

  ContiguousStorage(StoredDataset d, LayoutMessage.Contiguous layout) {
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

  /**
   * Checks that contiguous storage {@code c} holds the {@code bytes} of every element and that
   * one Java array can hold them, for a read of the whole dataset.
   */
  static void checkWhole(StoredDataset d, LayoutMessage.Contiguous c, long bytes)
      throws H5FormatException {
    if (c.size() < bytes) {
      throw new H5FormatException("dataset " + d.path(), d.address(), "contiguous storage of "
          + c.size() + " bytes is smaller than the " + bytes + " the dataspace needs");
    }
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new UnsupportedOperationException("dataset " + d.path() + " holds " + bytes
          + " bytes, more than one Java array; read it in parts");
    }
  }

  private boolean allocated() {
    return FileParams.isDefined(layout.address());
  }

  /** Whether the block holds every element: reads may then go straight to it. */
  private boolean complete(Dataspace space) throws IOException {
    return allocated() && layout.size() >= d.storageBytes(space);
  }

  private String what() {
    return "contiguous data of " + d.path();
  }

  @Override
  public byte[] readBytes() throws IOException {
    Dataspace space = d.dataspace();
    long bytes = d.storageBytes(space);
    checkWhole(d, layout, bytes);
    if (!allocated()) {
      return Values.repeat(d.fillValueBytes(), (int) space.elementCount(),
          d.cachedDatatype().size());
    }
    return d.file().context().access().read(layout.address(), bytes, what());
  }

  @Override
  public Object readValues() throws IOException {
    Dataspace space = d.dataspace();
    if (complete(space) && space.elementCount() <= Integer.MAX_VALUE) {
      return SlabTransfer.read(d.file().values(), d.file().context().access(),
          d.cachedDatatype(), layout.address(), (int) space.elementCount(), what());
    }
    return DatasetStorage.super.readValues();
  }

  @Override
  public byte[] readBytes(Hyperslab slab) throws IOException {
    int size = d.cachedDatatype().size();
    byte[] out = d.newArray(slab.elementCount(), size);
    Dataspace space = d.dataspace();
    long bytes = d.storageBytes(space); // a dataspace beyond 2^63 bytes is a format error
    if (!allocated()) {
      return Values.repeat(d.fillValueBytes(), (int) slab.elementCount(), size); // never written
    }
    if (layout.size() < bytes) {
      throw new H5FormatException("dataset " + d.path(), d.address(), "contiguous storage of "
          + layout.size() + " bytes is smaller than its dataspace needs");
    }
    var fa = d.file().context().access();
    RunCopy.each(slab, space.dims(), (inData, inSel, n) -> fa.read(
        layout.address() + inData * size, ByteBuffer.wrap(out, (int) inSel * size,
            (int) n * size), what()));
    return out;
  }

  /**
   * A type stored as its Java array holds it goes run by run from the file into the array
   * (from the mapping, or through a staging buffer), with no array of the whole selection
   * between.
   */
  @Override
  public void readValuesInto(Hyperslab slab, Object into) throws IOException {
    Dataspace space = d.dataspace();
    Datatype type = d.cachedDatatype();
    if (!complete(space) || !SlabTransfer.isPrimitiveImage(type)
        || into.getClass() != io.h5j.format.datatype.DataConverter.javaArrayClass(type)) {
      DatasetStorage.super.readValuesInto(slab, into);
      return;
    }
    int size = type.size();
    java.nio.ByteOrder order = SlabTransfer.order(type);
    StagingBuffers stages = new StagingBuffers(size, StagingBuffers.BYTES);
    ChunkRunReads.Destination toArray = (src, inSelection, n) ->
        SlabTransfer.bulk(src.order(order), into, (int) inSelection, n, true);
    var fa = d.file().context().access();
    long step = PIECE_BYTES / size; // a run of a large dataset may pass 2^31 bytes
    RunCopy.each(slab, space.dims(), (inData, inSel, n) -> {
      for (long k = 0; k < n; k += step) {
        ChunkRunReads.read(fa, layout.address(), java.util.List.of(new ChunkedData.Run(
            inData + k, inSel + k, (int) Math.min(step, n - k))), size, stages, toArray,
            this::what);
      }
    });
  }

  /** The most bytes of one run {@link #readValuesInto} reads at once. */
  private static final long PIECE_BYTES = 256L << 20;

  @Override
  public void readInto(Hyperslab slab, ByteBuffer dst) throws IOException {
    Dataspace space = d.dataspace();
    if (!complete(space)) {
      DatasetStorage.super.readInto(slab, dst);
      return;
    }
    int size = d.cachedDatatype().size();
    int base = dst.position();
    var fa = d.file().context().access();
    RunCopy.each(slab, space.dims(), (inData, inSel, n) -> fa.read(
        layout.address() + inData * size, dst.duplicate().position(base + (int) (inSel * size))
            .limit(base + (int) ((inSel + n) * size)), what()));
  }

  @Override
  public void writeBytes(Hyperslab slab, ByteBuffer raw) throws IOException {
    int size = d.cachedDatatype().size();
    long address = layout.address();
    if (!allocated()) {
      byte[] filled = readBytes(); // the fill value everywhere, as libhdf5 allocates it
      address = d.file().context().allocator().allocate(Math.max(1, filled.length));
      d.file().context().access().write(address, filled);
      d.replaceLayout(new LayoutMessage.Contiguous(address, filled.length));
    }
    long at = writable(new LayoutMessage.Contiguous(address, layout.size()), true);
    var fa = d.file().context().access();
    RunCopy.each(slab, d.dataspace().dims(), (inData, inSel, n) -> fa.write(
        at + inData * size, raw.slice((int) inSel * size, (int) n * size)));
  }

  @Override
  public void replaceAll(Object flatArray, Dataspace space) throws IOException {
    long bytes = d.storageBytes(space);
    if (bytes == 0) {
      return;
    }
    var ctx = d.file().context();
    Datatype type = d.cachedDatatype();
    if (allocated()) {
      SlabTransfer.write(d.file().values(), ctx.access(), type, writable(layout, false),
          flatArray);
    } else {
      long at = ctx.allocator().allocate(bytes);
      SlabTransfer.write(d.file().values(), ctx.access(), type, at, flatArray);
      d.replaceLayout(new LayoutMessage.Contiguous(at, bytes));
    }
  }

  /**
   * Where contiguous storage {@code c} may be written: at its place, unless the file's
   * flushes are atomic and it belongs to the last flushed state; then at a copy in new space
   * (of its bytes if {@code keepBytes}), which the layout names from the next flush on.
   */
  private long writable(LayoutMessage.Contiguous c, boolean keepBytes) throws IOException {
    var alloc = d.file().context().allocator();
    long bytes = Math.max(1, c.size());
    if (alloc.isFresh(c.address(), bytes)) {
      return c.address();
    }
    long to = alloc.allocate(bytes);
    if (keepBytes) {
      var fa = d.file().context().access();
      ByteBuffer piece = ByteBuffer.allocate((int) Math.min(bytes, 8 << 20));
      for (long done = 0; done < c.size(); done += piece.capacity()) {
        piece.clear().limit((int) Math.min(piece.capacity(), c.size() - done));
        fa.read(c.address() + done, piece, "contiguous data of dataset " + d.path());
        piece.flip();
        fa.write(to + done, piece);
      }
    }
    d.replaceLayout(new LayoutMessage.Contiguous(to, c.size()));
    alloc.free(c.address(), bytes); // set aside until the flush that forgets it
    return to;
  }
}
