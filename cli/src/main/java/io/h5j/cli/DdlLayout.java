package io.h5j.cli;

import io.h5j.Filter;
import io.h5j.StorageLayout;
import io.h5j.StorageProperties;
import java.io.IOException;
import io.h5j.raw.ChunkInfo;
import io.h5j.raw.StoredSelection;
import io.h5j.raw.VirtualMapping;
import io.h5j.raw.VirtualMappings;
import java.util.List;
import java.util.Locale;

/**
 * h5dump's {@code -p} blocks of a dataset: {@code STORAGE_LAYOUT} (chunk shape, stored size
 * and ratio; a contiguous dataset's address), {@code FILTERS}, {@code FILLVALUE} and
 * {@code ALLOCATION_TIME}, as the dataset's header stores them.
 */
final class DdlLayout {
  private DdlLayout() {}

  static void write(DumpOutput out, int level, DumpPrinter.DatasetInfo info,
      DdlElements elements) throws IOException {
    StorageLayout layout = info.layout();
    StorageProperties props = info.dataset().storageProperties();
    long logical = info.space().elementCount() * info.type().size();
    line(out, level, "STORAGE_LAYOUT {");
    if (layout.kind() == StorageLayout.Kind.VIRTUAL) {
      // h5dump prints no FILTERS and no ALLOCATION_TIME of a virtual dataset
      mappings(out, level + 1, info.dataset().virtualMappings());
      line(out, level, "}");
      fill(out, level, props, info, elements);
      return;
    }
    switch (layout.kind()) {
      case CHUNKED -> {
        StringBuilder shape = new StringBuilder("CHUNKED ( ");
        long[] c = layout.chunkShape();
        for (int i = 0; i < c.length; i++) {
          shape.append(i == 0 ? "" : ", ").append(c[i]);
        }
        line(out, level + 1, shape.append(" )").toString());
        long stored = 0;
        try {
          for (ChunkInfo ci : info.dataset().chunks()) {
            stored += ci.storedSize();
          }
        } catch (Exception e) {
          stored = 0;
        }
        line(out, level + 1, "SIZE " + stored + (stored == 0 || layout.filters().isEmpty()
            ? "" : " (" + String.format(
            Locale.ROOT, "%.3f", (double) logical / stored) + ":1 COMPRESSION)"));
      }
      case COMPACT -> {
        line(out, level + 1, "COMPACT");
        line(out, level + 1, "SIZE " + logical);
      }
      case CONTIGUOUS -> {
        line(out, level + 1, "CONTIGUOUS");
        boolean allocated = props.address() != StorageProperties.UNDEFINED_ADDRESS;
        line(out, level + 1, "SIZE " + (allocated ? logical : 0));
        line(out, level + 1, "OFFSET " + Long.toUnsignedString(props.address()));
      }
      default -> {
        line(out, level + 1, "CONTIGUOUS");
        line(out, level + 1, "SIZE " + logical);
      }
    }
    line(out, level, "}");
    line(out, level, "FILTERS {");
    List<Filter> filters = layout.filters();
    if (filters.isEmpty()) {
      line(out, level + 1, "NONE");
    }
    for (Filter f : filters) {
      if (f.id() == 4 && f.clientData().length > 1) {
        szip(out, level + 1, f.clientData());
      } else if (f.id() > 6) {
        userDefined(out, level + 1, f);
      } else {
        line(out, level + 1, filter(f));
      }
    }
    line(out, level, "}");
    fill(out, level, props, info, elements);
    line(out, level, "ALLOCATION_TIME {");
    line(out, level + 1, "H5D_ALLOC_TIME_" + switch (props.allocationTime()) {
      case INCREMENTAL -> "INCR";
      default -> props.allocationTime().toString();
    });
    line(out, level, "}");
  }

