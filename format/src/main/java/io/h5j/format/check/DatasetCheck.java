package io.h5j.format.check;

import io.h5j.format.group.LocalHeap;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.ExternalFileList;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.io.IOException;

/**
 * The checks of a dataset beyond its messages decoding: the messages libhdf5 needs to open
 * it are there; its storage lies inside the file and is as large as its elements need (a
 * compact one exactly, as libhdf5 1.10 requires); its chunk index or mapping block checks
 * out; its fill values and compact elements point only to heap objects and objects that
 * exist. Raw data (contiguous bytes, chunks) is never read.
 */
final class DatasetCheck {
  private final H5Context ctx;
  private final FileBounds bounds;
  private final HeapObjects heap;
  private final ElementCheck elements;
  private final ChunkIndexCheck chunks;
  private final MappingBlockChecks mappingBlocks;
  private final ProblemLog log;

  DatasetCheck(H5Context ctx, FileBounds bounds, HeapObjects heap, ElementCheck elements,
      ChunkIndexCheck chunks, MappingBlockChecks mappingBlocks, ProblemLog log) {
    this.ctx = ctx;
    this.bounds = bounds;
    this.heap = heap;
    this.elements = elements;
    this.chunks = chunks;
    this.mappingBlocks = mappingBlocks;
    this.log = log;
  }

  void check(ObjectHeader h, HeaderMessages.Decoded m, String path) throws IOException {
    Datatype type = m.get(MessageType.DATATYPE, Datatype.class);
    Dataspace space = m.get(MessageType.DATASPACE, Dataspace.class);
    LayoutMessage layout = m.get(MessageType.LAYOUT, LayoutMessage.class);
    if (type == null || space == null || layout == null) {
      log.add(path, "dataset object header", h.address(), "has no decodable "
          + (type == null ? "datatype" : space == null ? "dataspace" : "data layout")
          + " message, which libhdf5 needs to open it");
      return;
    }
    for (int t : new int[] {MessageType.FILL_VALUE, MessageType.FILL_VALUE_OLD}) {
      FillValueMessage fill = m.get(t, FillValueMessage.class);
      if (fill != null && fill.value() != null) {
        String what = HeaderMessages.name(t) + " message";
        if (fill.value().length != type.size()) {
          log.add(path, what, h.address(), "holds a value of " + fill.value().length
              + " bytes for a datatype of " + type.size());
        } else {
          elements.check(type, fill.value(), 1, path, "the " + what);
        }
      }
    }
    long bytes = storageBytes(space, type);
    if (layout instanceof LayoutMessage.Compact c) {
      if (bytes != c.data().length) {
        log.add(path, "data layout message", h.address(), "compact data of "
            + c.data().length + " bytes for " + (bytes < 0 ? "more" : bytes)
            + " bytes of elements");
      } else {
        elements.check(type, c.data(), bytes / Math.max(1, type.size()), path,
            "compact data");
      }
    } else if (layout instanceof LayoutMessage.Contiguous c) {
      contiguous(c, bytes, m, h, path);
    } else if (layout instanceof LayoutMessage.Chunked c) {
      chunks.check(c, space, m.has(MessageType.FILTER_PIPELINE), path);
    } else if (layout instanceof LayoutMessage.Virtual v) {
      mappings(v, path);
    }
  }

  private void contiguous(LayoutMessage.Contiguous c, long bytes, HeaderMessages.Decoded m,
      ObjectHeader h, String path) throws IOException {
    ExternalFileList efl = m.get(MessageType.EXTERNAL_FILES, ExternalFileList.class);
    if (efl != null) {
      log.attempt(path, "external file list", efl.heapAddress(), () -> {
        LocalHeap names = LocalHeap.read(ctx.access(), efl.heapAddress());
        for (ExternalFileList.Slot s : efl.slots()) {
          names.string(s.nameOffset());
        }
      });
      return;
    }
    if (!FileParams.isDefined(c.address())) {
      return;
    }
    if (bytes >= 0 && c.size() < bytes) {
      log.add(path, "data layout message", h.address(), "contiguous storage of " + c.size()
          + " bytes for " + bytes + " bytes of elements");
    }
    bounds.check(path, "contiguous data", c.address(), c.size());
  }

  private void mappings(LayoutMessage.Virtual v, String path) throws IOException {
    if (v.heapIndex() < 0 || v.heapIndex() > 0xffffffffL) {
      log.add(path, "virtual layout message", -1, "heap object index " + v.heapIndex());
      return;
    }
    byte[] block = heap.block(path, "the virtual layout message", v.heapAddress(),
        (int) v.heapIndex(), mappingBlocks.arrays());
    if (block == null) {
      return;
    }
    mappingBlocks.check(block, v.heapAddress(), path);
  }

  /** Bytes the elements of {@code space} need, or -1 past 2^63. */
  private static long storageBytes(Dataspace space, Datatype type) {
    if (space.kind() == Dataspace.Kind.NULL) {
      return 0;
    }
    long n = Math.max(0, type.size());
    for (long d : space.dims()) {
      if (d < 0 || (d != 0 && n > Long.MAX_VALUE / d)) {
        return -1;
      }
      n *= d;
    }
    return n;
  }
}
