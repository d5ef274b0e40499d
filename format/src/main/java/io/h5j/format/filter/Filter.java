package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.Optional;

/**
 * One I/O filter of HDF5's chunk pipeline: a reversible transformation of a chunk's bytes,
 * identified by the id stored in the {@link FilterPipelineMessage}. Implementations are
 * stateless and thread-safe.
 *
 * <p>Decoders treat their input as untrusted: malformed bytes or client data end in
 * {@link H5FormatException}, and no decoder allocates more than {@code maxOutput} bytes.
 */
public interface Filter {
  /** The filter identification value (1 deflate, 2 shuffle, ..., 32015 Zstandard). */
  int id();

  /** A short name for messages, e.g. "deflate". */
  String name();

  /**
   * Undoes this filter (the read direction).
   *
   * @param in the filtered bytes; not modified
   * @param clientData the filter's client data from the pipeline message
   * @param maxOutput the largest result that can be right; a larger one is an error, never
   *     allocated
   * @return the unfiltered bytes
   * @throws H5FormatException if {@code in} or {@code clientData} is malformed or a checksum
   *     does not match
   */
  byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException;

  /**
   * Undoes this filter into {@code out} (the read direction without allocating): the first
   * {@code inLength} bytes of {@code in} are the input, and at most {@code maxOutput} bytes
   * (no more than {@code out} holds) may be produced. The default decodes into a new array and
   * copies it; the filters on the hot path write straight into {@code out}.
   *
   * @return the number of bytes written to {@code out}
   * @throws H5FormatException as {@link #decode(byte[], int[], int)}
   */
  default int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput)
      throws H5FormatException {
    byte[] r = decode(inLength == in.length ? in : java.util.Arrays.copyOf(in, inLength),
        clientData, maxOutput);
    System.arraycopy(r, 0, out, 0, r.length);
    return r.length;
  }

  /**
   * Like {@link #decode(byte[], int, int[], byte[], int)}, with {@code helpers} that may take
   * part of the work (a chunk decoded alone). The default does it all on this thread.
   */
  default int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput,
      Helpers helpers) throws H5FormatException {
    return decode(in, inLength, clientData, out, maxOutput);
  }

  /** Whether h5j can apply this filter on write; when false {@link #encode} always throws. */
  default boolean canEncode() {
    return true;
  }

  /**
   * Applies this filter (the write direction).
   *
   * @param in the bytes to filter; not modified
   * @param clientData the filter's client data
   * @return the filtered bytes, or empty when the filter declines this input (libhdf5's "filter
   *     failed", e.g. LZF output that would not fit in the input's size); the pipeline then
   *     skips an optional filter and fails on a required one
   * @throws IllegalArgumentException if {@code clientData} is invalid for this filter
   * @throws UnsupportedOperationException if {@link #canEncode()} is false
   */
  Optional<byte[]> encode(byte[] in, int[] clientData);

  /**
   * As {@link #encode(byte[], int[])}, for output that only the next filter of the pipeline
   * reads: it may be this thread's {@link ScratchArrays} array in {@code slot}, valid until the
   * thread's next use of that slot (a chunk-sized array per chunk costs the collector more than
   * filtering it). The default is {@link #encode(byte[], int[])}.
   */
  default Optional<byte[]> encodeForNext(byte[] in, int[] clientData, int slot) {
    return encode(in, clientData);
  }

  /**
   * An upper bound on the size of {@link #encode}'s output for {@code inputSize} bytes
   * with these client data, which
   * bounds what the next filter's decoder may produce. The default allows 1/8 growth plus 1 KiB.
   */
  default long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + inputSize / 8 + 1024;
  }
}
