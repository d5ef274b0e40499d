package io.h5j.format.select;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Random encoded selections for property tests. */
public final class SelectionArbitraries {
  private SelectionArbitraries() {}

  /** Values mostly small, sometimes beyond 16 and 32 bits. */
  static Arbitrary<Long> value() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(8, Arbitraries.longs().between(0, 300)),
        net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(60_000, 70_000)),
        net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(0xffff_0000L, 0x1_0000_1000L)),
        net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(0, Long.MAX_VALUE / 4)));
  }

  public static Arbitrary<EncodedSelection> any() {
    return Arbitraries.oneOf(
        Arbitraries.just(EncodedSelection.None.INSTANCE),
        Arbitraries.just(EncodedSelection.All.INSTANCE),
        points(), regular(), irregular());
  }

  /** Selections that libhdf5 1.10 can take (hyperslabs, all, none), small values. */
  public static Arbitrary<EncodedSelection> hyperslabs() {
    return Arbitraries.oneOf(regular(), irregular());
  }

  static Arbitrary<Integer> rank() {
    return Arbitraries.integers().between(1, 4);
  }

  public static Arbitrary<EncodedSelection> points() {
    return rank().flatMap(rank -> value().array(long[].class).ofSize(rank).list().ofMaxSize(6)
        .map(l -> new EncodedSelection.Points(rank, l.toArray(new long[0][]))));
  }

  public static Arbitrary<EncodedSelection> regular() {
    return rank().flatMap(rank -> Combinators.combine(
        value().array(long[].class).ofSize(rank),
        Arbitraries.longs().between(1, 5).array(long[].class).ofSize(rank),
        Arbitraries.longs().between(0, 4).array(long[].class).ofSize(rank),
        Arbitraries.integers().between(0, 5)).as((start, block, count, unl) -> {
          long[] stride = new long[rank];
          for (int d = 0; d < rank; d++) {
            stride[d] = block[d] + (start[d] % 3);
          }
          if (unl < rank && unl < 2) {
            count[unl] = EncodedSelection.UNLIMITED;
          } else if (unl == 4) {
            count[0] = 1;
            block[0] = EncodedSelection.UNLIMITED;
          }
          return (EncodedSelection) new EncodedSelection.Regular(
              new Hyperslab(start, stride, count, block));
        }));
  }

  public static Arbitrary<EncodedSelection> irregular() {
    return rank().flatMap(rank -> Arbitraries.integers().between(0, 5).flatMap(n ->
        Combinators.combine(value().array(long[].class).ofSize(n * rank),
            Arbitraries.longs().between(0, 1000).array(long[].class).ofSize(n * rank))
            .as((start, len) -> {
              long[] end = new long[start.length];
              for (int i = 0; i < end.length; i++) {
                end[i] = start[i] + len[i];
              }
              return (EncodedSelection) new EncodedSelection.Irregular(rank, start, end);
            })));
  }
}
