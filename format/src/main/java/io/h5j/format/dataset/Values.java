package io.h5j.format.dataset;

import io.h5j.format.datatype.Booleans;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.heap.GlobalHeapReader;
import io.h5j.format.heap.GlobalHeapWriter;
import io.h5j.format.heap.VlenSource;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.object.H5Context;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Converts element bytes to Java arrays and back for one file, reading and writing
 * variable-length data through the file's global heap (new objects reach the file before the
 * header that refers to them).
 */
public final class Values {
  private final H5Context ctx;
  private final DataConverter converter;
  private final GlobalHeapReader heapReader;
  private GlobalHeapWriter heapWriter;
  private final Executor completer;

  /** @param completer where large heap objects are completed and written (see GlobalHeapWriter) */
  Values(H5Context ctx, Executor completer) {
    this.ctx = ctx;
    this.completer = completer;
    this.converter = new DataConverter(ctx.params());
    this.heapReader = new GlobalHeapReader(ctx.access());
  }

  /** Stores one global heap object; it reaches the file before any header refers to it. */
  public GlobalHeapId heapWrite(byte[] object) throws IOException {
    return heapWriter().write(object);
  }

  /** A buffer to encode one global heap object into, for {@link #heapWrite(ByteWriter)}. */
  public ByteWriter heapObjectBuffer(int capacity) {
    return heapWriter().objectBuffer(capacity);
  }

  /**
   * Stores the global heap object encoded into {@code buffer} but for its last {@code tail}
   * bytes, which {@code complete} appends: for a large object, on another thread while this
   * one goes on. It reaches the file before any header commit, and before a read of it.
   */
  public GlobalHeapId heapWrite(ByteWriter buffer, int tail, Consumer<ByteWriter> complete)
      throws IOException {
    return heapWriter().write(buffer, tail, complete);
  }

  /**
   * Waits for a large heap object still being written on a worker (its failure, when the
   * file is closed without a flush, concerns nothing the file refers to: not reported).
   */
  public void finishHeapWrites() {
    if (heapWriter != null) {
      try {
        heapWriter.finishPending();
      } catch (IOException | RuntimeException e) {
        // closing: what failed is referred to only by what is not flushed
      }
    }
  }

  /** One global heap object (e.g. a virtual dataset's mapping block). */
  public byte[] heapObject(long collection, int index) throws IOException {
    return heapObjects().read(collection, index);
  }

  /**
   * Heap objects as this session sees them: those of the collection still being filled from
   * memory (it reaches the file at the next flush), the rest from the file.
   */
  private VlenSource heapObjects() throws IOException {
    if (heapWriter == null) {
      return heapReader;
    }
    heapWriter.finishPending(); // an object may still be on its way to the file
    GlobalHeapWriter writer = heapWriter;
    return (collection, index) -> {
      byte[] open = writer.unflushed(collection, index);
      return open != null ? open : heapReader.read(collection, index);
    };
  }

  /** Elements as a flat Java array; h5py's boolean enum as {@code boolean[]}. */
  public Object decode(Datatype type, byte[] raw, int count) throws IOException {
    if (Booleans.is(type) && count <= raw.length) {
      return Booleans.of(java.util.Arrays.copyOf(raw, count));
    }
    return converter.toJavaArray(type, raw, count, heapObjects());
  }

  /** Element bytes of a flat Java array; {@code boolean[]} for h5py's boolean enum too. */
  public byte[] encode(Datatype type, Object flatArray) throws IOException {
    if (flatArray instanceof boolean[] b && Booleans.is(type)) {
      return Booleans.bytes(b);
    }
    return converter.fromJavaArray(type, flatArray, heapWriter());
  }

  /**
   * The datatype a flat Java array is written as when the caller names none:
   * {@code boolean[]} as h5py's bool, the rest as {@link DataConverter#forJavaArray}.
   */
  public static Datatype naturalType(Object flatArray) {
    return flatArray instanceof boolean[] ? Booleans.TYPE
        : DataConverter.forJavaArray(flatArray);
  }

  /** The flat Java array class elements of {@code type} read as: h5py's bool as boolean[]. */
  public static Class<?> naturalClass(Datatype type) {
    return Booleans.is(type) ? boolean[].class : DataConverter.javaArrayClass(type);
  }

  /** One element's bytes, from a one-element array or a single boxed value. */
  public byte[] encodeOne(Datatype type, Object value) throws IOException {
    Object array = value.getClass().isArray() ? value : wrapScalar(value);
    if (Array.getLength(array) != 1) {
      throw new IllegalArgumentException("a fill value is one element; got "
          + Array.getLength(array));
    }
    return encode(type, array);
  }

  /**
   * Releases the global heap objects that {@code count} elements of {@code type} in
   * {@code raw} refer to; call after nothing in the file refers to those elements any more.
   */
  public void release(Datatype type, byte[] raw, int count) throws IOException {
    if (!DataConverter.holdsVlen(type) || raw == null) {
      return;
    }
    for (GlobalHeapId id : converter.heapIds(type, raw, count, heapObjects())) {
      heapWriter().release(id);
    }
    heapReader.clear();
  }

  /** One writer per file; its open collection reaches the file before any header commit. */
  private GlobalHeapWriter heapWriter() {
    if (heapWriter == null) {
      heapWriter = new GlobalHeapWriter(ctx.access(), ctx.allocator(), completer);
      ctx.beforeEveryCommit(heapWriter::flush);
    }
    return heapWriter;
  }

  /** A one-element array holding {@code value} (Long → long[], String → String[], ...). */
  public static Object wrapScalar(Object value) {
    if (value instanceof Long v) {
      return new long[] {v};
    } else if (value instanceof Integer v) {
      return new int[] {v};
    } else if (value instanceof Short v) {
      return new short[] {v};
    } else if (value instanceof Byte v) {
      return new byte[] {v};
    } else if (value instanceof Double v) {
      return new double[] {v};
    } else if (value instanceof Float v) {
      return new float[] {v};
    } else if (value instanceof String v) {
      return new String[] {v};
    } else if (value instanceof Boolean v) {
      return new boolean[] {v};
    }
    Object a = Array.newInstance(value.getClass(), 1);
    Array.set(a, 0, value);
    return a;
  }

  /** {@code count} copies of {@code fill} (zeros when null), for unwritten storage. */
  public static byte[] repeat(byte[] fill, int count, int elementSize) {
    byte[] out = new byte[Math.multiplyExact(count, elementSize)];
    if (fill != null && fill.length == elementSize && out.length > 0 && !isZero(fill)) {
      // doubling copies: log2(count) array copies instead of one per element
      System.arraycopy(fill, 0, out, 0, elementSize);
      for (int filled = elementSize; filled < out.length; filled *= 2) {
        System.arraycopy(out, 0, out, filled, Math.min(filled, out.length - filled));
      }
    }
    return out;
  }

  /** Whether every byte of {@code b} is zero. */
  static boolean isZero(byte[] b) {
    for (byte x : b) {
      if (x != 0) {
        return false;
      }
    }
    return true;
  }
}
