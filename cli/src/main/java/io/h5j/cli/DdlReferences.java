package io.h5j.cli;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * An object reference as h5dump names its target, {@code DATASET 1400 "/path"}: the kind, the
 * address and the first path of the object at that address (found by one walk of the file,
 * made the first time a reference is printed).
 */
final class DdlReferences implements LongFunction<String> {
  private final H5File file;
  private Map<Long, Node> byAddress;

  DdlReferences(H5File file) {
    this.file = file;
  }

  @Override
  public String apply(long address) {
    Node n = node(address);
    if (n == null) {
      return "NULL";
    }
    String kind = n instanceof Dataset ? "DATASET" : n instanceof Group ? "GROUP" : "DATATYPE";
    return kind + " " + address + " " + DdlStrings.quoted(n.path());
  }

  /** The object at {@code address}, or null (a null reference, or nothing there). */
  Node node(long address) {
    if (byAddress == null) {
      byAddress = new HashMap<>();
      try {
        Group root = file.root();
        byAddress.put(root.address(), root);
        for (Node n : root.walk()) {
          byAddress.putIfAbsent(n.address(), n);
        }
      } catch (Exception e) {
        // the references print as unresolved
      }
    }
    return byAddress.get(address);
  }
}
