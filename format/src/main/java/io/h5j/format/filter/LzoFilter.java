package io.h5j.format.filter;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import io.h5j.format.H5FormatException;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;
import java.util.zip.Adler32;

/**
 * Filter 305, PyTables' LZO: the chunk is one LZO1X stream (as liblzo's {@code lzo1x_1_compress}
 * writes it, ending in the marker 0x11 0x00 0x00), with no header; the decoded size is not
 * stored. PyTables registers the filter as optional and fails it when the stream would not be
 * smaller than the chunk, so such chunks are stored unfiltered under the filter mask; this
 * encoder declines the same way. Client data are PyTables' (compression level, object version
 * times ten, object kind: 0 Table, 1 Array, 2 EArray, 3 VLArray, 4 CArray); the level changes
 * nothing, as LZO1X-1 has none.
 *
 * <p>PyTables 0.5 to 0.7 appended to the stream, for every object but Tables older than version
 * 2.0, the Adler-32 of the decoded bytes and their count, 4 bytes each in the writer's byte
 * order. PyTables 0.8 dropped that trailer without a format change, so a chunk is read in the
 * old form only when the client data allow it and the trailer checks out (stream end marker,
 * count and checksum); otherwise the whole chunk is the stream.
 *
 * <p>One leniency: aircompressor decodes LZO1X streams placed one after another as one, where
 * liblzo stops at the first end marker and reports the rest as not consumed; such chunks (which
 * no PyTables writes) decode here, still bounded by {@code maxOutput}.
 */
final class LzoFilter implements Filter {
  /** The end-of-stream instruction of LZO1X, which liblzo's compressors write last. */
  private static final byte[] END_MARKER = {0x11, 0x00, 0x00};
  /** Adler-32 and decoded length of the old form. */
  private static final int TRAILER = 8;
  private static final int TABLE = 0;
  private static final int FIRST_CHECKSUMMED_TABLE_VERSION = 20;

  @Override
  public int id() {
    return Filters.LZO;
  }

  @Override
  public String name() {
    return "lzo";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    byte[] out = new byte[Math.max(0, maxOutput)];
    int n = decode(in, in.length, clientData, out, maxOutput);
    return n == out.length ? out : Arrays.copyOf(out, n);
  }

  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput)
      throws H5FormatException {
    int limit = Math.max(0, Math.min(maxOutput, out.length));
    if (inLength == 0) {
      throw FilterSupport.error(this, "empty chunk: no LZO1X stream");
    }
    if (mayHaveTrailer(clientData) && inLength >= END_MARKER.length + TRAILER
        && endsWithMarker(in, inLength - TRAILER)) {
      for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
        long count = unsigned32(in, inLength - 4, order);
        if (count <= limit && trailerMatches(in, inLength, out, (int) count, order)) {
          return (int) count;
        }
      }
    }
    return decompress(in, inLength, out, limit);
  }

  /** PyTables 0.5-0.7's rule for the trailer: every object but a Table of version below 2.0. */
  private static boolean mayHaveTrailer(int[] clientData) {
    int version = clientData.length >= 2 ? clientData[1] : 10;
    int kind = clientData.length >= 3 ? clientData[2] : TABLE;
    return kind != TABLE || version >= FIRST_CHECKSUMMED_TABLE_VERSION;
  }

  /** Whether the stream before the trailer decodes to {@code count} bytes of its checksum. */
  private boolean trailerMatches(byte[] in, int inLength, byte[] out, int count,
      ByteOrder order) {
    try {
      if (decompress(in, inLength - TRAILER, out, count) != count) {
        return false;
      }
    } catch (H5FormatException notTheOldForm) {
      return false;
    }
    Adler32 adler = new Adler32();
    adler.update(out, 0, count);
    return adler.getValue() == unsigned32(in, inLength - TRAILER, order);
  }

  /** Decodes the LZO1X stream {@code in[0, inLength)} into at most {@code limit} bytes. */
  private int decompress(byte[] in, int inLength, byte[] out, int limit)
      throws H5FormatException {
    // liblzo reads a stream that is only the end marker as empty; aircompressor refuses it
    if (inLength == END_MARKER.length && endsWithMarker(in, inLength)) {
      return 0;
    }
    try {
      return new LzoDecompressor().decompress(in, 0, inLength, out, 0, limit);
    } catch (MalformedInputException | IndexOutOfBoundsException | IllegalArgumentException e) {
      throw FilterSupport.error(this, "corrupt LZO1X stream of " + inLength + " bytes, or one "
          + "that decodes to more than the expected " + limit + " bytes: " + e.getMessage(), e);
    }
  }

  private static boolean endsWithMarker(byte[] b, int end) {
    return end >= END_MARKER.length
        && Arrays.equals(b, end - END_MARKER.length, end, END_MARKER, 0, END_MARKER.length);
  }

  private static long unsigned32(byte[] b, int off, ByteOrder order) {
    long v = 0;
    for (int i = 0; i < 4; i++) {
      int shift = order == ByteOrder.LITTLE_ENDIAN ? 8 * i : 8 * (3 - i);
      v |= (long) (b[off + i] & 0xff) << shift;
    }
    return v;
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    if (in.length == 0) {
      return Optional.empty(); // liblzo's stream for nothing (the end marker) is 3 bytes more
    }
    LzoCompressor lzo = new LzoCompressor();
    byte[] out = new byte[lzo.maxCompressedLength(in.length)];
    int n = lzo.compress(in, 0, in.length, out, 0, out.length);
    return n < in.length ? Optional.of(Arrays.copyOf(out, n)) : Optional.empty();
  }

  /**
   * h5j's own output is smaller than its input; the bound allows for PyTables 0.5-0.7, which
   * stored a stream that did not shrink, plus its trailer, and so bounds the decoders after
   * this one.
   */
  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + inputSize / 16 + 64 + 3 + TRAILER;
  }
}