  /** The mappings, one at a time (a versioned dataset has thousands). */
  private static void mappings(DumpOutput out, int level, VirtualMappings m)
      throws IOException {
    for (int i = 0; i < m.count(); i++) {
      line(out, level, "MAPPING " + i + " { ");
      line(out, level + 1, "VIRTUAL {");
      DdlSelections.writeMapping(out, level + 2, m.virtualSelection(i));
      line(out, level + 1, "}");
      line(out, level + 1, "SOURCE {");
      VirtualMapping names = m.mapping(i);
      line(out, level + 2, "FILE " + DdlStrings.quoted(names.sourceFile()));
      String dataset = "DATASET " + DdlStrings.quoted(names.sourceDataset());
      StoredSelection source = m.sourceSelection(i);
      if (source instanceof StoredSelection.None) {
        // h5dump 1.10.8 prints an empty source selection so, on one line
        line(out, level + 2, dataset + dataset + "Unknown Selection");
      } else {
        line(out, level + 2, dataset);
        DdlSelections.writeMapping(out, level + 2, source);
      }
      line(out, level + 1, "}");
      line(out, level, "}");
    }
  }

  private static void fill(DumpOutput out, int level, StorageProperties props,
      DumpPrinter.DatasetInfo info, DdlElements elements) throws IOException {
    line(out, level, "FILLVALUE {");
    line(out, level + 1, "FILL_TIME H5D_FILL_TIME_" + props.fillTime());
    line(out, level + 1, "VALUE  " + fillValue(props, info, elements, level + 1));
    line(out, level, "}");
  }

  /** The fill value as h5dump prints it: the state's name, or the value set by the writer. */
  private static String fillValue(StorageProperties props, DumpPrinter.DatasetInfo info,
      DdlElements elements, int level) throws IOException {
    Object value = props.fillValue() == StorageProperties.FillValueState.USER_DEFINED
        ? info.dataset().fillValue() : null;
    if (value == null) {
      return props.fillValue() == StorageProperties.FillValueState.UNDEFINED
          ? "H5D_FILL_VALUE_UNDEFINED" : "H5D_FILL_VALUE_DEFAULT";
    }
    return elements.format(info.type(), value, 0, level);
  }

  private static String filter(Filter f) {
    int[] d = f.clientData();
    return switch (f.id()) {
      case 1 -> "COMPRESSION DEFLATE { LEVEL " + (d.length > 0 ? d[0] : 0) + " }";
      case 2 -> "PREPROCESSING SHUFFLE";
      case 3 -> "CHECKSUM FLETCHER32";
      case 4 -> "COMPRESSION SZIP";
      case 5 -> "COMPRESSION NBIT";
      case 6 -> "COMPRESSION SCALEOFFSET" + (d.length > 0 ? " { MIN BITS " + d[0] + " }" : "");
      default -> throw new IllegalArgumentException("filter " + f.id() + " is user-defined");
    };
  }

  /** A filter libhdf5 does not define: its number, its stored name, its client data. */
  private static void userDefined(DumpOutput out, int level, Filter f) {
    line(out, level, "USER_DEFINED_FILTER {");
    line(out, level + 1, "FILTER_ID " + f.id());
    if (!f.name().isEmpty()) {
      line(out, level + 1, "COMMENT " + f.name());
    }
    int[] d = f.clientData();
    if (d.length > 0) {
      StringBuilder params = new StringBuilder("PARAMS {");
      for (int v : d) {
        params.append(' ').append(Integer.toUnsignedString(v));
      }
      line(out, level + 1, params.append(" }").toString());
    }
    line(out, level, "}");
  }

  /**
   * SZIP's block: client data 0 is the options mask (libhdf5's H5_SZIP_*_OPTION_MASK bits:
   * 2 chip, 4 entropy coding, 8 LSB first, 128 raw header), 1 the pixels per block.
   */
  private static void szip(DumpOutput out, int level, int[] d) {
    int mask = d[0];
    line(out, level, "COMPRESSION SZIP {");
    line(out, level + 1, "PIXELS_PER_BLOCK " + Integer.toUnsignedString(d[1]));
    line(out, level + 1, (mask & 2) != 0 ? "MODE HARDWARE" : "MODE K13");
    line(out, level + 1, (mask & 4) != 0 ? "CODING ENTROPY" : "CODING NEAREST NEIGHBOUR");
    line(out, level + 1, (mask & 8) != 0 ? "BYTE_ORDER LSB" : "BYTE_ORDER MSB");
    if ((mask & 128) != 0) {
      line(out, level + 1, "HEADER RAW");
    }
    line(out, level, "}");
  }

  private static void line(DumpOutput out, int level, String s) {
    out.append(DdlIndent.append(new StringBuilder(), level).append(s)).append('\n');
  }
}
