package io.h5j.versioning;

import io.h5j.Attributes;
import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.VirtualSpec;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a staged version and makes it current in one atomic flush (the file's flushes are
 * atomic: see {@link H5File#atomicFlushes}): the new chunks (each stored once: a chunk whose
 * hash is known reuses its slot), the new hash-table rows and every touched table's
 * {@code largest_index}, the version group marked {@code committed = TRUE}, and
 * {@code current_version}. A crash, kill or power cut at any moment leaves the file with all
 * of it or none, for libhdf5 readers (versioned-hdf5) as for h5j.
 */
final class VersionCommit {
  private VersionCommit() {}

  static final io.h5j.type.EnumType BOOL =
      Datatypes.enumOf(Datatypes.INT8, "FALSE", "TRUE");

  /**
   * How a commit writes its datasets.
   *
   * @param compact new mapping blocks in the compact encoding of HDF5 2.0
   * @param shareUnchanged a dataset the version leaves as its parent had it is a second hard
   *     link to the parent's object, not a copy of it
   */
  record Options(boolean compact, boolean shareUnchanged) {}

  static void run(H5File file, StagedVersion s, Map<String, RawStore> stores, Instant when,
      Options options) throws IOException {
    Group versions = file.group(VersionLayout.VERSIONS);
    if (versions.contains(s.name())) {
      versions.delete(s.name()); // an uncommitted leftover (committed ones were refused)
    }
    Group vg = versions.createGroup(s.name());
    vg.attributes().put(VersionLayout.ATTR_PREV, s.parent());
    setCommitted(vg.attributes(), true);
    vg.attributes().put(VersionLayout.ATTR_TIMESTAMP, VersionLayout.formatTimestamp(when));
    AttributeCopy.write(vg.attributes(), s.versionAttributes());
    for (Map.Entry<String, Map<String, Object>> g : s.groups().entrySet()) {
      Group created = vg.createGroup(g.getKey());
      AttributeCopy.write(created.attributes(), g.getValue());
    }
    Map<String, RawStore> touched = new TreeMap<>();
    Group parent = options.shareUnchanged() && versions.contains(s.parent())
        ? versions.group(s.parent()) : null;
    for (StagedDataset d : s.datasets().values()) {
      if (parent != null && d.sameObjectAsParent() && parent.contains(d.path)) {
        // the same mappings and attributes: the parent's object, counted twice
        vg.createHardLink(d.path, parent.get(d.path));
      } else {
        writeDataset(file, vg, d, stores, touched, options.compact());
      }
    }
    for (Map.Entry<String, VersionLink> l : s.links().entrySet()) {
      String p = l.getKey();
      int slash = p.lastIndexOf('/');
      Group in = slash < 0 ? vg : vg.group(p.substring(0, slash));
      l.getValue().create(in, p.substring(slash + 1), s.name());
    }
    for (RawStore r : touched.values()) {
      r.writeRows();
      r.markCommitted();
    }
    versions.attributes().put(VersionLayout.ATTR_CURRENT, s.name());
    file.flush();
  }

  /**
   * Maps each chunk of {@code rows} (chunk → its first row in the raw dataset) in C order of
   * the chunks, in one {@link VirtualSpec#mapChunks} call: no arrays per chunk.
   */
  static void mapChunks(VirtualSpec spec, String rawPath, long[] chunks,
      Map<ChunkKey, Long> rows) {
    int rank = chunks.length;
    long[] coords = new long[rows.size() * rank];
    long[] starts = new long[coords.length];
    int at = 0;
    for (Map.Entry<ChunkKey, Long> e : new TreeMap<>(rows).entrySet()) {
      System.arraycopy(e.getKey().coords(), 0, coords, at, rank);
      starts[at] = e.getValue(); // raw chunks are stacked along axis 0
      at += rank;
    }
    spec.mapChunks(".", rawPath, chunks, coords, starts);
  }

  static void setCommitted(Attributes attrs, boolean value) throws IOException {
    attrs.put(VersionLayout.ATTR_COMMITTED, BOOL, Dataspace.SCALAR,
        new String[] {value ? "TRUE" : "FALSE"});
  }

  private static void writeDataset(H5File file, Group vg, StagedDataset d,
      Map<String, RawStore> stores, Map<String, RawStore> touched, boolean compact)
      throws IOException {
    Object fill = d.elements.fillValue();
    Dataset created;
    if (d.mappingsUnchanged()) {
      created = vg.createVirtualDataset(d.path, VirtualSpec.of(d.type, d.shape).fillValue(fill)
          .sameMappingsAs(d.parentBlock));
    } else {
      RawStore store = storeFor(file, d, stores);
      touched.put(d.path, store);
      Map<ChunkKey, Long> slots = new TreeMap<>(d.parentSlots());
      for (Map.Entry<ChunkKey, byte[]> e : d.dirtyChunks().entrySet()) {
        long[] extent = Boxes.trimmed(e.getKey(), d.shape, d.chunks);
        if (Boxes.isFull(extent, d.chunks) && Boxes.allEqual(e.getValue(), d.fill)) {
          continue; // reads as the fill value without a mapping
        }
        slots.put(e.getKey(), store.store(d.elements, e.getValue(), extent));
      }
      if (d.sameAsParent(slots)) {
        created = vg.createVirtualDataset(d.path, VirtualSpec.of(d.type, d.shape)
            .fillValue(fill).sameMappingsAs(d.parentBlock));
      } else if (slots.isEmpty()) {
        created = vg.createDataset(d.path, DatasetSpec.empty(d.type, d.shape).fillValue(fill));
      } else {
        VirtualSpec spec = VirtualSpec.of(d.type, d.shape).fillValue(fill);
        if (compact) {
          spec.compactEncoding();
        }
        mapChunks(spec, VersionLayout.rawDataPath(d.path), d.chunks, slots);
        created = vg.createVirtualDataset(d.path, spec);
      }
    }
    AttributeCopy.write(created.attributes(), d.attributes);
    created.attributes().put(VersionLayout.ATTR_CHUNKS, d.chunks.clone());
    created.attributes().put(VersionLayout.ATTR_RAW_DATA, VersionLayout.rawDataPath(d.path));
  }

  /**
   * Opens the store of every dataset the commit will write into and checks that it fits, before
   * anything is written: a refused commit leaves the file untouched.
   */
  static void prepare(H5File file, StagedVersion s, Map<String, RawStore> stores)
      throws IOException {
    for (StagedDataset d : s.datasets().values()) {
      if (d.mappingsUnchanged()) {
        continue;
      }
      RawStore store = stores.containsKey(d.path) ? stores.get(d.path)
          : RawStore.open(file, d.path);
      if (store == null) {
        continue;
      }
      stores.put(d.path, store);
      if (!Arrays.equals(store.chunks(), d.chunks) || !store.raw().datatype().equals(d.type)) {
        throw new IllegalArgumentException("dataset " + d.path + " was stored before with type "
            + store.raw().datatype() + " and chunks " + Arrays.toString(store.chunks())
            + "; versioned-hdf5 keeps one raw_data per path, so a dataset of that path needs"
            + " the same type and chunks");
      }
    }
  }

  private static RawStore storeFor(H5File file, StagedDataset d, Map<String, RawStore> stores)
      throws IOException {
    RawStore s = stores.get(d.path);
    if (s == null) {
      s = RawStore.create(file, d.path, d.type, d.chunks, d.elements.fillValue());
      stores.put(d.path, s);
    }
    return s;
  }
}
