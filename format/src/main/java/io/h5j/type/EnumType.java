package io.h5j.type;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Enumeration class 8: names for values of an integer base type.
 *
 * @param base the integer type the values are stored as (at most 8 bytes)
 * @param names member names, distinct, no NUL
 * @param values raw value of each name, in the same order: sign-extended for a signed base,
 *     zero-extended (two's complement bits for 64-bit) for an unsigned one
 */
public record EnumType(FixedPointType base, List<String> names, List<Long> values)
    implements Datatype {

  /**
   * Validates the fields.
   *
   * @param base the integer type the values are stored as (at most 8 bytes)
   * @param names member names, distinct, no NUL
   * @param values raw value of each name, in the same order: sign-extended for a signed base,
   *     zero-extended (two's complement bits for 64-bit) for an unsigned one
   */
  public EnumType {
    Check.notNull(base, "base");
    Check.that(base.size() <= 8, "enum base types are at most 8 bytes");
    names = List.copyOf(Check.notNull(names, "names"));
    values = List.copyOf(Check.notNull(values, "values"));
    Check.that(names.size() == values.size(), "one value per enum name");
    Check.that(names.size() <= 0xffff, "an enum has at most 65535 members");
    Set<String> seen = new HashSet<>();
    for (String n : names) {
      Check.that(n.indexOf('\0') < 0, "enum name must not contain NUL");
      Check.that(seen.add(n), "duplicate enum name \"" + n + "\"");
    }
  }

  @Override
  public int size() {
    return base.size();
  }

  @Override
  public int classId() {
    return 8;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
