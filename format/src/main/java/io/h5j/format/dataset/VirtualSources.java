package io.h5j.format.dataset;

import io.h5j.format.H5FormatException;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.datatype.NumericConversion;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.Mapping;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The source datasets of one virtual dataset, found as libhdf5 finds them and opened once per
 * name (and their extents read once) for the life of a read.
 */
final class VirtualSources {
  private final EngineFile file;
  private final String path;
  private final long blockAddress;
  private final Datatype type;
  private final Map<String, StoredDataset> sources = new HashMap<>();
  private final Map<StoredDataset, MappingCopier.Source> readers =
      new java.util.IdentityHashMap<>();
  private final Map<StoredDataset, long[]> sourceDims = new java.util.IdentityHashMap<>();
  /** The names {@link #find} was last asked for, and its answer. */
  private String lastFile;
  private String lastDataset;
  private StoredDataset last;

  /**
   * Sources of the virtual dataset {@code path} of {@code file} (its mapping block at
   * {@code blockAddress}, for messages), whose elements are of {@code type}.
   */
  VirtualSources(EngineFile file, String path, long blockAddress, Datatype type) {
    this.file = file;
    this.path = path;
    this.blockAddress = blockAddress;
    this.type = type;
  }

  /**
   * Reads a source's elements as the virtual dataset's type: its stored bytes when the types
   * are the same, converted as libhdf5 converts numbers otherwise ({@link NumericConversion}).
   */
  MappingCopier.Source reader(StoredDataset src) throws IOException {
    MappingCopier.Source r = readers.get(src);
    if (r == null) {
      Datatype from = src.cachedDatatype();
      NumericConversion c = from.equals(type) ? null
          : NumericConversion.of(from, type, new DataConverter(file.context().params()));
      DatasetStorage storage = src.storage();
      if (c == null && storage instanceof ChunkedStorage chunked) {
        r = new MappingCopier.Source() { // chunks' runs straight into the virtual read's output
          @Override
          public byte[] read(Hyperslab h) throws IOException {
            return chunked.readBytes(h);
          }

          @Override
          public void readRuns(Hyperslab h, MappingCopier.Runs sink) throws IOException {
            chunked.readRuns(h, sink);
          }
        };
      } else {
        r = c == null ? storage::readBytes
            : h -> c.convert(storage.readBytes(h), Math.toIntExact(h.elementCount()));
      }
      readers.put(src, r);
    }
    return r;
  }

  /** The source of mapping {@code m}: null only when it is missing and the file says fill. */
  StoredDataset source(int m, String fileName, String dataset) throws IOException {
    StoredDataset d = find(m, fileName, dataset);
    if (d == null && !file.virtual().fillMissingSources()) {
      throw new java.io.FileNotFoundException("virtual dataset " + path + ", mapping " + m
          + ": source dataset '" + dataset + "' in file '" + fileName + "' cannot be opened"
          + (Mapping.SAME_FILE.equals(fileName) ? "" : " (looked where libhdf5 does: in"
              + " HDF5_VDS_PREFIX, beside " + file.path() + " and in the working directory)")
          + "; H5File.fillMissingVirtualSources(true) reads the fill value instead, as"
          + " libhdf5 does");
    }
    return d;
  }

  long[] dimsOf(StoredDataset src) throws IOException {
    long[] d = sourceDims.get(src);
    if (d == null) {
      d = src.dataspace().dims();
      sourceDims.put(src, d);
    }
    return d;
  }

  /** Opens a source once per name; null when the file or dataset does not exist. */
  StoredDataset find(int m, String fileName, String dataset) throws IOException {
    if (fileName.equals(lastFile) && dataset.equals(lastDataset)) {
      return last; // mappings in a row mostly draw on one source: no key to build
    }
    String key = fileName + "\0" + dataset;
    if (sources.containsKey(key)) {
      return remember(fileName, dataset, sources.get(key));
    }
    EngineFile owner;
    try {
      owner = Mapping.SAME_FILE.equals(fileName) ? file : sourceFile(fileName);
    } catch (IOException e) {
      if (!file.virtual().fillMissingSources()) {
        if (e instanceof H5FormatException) {
          throw e;
        }
        // e.g. a name that leads to a folder: no file to read, as for FileInputStream
        throw (IOException) new java.io.FileNotFoundException("virtual dataset " + path
            + ", mapping " + m + ": source file '" + fileName + "' cannot be opened: " + e)
            .initCause(e);
      }
      owner = null; // libhdf5 treats a source file it cannot open as missing
    }
    StoredDataset d = null;
    if (owner != null) {
      EngineFile.Found n = owner.links().resolve(dataset);
      if (n != null && !n.isDataset()) {
        if (!file.virtual().fillMissingSources()) {
          throw new H5FormatException("virtual dataset " + path, blockAddress, "mapping " + m
              + ": source '" + dataset + "' in " + fileName + " is not a dataset");
        }
        n = null; // libhdf5 cannot open it as a dataset: missing
      }
      d = n == null ? null : StoredDataset.at(n.file(), n.path(), n.address());
      if (d != null && !convertible(d.cachedDatatype())) {
        throw H5FormatException.unsupported("virtual dataset " + path, blockAddress, "mapping "
            + m + ": source '" + dataset + "' is of type " + d.cachedDatatype() + ", the virtual"
            + " dataset of " + type + "; h5j converts between numeric types only");
      }
    }
    sources.put(key, d);
    return remember(fileName, dataset, d);
  }

  private StoredDataset remember(String fileName, String dataset, StoredDataset d) {
    lastFile = fileName;
    lastDataset = dataset;
    last = d;
    return d;
  }

  /** Same type, numbers both, or (as before conversion existed) the same element size. */
  private boolean convertible(Datatype from) {
    return from.equals(type) || NumericConversion.of(from, type, null) != null
        || from.size() == type.size();
  }

  /**
   * Opens a source file where libhdf5 (1.10.8, {@code H5F_prefix_open_file}) looks for it: an
   * absolute name as it is; then (an absolute name by its last component) under each folder
   * of {@code HDF5_VDS_PREFIX} (':'-separated, {@code ${ORIGIN}} standing for this file's
   * folder), beside this file, and relative to the working directory. The prefix comes first:
   * a source beside the file is not read when one of the same name is under the prefix.
   * Null when it is in none of them.
   */
  private EngineFile sourceFile(String name) throws IOException {
    Path given = Path.of(name);
    if (given.isAbsolute()) {
      EngineFile f = file.links().external(name);
      if (f != null) {
        return f;
      }
      given = given.getFileName();
      if (given == null) {
        return null;
      }
    }
    String rel = given.toString();
    String prefixes = file.virtual().prefix();
    if (prefixes != null) {
      for (String prefix : prefixes.split(":")) {
        if (prefix.isEmpty()) {
          continue;
        }
        EngineFile f = file.links().external(file.prefixFolder(prefix).resolve(rel).toAbsolutePath()
            .toString());
        if (f != null) {
          return f;
        }
      }
    }
    EngineFile f = file.links().external(rel); // beside this file
    return f != null ? f : file.links().external(Path.of(rel).toAbsolutePath().toString());
  }
}
