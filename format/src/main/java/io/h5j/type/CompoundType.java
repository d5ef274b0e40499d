package io.h5j.type;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Compound class 6: named members at byte offsets inside an element, like a C struct.
 * Members may be nested compounds, arrays or any other type, and gaps between them are
 * allowed; members must not overlap.
 *
 * @param size element size in bytes, at least 1
 * @param members the members, at most 65535, with distinct names
 */
public record CompoundType(int size, List<Member> members) implements Datatype {

  /**
   * One member of a compound.
   *
   * @param name member name, no NUL characters
   * @param offset byte offset inside the compound element
   * @param type member type
   */
  public record Member(String name, int offset, Datatype type) {
    /**
     * Validates the fields.
     *
     * @param name member name, no NUL characters
     * @param offset byte offset inside the compound element
     * @param type member type
     */
    public Member {
      Check.that(Check.notNull(name, "member name").indexOf('\0') < 0,
          "member name must not contain NUL");
      Check.that(offset >= 0, "member offset must not be negative");
      Check.notNull(type, "member type");
    }
  }

  /**
   * Validates members: in bounds, distinct names, no overlap.
   *
   * @param size element size in bytes, at least 1
   * @param members the members, at most 65535, with distinct names
   */
  public CompoundType {
    Check.that(size >= 1, "compound size must be at least 1, got " + size);
    members = List.copyOf(Check.notNull(members, "members"));
    Check.that(members.size() <= 0xffff, "a compound has at most 65535 members");
    Set<String> names = new HashSet<>();
    for (Member m : members) {
      Check.that(names.add(m.name()), "duplicate compound member name \"" + m.name() + "\"");
      Check.that((long) m.offset() + m.type().size() <= size, "member \"" + m.name()
          + "\" at offset " + m.offset() + " of " + m.type().size()
          + " bytes does not fit the compound of " + size + " bytes");
    }
    long[] spans = new long[members.size()];
    for (int i = 0; i < spans.length; i++) {
      spans[i] = (long) members.get(i).offset() << 32 | i;
    }
    java.util.Arrays.sort(spans);
    long end = 0;
    for (long s : spans) {
      Member m = members.get((int) s);
      Check.that(m.offset() >= end, "compound member \"" + m.name() + "\" overlaps another");
      end = (long) m.offset() + m.type().size();
    }
  }

  /**
   * A compound whose members follow each other without gaps, in the given order.
   *
   * @param names the members' names, distinct
   * @param types the members' types, one per name
   * @return the compound, its size the sum of the members' sizes
   */
  public static CompoundType packed(List<String> names, List<Datatype> types) {
    Check.that(names.size() == types.size(), "one type per name");
    java.util.ArrayList<Member> ms = new java.util.ArrayList<>();
    int off = 0;
    for (int i = 0; i < names.size(); i++) {
      ms.add(new Member(names.get(i), off, types.get(i)));
      off = Math.addExact(off, types.get(i).size());
    }
    return new CompoundType(Math.max(1, off), ms);
  }

  /**
   * The member called {@code name}, or null.
   *
   * @param name the member's name, exactly as stored
   * @return the member, or null when there is none of that name
   */
  public @Nullable Member member(String name) {
    for (Member m : members) {
      if (m.name().equals(name)) {
        return m;
      }
    }
    return null;
  }

  @Override
  public int classId() {
    return 6;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
