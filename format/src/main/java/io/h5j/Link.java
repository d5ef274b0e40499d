package io.h5j;

import io.h5j.format.group.SymbolTableWriter;
import java.util.Comparator;
import org.jspecify.annotations.Nullable;

/**
 * A named link inside a group, as listed by {@link Group#links()}.
 *
 * @param name the link's name within its group
 * @param kind hard, soft, external or user-defined
 * @param address the object header address of a hard link, -1 otherwise
 * @param target a soft link's path, an external link's object path, else null
 * @param file an external link's file name, else null
 */
public record Link(String name, Kind kind, long address, @Nullable String target,
    @Nullable String file) {
  /** What a link points to and how. */
  public enum Kind {
    /** To an object of the same file, by its header address. */
    HARD,
    /** To a path, resolved when the link is followed; the path need not exist. */
    SOFT,
    /** To an object path in another file. */
    EXTERNAL,
    /** A type an application registered with libhdf5 (64 and up): listed, never followed. */
    USER_DEFINED
  }

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
