package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Selection;
import io.h5j.format.H5FormatException;
import io.h5j.raw.ElementCodec;
import io.h5j.type.Datatype;
import io.h5j.type.VarLenType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How the elements of one dataset are held while staged, hashed, and moved to and from its
 * raw_data. Staged chunks are arrays of fixed-size elements, so that writes, resizes and
 * comparisons work on bytes alone: for fixed-size types those are the stored bytes; a
 * variable-length string is staged as an 8-byte number naming the string in a pool, equal
 * strings getting the same number.
 */
abstract class StagedElements {
  /** Bytes per staged element. */
  abstract int size();

  /** One staged element that reads as the fill value. */
  abstract byte[] fill();

  /** The fill value for a dataset spec, or null where the type has none (strings: ""). */
  abstract @Nullable Object fillValue();

  /** A flat Java array (as {@link Dataset#read()} returns it) as staged elements. */
  abstract byte[] encode(Object flatArray);

  /** {@code count} staged elements as a flat Java array. */
  abstract Object decode(byte[] staged, int count);

  /** versioned-hdf5's hash of a chunk of these elements, trimmed to {@code extent}. */
  abstract byte[] hash(byte[] staged, long[] extent);

  /** Reads the box of {@code extent} elements at row {@code row} of raw_data. */
  abstract byte[] read(Dataset raw, long row, long[] extent) throws IOException;

  /** Writes staged elements into the box of {@code extent} elements at row {@code row}. */
  abstract void write(Dataset raw, long row, long[] extent, byte[] staged) throws IOException;

  /** The box of {@code extent} elements starting at row {@code row} of raw_data. */
  static Selection slot(long row, long[] extent) {
    long[] start = new long[extent.length];
    start[0] = row;
    return Selection.box(start, extent);
  }

  /**
   * The elements of a dataset being created with fill value {@code fillValue} (null: none).
   * A variable-length string dataset takes none, or the empty string.
   */
  static StagedElements forSpec(Datatype type, @Nullable Object fillValue, String path) {
    StagedElements e = of(type, null, path);
    if (fillValue == null) {
      return e;
    }
    if (e instanceof Strings) {
      Object v = fillValue instanceof String[] a && a.length == 1 ? a[0] : fillValue;
      if (!"".equals(v)) {
        throw new IllegalArgumentException("dataset " + path + " holds variable-length strings,"
            + " whose unwritten elements read as \"\"; it takes no other fill value");
      }
      return e;
    }
    return of(type, OneElement.encode(type, fillValue), path);
  }

  /**
   * The elements of type {@code type}, whose stored fill value is {@code storedFill} (null:
   * none). Fixed-size types and variable-length strings can be staged.
   */
  static StagedElements of(Datatype type, byte @Nullable [] storedFill, String path) {
    if (type instanceof VarLenType v && v.string()) {
      return new Strings();
    }
    if (ElementCodec.holdsVariableLength(type)) {
      throw new UnsupportedOperationException("dataset " + path + " holds variable-length "
          + "sequences; h5j stages fixed-size types and variable-length strings only");
    }
    return new Fixed(type, storedFill);
  }

  /** Fixed-size elements, staged as their stored bytes. */
  private static final class Fixed extends StagedElements {
    private final Datatype type;
    private final byte[] fill;

    Fixed(Datatype type, byte[] storedFill) {
      this.type = type;
      this.fill = storedFill == null ? new byte[type.size()] : storedFill.clone();
    }

    @Override
    int size() {
      return type.size();
    }

    @Override
    byte[] fill() {
      return fill.clone();
    }

    @Override
    Object fillValue() {
      return decoded(fill, 1);
    }

    @Override
    byte[] encode(Object flatArray) {
      return ElementCodec.encode(type, flatArray);
    }

    @Override
    Object decode(byte[] staged, int count) {
      return decoded(staged, count);
    }

    /** Staged bytes were made by encode, so a format error here is a bug, not bad input. */
    private Object decoded(byte[] staged, int count) {
      try {
        return ElementCodec.decode(type, staged, count);
      } catch (H5FormatException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    byte[] hash(byte[] staged, long[] extent) {
      return ChunkHash.of(staged, extent);
    }

    @Override
    byte[] read(Dataset raw, long row, long[] extent) throws IOException {
      ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(Boxes.count(extent) * type.size()));
      raw.read(slot(row, extent), b);
      return b.array();
    }

    @Override
    void write(Dataset raw, long row, long[] extent, byte[] staged) throws IOException {
      raw.write(slot(row, extent), ByteBuffer.wrap(staged));
    }
  }

  /**
   * Variable-length strings, staged as numbers into a pool of this dataset's strings; number
   * 0 is the empty string, which unwritten elements read as (HDF5 stores no fill value for
   * them, and h5py reads them as empty).
   */
  private static final class Strings extends StagedElements {
    private final List<String> pool = new ArrayList<>(List.of(""));
    private final Map<String, Long> numbers = new HashMap<>(Map.of("", 0L));

    @Override
    int size() {
      return 8;
    }

    @Override
    byte[] fill() {
      return new byte[8];
    }

    @Override
    Object fillValue() {
      return null;
    }

    @Override
    byte[] encode(Object flatArray) {
      if (!(flatArray instanceof String[] strings)) {
        throw new IllegalArgumentException("a variable-length string dataset takes a String[],"
            + " not " + (flatArray == null ? "null" : flatArray.getClass().getSimpleName()));
      }
      ByteBuffer b = ByteBuffer.allocate(strings.length * 8).order(ByteOrder.LITTLE_ENDIAN);
      for (String s : strings) {
        String v = s == null ? "" : s;
        Long n = numbers.get(v);
        if (n == null) {
          n = (long) pool.size();
          pool.add(v);
          numbers.put(v, n);
        }
        b.putLong(n);
      }
      return b.array();
    }

    @Override
    String[] decode(byte[] staged, int count) {
      ByteBuffer b = ByteBuffer.wrap(staged).order(ByteOrder.LITTLE_ENDIAN);
      String[] out = new String[count];
      for (int i = 0; i < count; i++) {
        out[i] = pool.get(Math.toIntExact(b.getLong()));
      }
      return out;
    }

    @Override
    byte[] hash(byte[] staged, long[] extent) {
      return ChunkHash.ofStrings(decode(staged, staged.length / 8), extent);
    }

    @Override
    byte[] read(Dataset raw, long row, long[] extent) throws IOException {
      return encode(raw.read(slot(row, extent)));
    }

    @Override
    void write(Dataset raw, long row, long[] extent, byte[] staged) throws IOException {
      raw.write(slot(row, extent), decode(staged, staged.length / 8));
    }
  }
}
