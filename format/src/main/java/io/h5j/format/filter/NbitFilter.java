package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Filter 5, n-bit: keeps only the {@code precision} significant bits (at bit {@code offset}) of
 * each integer or floating-point value, packed most significant bit first with no gaps; other
 * bits decode as 0. Decode only. libhdf5 describes the datatype in the client data: value 0 the
 * number of values, 1 "nothing to do" (data stored as is), 2 the number of elements, then from 3
 * the type: class code (1 atomic, 2 array, 3 compound, 4 no-op) and size, then for atomic: byte
 * order (0 LE, 1 BE), precision, offset; for an array: its base type; for a compound: the number
 * of members and per member its byte offset and type; a no-op type is copied whole.
 */
final class NbitFilter implements Filter {
  private static final int ATOMIC = 1;
  private static final int ARRAY = 2;
  private static final int COMPOUND = 3;
  private static final int NOOP = 4;
  private static final int MAX_DEPTH = 32;

  @Override
  public int id() {
    return Filters.NBIT;
  }

  @Override
  public String name() {
    return "nbit";
  }

  @Override
  public boolean canEncode() {
    return false;
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    throw new UnsupportedOperationException("h5j does not write the n-bit filter");
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize;
  }

  @Override
  public byte[] decode(byte[] in, int[] cd, int maxOutput) throws H5FormatException {
    if (cd.length < 5) {
      throw FilterSupport.error(this, "client data has " + cd.length + " values, fewer than 5");
    }
    if (cd[1] != 0) {
      if (in.length > maxOutput) {
        throw FilterSupport.error(this, in.length + " bytes exceed the expected " + maxOutput);
      }
      return in.clone();
    }
    long elements = Integer.toUnsignedLong(cd[2]);
    Params p = new Params(cd);
    Node type = p.node(cd[3], 4, 0);
    if (type instanceof Noop) {
      throw FilterSupport.error(this, "the dataset's type has no n-bit representation");
    }
    long size = elements * type.size();
    if (size > maxOutput) {
      throw FilterSupport.error(this, elements + " elements of " + type.size()
          + " bytes exceed the expected " + maxOutput + " bytes");
    }
    byte[] out = new byte[(int) size];
    BitReader bits = new BitReader(this, in, 0);
    for (long e = 0; e < elements; e++) {
      type.decode(bits, out, (int) (e * type.size()));
    }
    return out;
  }

  /** A datatype as the n-bit client data describe it. */
  private sealed interface Node permits Atomic, ArrayOf, Compound, Noop {
    int size();

    void decode(BitReader bits, byte[] out, int at) throws H5FormatException;
  }

  private record Atomic(int size, boolean bigEndian, int precision, int offset) implements Node {
    @Override
    public void decode(BitReader bits, byte[] out, int at) throws H5FormatException {
      for (int b = offset + precision - 1; b >= offset; b--) {
        if (bits.read(1) != 0) {
          int index = bigEndian ? size - 1 - b / 8 : b / 8;
          out[at + index] |= (byte) (1 << (b % 8));
        }
      }
    }
  }

  private record ArrayOf(int size, Node base) implements Node {
    @Override
    public void decode(BitReader bits, byte[] out, int at) throws H5FormatException {
      int n = size / base.size();
      for (int i = 0; i < n; i++) {
        base.decode(bits, out, at + i * base.size());
      }
    }
  }

  private record Member(int offset, Node type) {}

  private record Compound(int size, List<Member> members) implements Node {
    @Override
    public void decode(BitReader bits, byte[] out, int at) throws H5FormatException {
      for (Member m : members) {
        m.type().decode(bits, out, at + m.offset());
      }
    }
  }

  private record Noop(int size) implements Node {
    @Override
    public void decode(BitReader bits, byte[] out, int at) throws H5FormatException {
      for (int i = 0; i < size; i++) {
        out[at + i] = (byte) bits.read(8);
      }
    }
  }

  /** Parses the type description, validating every size and offset before use. */
  private final class Params {
    private final int[] cd;
    private int next;

    Params(int[] cd) {
      this.cd = cd;
    }

    private int value(int index, String what) throws H5FormatException {
      if (index >= cd.length) {
        throw FilterSupport.error(NbitFilter.this, "client data end before the " + what);
      }
      if (cd[index] < 0) {
        throw FilterSupport.error(NbitFilter.this, what + " " + Integer.toUnsignedString(
            cd[index]) + " is too large");
      }
      return cd[index];
    }

    /** The node of class {@code cls} whose parameters start (with its size) at {@code at}. */
    Node node(int cls, int at, int depth) throws H5FormatException {
      if (depth > MAX_DEPTH) {
        throw FilterSupport.error(NbitFilter.this, "type nests deeper than " + MAX_DEPTH);
      }
      int size = value(at, "type size");
      if (size == 0) {
        throw FilterSupport.error(NbitFilter.this, "type size is 0");
      }
      switch (cls) {
        case ATOMIC -> {
          int order = value(at + 1, "byte order");
          int precision = value(at + 2, "precision");
          int offset = value(at + 3, "bit offset");
          if (order > 1 || (long) precision + offset > 8L * size) {
            throw FilterSupport.error(NbitFilter.this, "atomic type of " + size + " bytes with "
                + "order " + order + ", precision " + precision + ", offset " + offset);
          }
          next = at + 4;
          return new Atomic(size, order == 1, precision, offset);
        }
        case ARRAY -> {
          Node base = node(value(at + 1, "array base class"), at + 2, depth + 1);
          if (base.size() > size) {
            throw FilterSupport.error(NbitFilter.this, "array of " + size
                + " bytes has a larger base type of " + base.size());
          }
          return new ArrayOf(size, base);
        }
        case COMPOUND -> {
          int count = value(at + 1, "member count");
          if (count > size) {
            throw FilterSupport.error(NbitFilter.this, count + " members in " + size + " bytes");
          }
          List<Member> members = new ArrayList<>();
          long used = 0;
          int p = at + 2;
          for (int i = 0; i < count; i++) {
            int offset = value(p, "member offset");
            Node t = node(value(p + 1, "member class"), p + 2, depth + 1);
            if ((long) offset + t.size() > size) {
              throw FilterSupport.error(NbitFilter.this, "member at " + offset + " of "
                  + t.size() + " bytes passes the end of its " + size + "-byte compound");
            }
            used += t.size();
            if (used > size) {
              throw FilterSupport.error(NbitFilter.this, "members overflow their " + size
                  + "-byte compound");
            }
            members.add(new Member(offset, t));
            p = next;
          }
          next = p;
          return new Compound(size, List.copyOf(members));
        }
        case NOOP -> {
          next = at + 1;
          return new Noop(size);
        }
        default -> throw FilterSupport.error(NbitFilter.this, "type class " + cls
            + " is not 1..4");
      }
    }
  }
}
