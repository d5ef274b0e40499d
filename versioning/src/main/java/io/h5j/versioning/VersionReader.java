package io.h5j.versioning;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.format.H5FormatException;
import io.h5j.raw.VirtualMapping;
import io.h5j.raw.VirtualMappings;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads the tree of one committed version: its groups, and for each dataset the chunk shape,
 * fill value, user attributes and which raw_data slot each chunk maps to (checking that every
 * mapping is one chunk, whole or from its corner, as versioned-hdf5 writes them).
 */
final class VersionReader {
  private VersionReader() {}

  static final Set<String> LAYOUT_ATTRS =
      Set.of(VersionLayout.ATTR_RAW_DATA, VersionLayout.ATTR_CHUNKS);

  /** Everything below a version's group. */
  record Tree(Map<String, Map<String, Object>> groups, Map<String, StagedDataset> datasets,
      Map<String, VersionLink> links) {}

  static Tree read(H5File file, String version, Map<String, RawStore> stores)
      throws IOException {
    Map<String, Map<String, Object>> groups = new LinkedHashMap<>();
    Map<String, StagedDataset> datasets = new LinkedHashMap<>();
    Map<String, VersionLink> links = new LinkedHashMap<>();
    new VersionReader.Walk(file, version, groups, datasets, links, stores)
        .walk(file.group(VersionLayout.versionPath(version)), "");
    return new Tree(groups, datasets, links);
  }

  /** One walk of a version's tree; soft and external links are kept as links, not followed. */
  private record Walk(H5File file, String version, Map<String, Map<String, Object>> groups,
      Map<String, StagedDataset> datasets, Map<String, VersionLink> links,
      Map<String, RawStore> stores, Set<Long> seen) {
    Walk(H5File file, String version, Map<String, Map<String, Object>> groups,
        Map<String, StagedDataset> datasets, Map<String, VersionLink> links,
        Map<String, RawStore> stores) {
      this(file, version, groups, datasets, links, stores, new java.util.HashSet<>());
    }

    void walk(Group g, String prefix) throws IOException {
      if (!seen.add(g.address())) {
        throw new H5FormatException("version group " + g.path(), g.address(),
            "is reached twice (a cycle of hard links)");
      }
      for (io.h5j.Link l : g.links()) {
        String path = prefix.isEmpty() ? l.name() : prefix + "/" + l.name();
        if (l.kind() != io.h5j.Link.Kind.HARD) {
          VersionLink link = VersionLink.stored(l, version);
          if (link != null) {
            links.put(path, link);
          }
          continue;
        }
        Node n = g.get(l.name());
        if (n instanceof Group child) {
          groups.put(path, AttributeCopy.read(child.attributes(), Set.of()));
          walk(child, path);
        } else if (n instanceof Dataset d) {
          datasets.put(path, dataset(file, d, path, stores));
        }
      }
    }
  }

  /** One dataset of a version, ready to be staged on. */
  static StagedDataset dataset(H5File file, Dataset d, String path,
      Map<String, RawStore> stores) throws IOException {
    long[] shape = d.shape();
    Object c = d.attributes().contains(VersionLayout.ATTR_CHUNKS)
        ? d.attributes().get(VersionLayout.ATTR_CHUNKS) : null;
    if (!(c instanceof long[] chunks) || chunks.length != shape.length
        || Arrays.stream(chunks).anyMatch(x -> x < 1)) {
      throw new H5FormatException("versioned dataset " + d.path(), d.address(),
          "has no valid 'chunks' attribute");
    }
    Map<String, Object> attrs = AttributeCopy.read(d.attributes(), LAYOUT_ATTRS);
    boolean virtual = d.layoutName().equals("VIRTUAL");
    VirtualMappings block = virtual ? d.virtualMappings() : null;
    StagedDataset.SlotLoader slots = virtual
        ? (whole, partial) -> slots(d, block, shape, chunks, path, whole, partial) : null;
    StagedElements elements = StagedElements.of(d.datatype(), d.fillValueBytes(), path);
    StagedDataset.RawReader reader = (start, extent) -> store(file, path, stores)
        .read(elements, start, extent);
    return new StagedDataset(path, d.datatype(), shape, chunks, elements, attrs,
        virtual ? block : null, slots, reader);
  }

  /** The store of a dataset path, opened once per commit. */
  static RawStore store(H5File file, String path, Map<String, RawStore> stores)
      throws IOException {
    RawStore s = stores.get(path);
    if (s == null) {
      s = RawStore.open(file, path);
      if (s == null) {
        throw new H5FormatException("versioned dataset " + path, -1,
            "maps chunks but " + VersionLayout.rawDataPath(path) + " does not exist");
      }
      stores.put(path, s);
    }
    return s;
  }

  /**
   * Chunk → raw_data row of every mapping of a version's dataset that maps a whole chunk into
   * {@code whole}, of those that map a box at a chunk's corner into {@code partial}.
   */
  static void slots(Dataset d, VirtualMappings b, long[] shape, long[] chunks, String path,
      Map<ChunkKey, Long> whole, Map<ChunkKey, StagedDataset.PartialSlot> partial)
      throws IOException {
    if (b.count() == 0) {
      return;
    }
    String raw = VersionLayout.rawDataPath(path);
    if (!b.allBoxes()) {
      throw new H5FormatException("versioned dataset " + d.path(), d.address(),
          "has mappings that are not single chunk boxes");
    }
    int rank = shape.length;
    for (int i = 0; i < b.count(); i++) {
      VirtualMapping m = b.mapping(i);
      String src = m.sourceDataset();
      if (!m.sameFile() || !(src.equals(raw) || ("/" + src).equals(raw))) {
        throw new H5FormatException("versioned dataset " + d.path(), d.address(),
            "mapping " + i + " reads " + m.sourceFile() + ":" + src + ", not " + raw);
      }
      if (m.virtualBox().rank() != rank) {
        throw new H5FormatException("versioned dataset " + d.path(), d.address(),
            "has mappings that are not single chunk boxes");
      }
      long[] virtualStart = m.virtualBox().start();
      long[] sourceStart = m.sourceBox().start();
      long[] key = new long[rank];
      for (int k = 0; k < rank; k++) {
        long v = virtualStart[k];
        if (v % chunks[k] != 0 || (k > 0 && sourceStart[k] != 0)) {
          throw new H5FormatException("versioned dataset " + d.path(), d.address(),
              "mapping " + i + " is not aligned to the chunks " + Arrays.toString(chunks));
        }
        key[k] = v / chunks[k];
      }
      ChunkKey ck = new ChunkKey(key);
      long[] extent = Boxes.trimmed(ck, shape, chunks);
      long[] mapped = m.virtualBox().shape();
      for (int k = 0; k < rank; k++) {
        if (mapped[k] > extent[k]) {
          throw new H5FormatException("versioned dataset " + d.path(), d.address(),
              "mapping " + i + " covers a block larger than chunk " + ck + " trimmed to "
                  + Arrays.toString(extent));
        }
      }
      if (whole.containsKey(ck) || partial.containsKey(ck)) {
        throw new H5FormatException("versioned dataset " + d.path(), d.address(),
            "mapping " + i + " maps chunk " + ck + " a second time");
      }
      if (Arrays.equals(mapped, extent)) {
        whole.put(ck, sourceStart[0]);
      } else {
        partial.put(ck, new StagedDataset.PartialSlot(sourceStart[0], mapped));
      }
    }
  }
}
