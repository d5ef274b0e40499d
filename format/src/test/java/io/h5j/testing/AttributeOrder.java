package io.h5j.testing;

import java.io.IOException;
import java.nio.file.Path;

/**
 * How libhdf5 (through h5py) sees the attributes of some objects: one line per object with
 * its path and attribute names as h5py lists them (creation order for objects that track it,
 * else name order); for objects that track creation order also each attribute's creation
 * index (H5Aget_info's corder) and whether they are stored compact or dense.
 */
public final class AttributeOrder {
  private static final String SCRIPT = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "for n in sys.argv[2:]:",
      "    o = f[n]",
      "    keys = list(o.attrs.keys())",
      "    if not o.id.get_create_plist().get_attr_creation_order():",
      "        print(n, keys)",
      "        continue",
      "    # attributes but no attribute message (type 0x0C) in the header: they are dense",
      "    present = h5py.h5o.get_info(o.id).hdr.mesg.present",
      "    dense = len(keys) > 0 and not (present >> 0x0C) & 1",
      "    print(n, keys, [h5py.h5a.get_info(o.id, k.encode()).corder for k in keys],"
          + " 'dense' if dense else 'compact')");

  private AttributeOrder() {}

  /** The listing of {@code objects} (paths, "/" for the root) in {@code file}. */
  public static String of(Path file, String... objects) throws IOException {
    String[] args = new String[objects.length + 1];
    args[0] = file.toString();
    System.arraycopy(objects, 0, args, 1, objects.length);
    return Oracles.python(SCRIPT, args);
  }
}
