package io.h5j.format.datatype;

import io.h5j.format.io.FileParams;
import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CharacterSet;
import io.h5j.type.ComplexType;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.Endianness;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.MantissaNormalization;
import io.h5j.type.OpaqueType;
import io.h5j.type.ReferenceType;
import io.h5j.type.StringPadding;
import io.h5j.type.StringType;
import io.h5j.type.TimeType;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** jqwik generators of datatypes covering every class, nested up to a given depth. */
final class TypeArbitraries {
  private TypeArbitraries() {}

  static Arbitrary<Endianness> order() {
    return Arbitraries.of(Endianness.LITTLE_ENDIAN, Endianness.BIG_ENDIAN);
  }

  static Arbitrary<FixedPointType> fixed(int maxSize) {
    return Combinators.combine(Arbitraries.integers().between(1, maxSize), order(),
        Arbitraries.of(true, false), Arbitraries.of(true, false), Arbitraries.of(true, false),
        Arbitraries.integers().between(0, 1000), Arbitraries.integers().between(0, 1000))
        .as((size, o, signed, lo, hi, a, b) -> {
          int bits = 8 * size;
          int prec = 1 + a % bits;
          int off = b % (bits - prec + 1);
          return new FixedPointType(size, o, signed, off, prec, lo, hi);
        });
  }

  static final FloatType X87 = new FloatType(16, Endianness.LITTLE_ENDIAN, false, false, false,
      MantissaNormalization.MSB_SET, 79, 0, 80, 64, 15, 0, 64, 16383);

  /** binary256's fields in 64 bytes, the upper 256 bits padding, as libhdf5 accepts. */
  static final FloatType WIDE_PADDED = new FloatType(64, Endianness.LITTLE_ENDIAN, false, true,
      false, MantissaNormalization.IMPLIED, 255, 0, 256, 236, 19, 0, 236, (1L << 18) - 1);

  static Arbitrary<FloatType> floats() {
    Arbitrary<FloatType> layout = Arbitraries.of(Datatypes.FLOAT16, Datatypes.FLOAT32,
        Datatypes.FLOAT64, Datatypes.BFLOAT16, X87, FloatType.ieee(1, 4, 3,
            Endianness.LITTLE_ENDIAN), FloatType.ieee(3, 7, 16, Endianness.LITTLE_ENDIAN),
        FloatType.ieee(32, 19, 236, Endianness.LITTLE_ENDIAN), WIDE_PADDED);
    return Combinators.combine(layout, Arbitraries.of(Endianness.values()),
        Arbitraries.of(true, false), Arbitraries.of(true, false)).as((f, o, lo, in) -> {
          Endianness order = o == Endianness.VAX && f.size() % 2 != 0 ? Endianness.BIG_ENDIAN : o;
          return new FloatType(f.size(), order, lo, f.hiPad(), in, f.normalization(),
              f.signLocation(), f.bitOffset(), f.bitPrecision(), f.exponentLocation(),
              f.exponentSize(), f.mantissaLocation(), f.mantissaSize(), f.exponentBias());
        });
  }

  static Arbitrary<String> name() {
    return Arbitraries.strings().alpha().numeric().withChars('_', ' ', 'é', '€')
        .ofMinLength(1).ofMaxLength(17);
  }

  /**
   * Enums as libhdf5 makes them: names and values distinct (H5Tenum_insert refuses a value
   * twice, "value redefinition"). With a value twice, a member named as another value's number
   * breaks the round trip of Java values: members "X" = 9 and "3" = 9 read raw 3 as "3" (no
   * member has value 3), which writes back as 9 and then reads as "X".
   */
  static Arbitrary<EnumType> enums() {
    return fixed(8).flatMap(base -> Arbitraries.integers().between(0, 6).flatMap(n ->
        Combinators.combine(name().list().uniqueElements().ofSize(n),
            Arbitraries.longs().list().ofSize(n)).as((names, raw) -> {
              List<Long> values = new ArrayList<>();
              int w = 8 * base.size();
              for (long r : raw) {
                long v = w < 64 ? r & ((1L << w) - 1) : r;
                if (base.signed() && w < 64) {
                  v = v << (64 - w) >> (64 - w);
                }
                values.add(v);
              }
              return new EnumType(base, names, values);
            }))).filter(e -> e.values().stream().distinct().count() == e.values().size());
  }

