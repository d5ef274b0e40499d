package io.h5j.cli;

import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.RegionReference;
import io.h5j.Link;
import io.h5j.Node;
import io.h5j.type.Reference;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * The path of the object at an address, for printing references: references store addresses
 * only, so a path is found by one breadth-first walk over the hard links of the file, made the
 * first time a path is asked for (the path is the first the walk meets, as libhdf5's
 * {@code H5Iget_name} gives some path). A group that cannot be read is skipped: its objects
 * then have no path, and the dump still goes on.
 */
final class ObjectPaths {
  private final H5File file;
  private Map<Long, String> byAddress;
  /** Paths in other files, by file name and address, for external revised references. */
  private final Map<String, String> external = new HashMap<>();

  /** @param file the file holding the references, or null to print addresses only */
  ObjectPaths(H5File file) {
    this.file = file;
  }

  /** The path of the object at {@code address} of this file, or null when none is known. */
  String path(long address) {
    if (file == null) {
      return null;
    }
    if (byAddress == null) {
      byAddress = walk(file);
    }
    return byAddress.get(address);
  }

  /**
   * A classic region reference decoded, or null for a null one, when no file is known, or
   * when its heap object cannot be read (it then prints as the bytes it stores).
   */
  RegionReference region(byte[] stored) {
    if (file == null) {
      return null;
    }
    try {
      return file.region(stored);
    } catch (Exception e) {
      return null;
    }
  }

  /** The path of the object a revised reference points to, or null when none is known. */
  String path(Reference ref) {
    if (ref.file() == null) {
      return path(ref.address());
    }
    if (file == null) {
      return null;
    }
    return external.computeIfAbsent(ref.file() + '\0' + ref.address(), key -> {
      try {
        Node n = file.dereference(ref);
        return n == null || n.path().isEmpty() ? null : n.path();
      } catch (Exception e) {
        return null; // a missing or unreadable file: the reference still prints its address
      }
    });
  }

  private static Map<Long, String> walk(H5File file) {
    Map<Long, String> paths = new HashMap<>();
    ArrayDeque<Group> queue = new ArrayDeque<>();
    try {
      Group root = file.root();
      paths.put(root.address(), "/");
      queue.add(root);
    } catch (Exception e) {
      return paths;
    }
    while (!queue.isEmpty()) {
      Group g = queue.poll();
      java.util.List<Link> links;
      try {
        links = LsCommand.sortedLinks(g);
      } catch (Exception e) {
        continue; // this group's members stay without a path
      }
      for (Link l : links) {
        if (l.kind() != Link.Kind.HARD || paths.containsKey(l.address())) {
          continue;
        }
        paths.put(l.address(), LsCommand.childPath(g.path(), l.name()));
        try {
          if (g.get(l.name()) instanceof Group child) {
            queue.add(child);
          }
        } catch (Exception e) {
          // an unreadable member: what is below it stays without a path
        }
      }
    }
    return paths;
  }
}
