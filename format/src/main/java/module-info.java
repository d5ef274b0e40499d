/**
 * h5j's HDF5 format: read and write HDF5 files in pure Java, with no native library.
 *
 * <p>The public API is {@link io.h5j} (open a file, walk its groups, read and write datasets
 * and attributes), {@link io.h5j.type} (datatypes and dataspaces), {@link io.h5j.raw} (stored
 * chunks and mapping blocks, for byte-for-byte copies) and {@link io.h5j.format}
 * ({@link io.h5j.format.H5FormatException}, the one error type of malformed or unsupported
 * input, and the report of a structural check). Every other {@code io.h5j.format.*} package
 * is internal: it may change in any release.
 *
 * <p>Codec libraries: aircompressor (LZ4, Zstandard, LZO, Snappy, and Blosc's codecs of
 * those) and compress-lzf (the LZF encoder) are required; Apache Commons Compress (bzip2)
 * is optional, and without it the bzip2 filter fails with an {@code UNSUPPORTED}
 * {@link io.h5j.format.H5FormatException} naming the library.
 */
module io.h5j {
  requires aircompressor; // no module descriptor: the name javac derives from the jar's name
  requires com.ning.compress.lzf;
  requires static org.apache.commons.compress;
  requires jdk.unsupported; // sun.misc.Unsafe.invokeCleaner: unmaps mapped windows at close

  exports io.h5j;
  exports io.h5j.format;
  exports io.h5j.type;
  exports io.h5j.raw;
  // For h5j's own modules: the layout message and mapping block of a Dataset.
  exports io.h5j.internal to io.h5j.versioning, io.h5j.cli;

  // Debt to remove (issue 16): the other modules still use internal packages. Each line goes
  // once its users reach the data through io.h5j, io.h5j.type or io.h5j.raw.
  exports io.h5j.format.chunk to io.h5j.versioning;
  exports io.h5j.format.datatype to io.h5j.versioning, io.h5j.repack, io.h5j.cli;
  exports io.h5j.format.group to io.h5j.cli;
  exports io.h5j.format.heap to io.h5j.versioning;
  exports io.h5j.format.io to io.h5j.versioning;
  exports io.h5j.format.message to io.h5j.versioning, io.h5j.cli;
  // Not used by repack: JDK 17's javadoc documents qualified exports, and fails (AssertionError
  // "unknown element": ObjectHeader.Chunk, a type nested in a record) on its way through the
  // packages above unless this one is documented too. Goes once the lines above are gone.
  exports io.h5j.format.object to io.h5j.repack;
  exports io.h5j.format.select to io.h5j.versioning;
  exports io.h5j.format.vds to io.h5j.versioning;
}
