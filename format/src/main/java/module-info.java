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
  // No module descriptor and no Automatic-Module-Name in any aircompressor h5j can use (0.27,
  // and 2.0.3 likewise; aircompressor-v3 is not available to this build): the name is the one
  // javac derives from the jar's file name, and maven-compiler warns of it. Rename it here when
  // a release names its module.
  requires aircompressor;
  requires com.ning.compress.lzf;
  requires static org.apache.commons.compress;
  // annotations only: users' compilers and null checkers read them; no run time needs them
  requires static transitive org.jspecify;
  requires jdk.unsupported; // sun.misc.Unsafe.invokeCleaner: unmaps mapped windows at close

  exports io.h5j;
  exports io.h5j.format;
  exports io.h5j.type;
  exports io.h5j.raw;
}