  /**
   * Types without heap data, strings or anything else that is not pure numbers/bytes; with
   * {@code withStrings}, also strings and revised references.
   */
  static Arbitrary<Datatype> atomic(boolean withStrings) {
    List<Arbitrary<? extends Datatype>> list = new ArrayList<>(List.of(
        fixed(40), floats(), floats().map(ComplexType::new),
        Combinators.combine(Arbitraries.integers().between(1, 8), order(),
            Arbitraries.integers().between(1, 64)).as((s, o, p) -> new TimeType(s, o,
                1 + (p - 1) % (8 * s))),
        fixed(16).map(f -> new BitfieldType(f.size(), f.order(), f.bitOffset(),
            f.bitPrecision(), f.loPad(), f.hiPad())),
        Combinators.combine(Arbitraries.integers().between(1, 40),
            Arbitraries.strings().ascii().ofMaxLength(30).filter(s -> s.indexOf(0) < 0))
            .as(OpaqueType::new),
        Arbitraries.of(new ReferenceType(ReferenceType.Kind.OBJECT, 8),
            new ReferenceType(ReferenceType.Kind.DATASET_REGION, 12),
            new ReferenceType(ReferenceType.Kind.OBJECT, 4)),
        enums()));
    if (withStrings) {
      // revised references keep regions, attribute names and external files in the heap
      list.add(Arbitraries.of(new ReferenceType(ReferenceType.Kind.ATTRIBUTE, 18)));
      list.add(Combinators.combine(Arbitraries.integers().between(1, 50),
          Arbitraries.of(StringPadding.values()), Arbitraries.of(CharacterSet.values()))
          .as(StringType::new));
      list.add(Arbitraries.of(CharacterSet.values()).map(Datatypes::vlenString));
    }
    return Arbitraries.oneOf(list.stream().map(a -> a.map(t -> (Datatype) t)).toList());
  }

  /** Any datatype, nested at most {@code depth} levels; vlen and strings when asked. */
  static Arbitrary<Datatype> types(int depth, boolean withHeapAndStrings) {
    Arbitrary<Datatype> atomic = atomic(withHeapAndStrings);
    if (depth == 0) {
      return atomic;
    }
    Arbitrary<Datatype> inner = types(depth - 1, withHeapAndStrings);
    Arbitrary<Datatype> array = Combinators.combine(
        Arbitraries.integers().between(1, 4).list().ofMinSize(1).ofMaxSize(3), inner)
        .as((dims, base) -> new ArrayType(dims.stream().mapToInt(Integer::intValue).toArray(),
            base));
    Arbitrary<Datatype> compound = inner.list().ofMaxSize(4).flatMap(ts ->
        Combinators.combine(name().list().uniqueElements().ofSize(ts.size()),
            Arbitraries.integers().between(0, 3).list().ofSize(ts.size()),
            Arbitraries.integers().between(0, 300)).as((names, gaps, tail) -> {
              List<CompoundType.Member> ms = new ArrayList<>();
              int off = 0;
              for (int i = 0; i < ts.size(); i++) {
                off += gaps.get(i);
                ms.add(new CompoundType.Member(names.get(i), off, ts.get(i)));
                off += ts.get(i).size();
              }
              return new CompoundType(Math.max(1, off + (tail > 250 ? tail : tail % 3)), ms);
            }));
    List<Arbitrary<Datatype>> choices = new ArrayList<>(List.of(atomic, atomic, array, compound));
    if (withHeapAndStrings) {
      choices.add(inner.map(b -> Datatypes.vlenSequence(b)));
    }
    return Arbitraries.oneOf(choices);
  }
}
