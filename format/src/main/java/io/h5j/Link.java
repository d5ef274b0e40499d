package io.h5j;

import io.h5j.format.group.SymbolTableWriter;
import java.util.Comparator;

/**
 * A named link inside a group, as listed by {@link Group#links()}.
 *
 * @param address the object header address of a hard link, -1 otherwise
 * @param target a soft link's path, an external link's object path, else null
 * @param file an external link's file name, else null
 */
public record Link(String name, Kind kind, long address, String target, String file) {
  /** What a link points to and how. */
  public enum Kind { HARD, SOFT, EXTERNAL, USER_DEFINED }

  /**
   * Links by name as libhdf5 orders a symbol table and h5ls lists a group: the UTF-8 bytes
   * of the names compared as unsigned numbers ({@code "B" < "a" < "é"}).
   */
  public static final Comparator<Link> NAME_ORDER =
      Comparator.comparing(Link::name, SymbolTableWriter.NAME_ORDER);

  @Override
  public String toString() {
    return switch (kind) {
      case HARD -> name;
      case SOFT -> name + " -> " + target;
      case EXTERNAL -> name + " -> " + file + ":" + target;
      case USER_DEFINED -> name + " (user-defined link)";
    };
  }
}
