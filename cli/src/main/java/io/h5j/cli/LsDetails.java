package io.h5j.cli;

import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.Filter;
import io.h5j.NamedDatatype;
import io.h5j.Node;
import io.h5j.StorageLayout;
import io.h5j.raw.ChunkInfo;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import io.h5j.type.VarLenType;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The lines {@code h5ls -v} prints below an object: its attributes (name, shape, type), its
 * location (libhdf5's file number, 1, and the object header's address), its hard link count,
 * and for a dataset its chunk shape, storage (logical and allocated bytes), filters and
 * type; a committed datatype's type. Not as h5ls: modification times and a virtual dataset's
 * maps are not printed; the allocated size of data not in chunks is given as its logical
 * size; the link count counts hard links only (not the datasets that share a committed
 * datatype); types h5ls describes on several lines are given by h5j's name.
 */
final class LsDetails {
  private final PrintWriter out;
  private final HardLinkCounts links;

  LsDetails(PrintWriter out, HardLinkCounts links) {
    this.out = out;
    this.links = links;
  }

  void print(Node n) throws Exception {
    List<Attribute> attributes = new ArrayList<>(n.attributes().all().values());
    attributes.sort(Comparator.comparing(a -> a.name().getBytes(StandardCharsets.UTF_8),
        Arrays::compareUnsigned)); // h5ls lists them in name order
    for (Attribute a : attributes) {
      out.println("    Attribute: " + LsCommand.escaped(a.name()) + " " + shape(a.dataspace()));
      out.println("        Type:      " + H5lsTypes.name(a.datatype()));
    }
    out.println("    Location:  1:" + n.address());
    out.println("    Links:     " + links.of(n.address()));
    if (n instanceof Dataset d) {
      dataset(d);
    } else if (n instanceof NamedDatatype t) {
      out.println("    Type:      shared-1:" + t.address() + " " + H5lsTypes.name(t.datatype()));
    }
  }

  private void dataset(Dataset d) throws Exception {
    Datatype type = d.datatype();
    Dataspace space = d.dataspace();
    StorageLayout layout = d.layout();
    long logical = space.kind() == Dataspace.Kind.NULL ? 0
        : space.elementCount() * memorySize(type);
    long allocated = logical;
    if (layout.kind() == StorageLayout.Kind.CHUNKED) {
      long[] chunk = layout.chunkShape();
      long bytes = type.size();
      StringBuilder b = new StringBuilder("{");
      for (int i = 0; i < space.rank(); i++) {
        b.append(i > 0 ? ", " : "").append(chunk[i]);
        bytes *= chunk[i];
      }
      out.println("    Chunks:    " + b + "} " + bytes + " bytes");
      allocated = 0;
      for (ChunkInfo c : d.chunks()) {
        allocated += c.storedSize();
      }
    } else if (layout.kind() == StorageLayout.Kind.VIRTUAL) {
      allocated = 0;
    }
    out.println("    Storage:   " + logical + " logical " + bytes(logical) + ", " + allocated
        + " allocated " + bytes(allocated) + (allocated > 0 ? String.format(", %.2f%% utilization", 100.0 * logical / allocated)
        : ""));
    for (int i = 0; i < layout.filters().size(); i++) {
      Filter f = layout.filters().get(i);
      StringBuilder cd = new StringBuilder();
      for (int v : f.clientData()) {
        cd.append(cd.length() > 0 ? ", " : "").append(Integer.toUnsignedString(v));
      }
      out.println("    Filter-" + i + ":  " + filterName(f) + "-" + f.id() + " "
          + (f.optional() ? "OPT" : "") + " {" + cd + "}");
    }
    out.println("    Type:      " + H5lsTypes.name(type));
  }

  /** The unit after a number of bytes, as h5ls words it: 1 byte, 2 bytes. */
  private static String bytes(long n) {
    return n == 1 ? "byte" : "bytes";
  }

  /**
   * An element's size in memory, which h5ls's logical size counts: a pointer for a
   * variable-length string, a length and pointer for a sequence, else the stored size.
   */
  private static long memorySize(Datatype t) {
    if (t instanceof VarLenType v) {
      return v.string() ? 8 : 16;
    }
    return t.size();
  }

  /** The name the pipeline stores, else libhdf5's name of a filter it has built in. */
  private static String filterName(Filter f) {
    if (!f.name().isEmpty()) {
      return f.name();
    }
    return switch (f.id()) {
      case 1 -> "deflate";
      case 2 -> "shuffle";
      case 3 -> "fletcher32";
      case 4 -> "szip";
      case 5 -> "nbit";
      case 6 -> "scaleoffset";
      default -> "";
    };
  }

  /** An attribute's shape as h5ls gives it: {2, 3}, scalar or null. */
  private static String shape(Dataspace s) {
    return switch (s.kind()) {
      case SCALAR -> "scalar";
      case NULL -> "null";
      default -> LsCommand.shape(s);
    };
  }
}
