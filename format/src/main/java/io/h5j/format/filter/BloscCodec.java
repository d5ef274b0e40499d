package io.h5j.format.filter;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The codecs of a Blosc stream: each compresses one stream (a block, or one byte plane of a
 * split block) on its own. {@link #code} is the codec number in hdf5-blosc's client data and
 * Blosc's API; {@link #format} the number in a chunk's flags (LZ4HC writes LZ4 streams).
 */
enum BloscCodec {
  BLOSCLZ(0, 0),
  LZ4(1, 1),
  LZ4HC(2, 1),
  SNAPPY(3, 2),
  ZLIB(4, 3),
  ZSTD(5, 4);

  final int code;
  final int format;
  /** A Zstandard decoder per thread: each holds block-sized tables, too many to make per stream. */
  private static final ThreadLocal<ZstdDecompressor> ZSTD_DECODER =
      ThreadLocal.withInitial(ZstdDecompressor::new);
  /** The encoders per thread likewise (each holds its hash tables). */
  private static final ThreadLocal<Lz4Compressor> LZ4_ENCODER =
      ThreadLocal.withInitial(Lz4Compressor::new);
  private static final ThreadLocal<SnappyCompressor> SNAPPY_ENCODER =
      ThreadLocal.withInitial(SnappyCompressor::new);
  private static final ThreadLocal<ZstdCompressor> ZSTD_ENCODER =
      ThreadLocal.withInitial(ZstdCompressor::new);

  BloscCodec(int code, int format) {
    this.code = code;
    this.format = format;
  }

  /** The codec with this API number, or null. */
  static BloscCodec ofCode(int code) {
    for (BloscCodec c : values()) {
      if (c.code == code) {
        return c;
      }
    }
    return null;
  }

  /** The codec that decodes streams of this flags format, or null for none h5j knows. */
  static BloscCodec ofFormat(int format) {
    return switch (format) {
      case 0 -> BLOSCLZ;
      case 1 -> LZ4;
      case 2 -> SNAPPY;
      case 3 -> ZLIB;
      case 4 -> ZSTD;
      default -> null;
    };
  }

  /** The name Blosc gives this codec. */
  String bloscName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * Decodes one stream; the number of bytes decoded (at most {@code maxOut}), or -1 if it is
   * malformed.
   */
  int decompress(byte[] in, int inOff, int length, byte[] out, int outOff, int maxOut) {
    try {
      return switch (this) {
        case BLOSCLZ -> BloscLz.decompress(in, inOff, length, out, outOff, maxOut);
        case LZ4, LZ4HC -> new Lz4Decompressor().decompress(in, inOff, length, out, outOff,
            maxOut);
        case SNAPPY -> {
          if (SnappyDecompressor.getUncompressedLength(in, inOff) > maxOut) {
            yield -1;
          }
          yield new SnappyDecompressor().decompress(in, inOff, length, out, outOff, maxOut);
        }
        case ZSTD -> ZSTD_DECODER.get().decompress(in, inOff, length, out, outOff, maxOut);
        case ZLIB -> inflate(in, inOff, length, out, outOff, maxOut);
      };
    } catch (RuntimeException e) { // aircompressor's MalformedInputException and bounds errors
      return -1;
    }
  }

  private static int inflate(byte[] in, int inOff, int length, byte[] out, int outOff,
      int maxOut) {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(in, inOff, length);
      int n = 0;
      while (n < maxOut && !inflater.finished()) {
        int k = inflater.inflate(out, outOff + n, maxOut - n);
        if (k == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          return -1;
        }
        n += k;
      }
      return inflater.finished() ? n : -1;
    } catch (DataFormatException e) {
      return -1;
    } finally {
      inflater.end();
    }
  }

  /**
   * Encodes one stream at Blosc level {@code clevel} (1-9); the number of bytes written, or 0
   * when the result would exceed {@code maxOut} (the caller then stores the stream as it is).
   * The level counts for zlib only: aircompressor's LZ4 and Zstandard encoders have one level
   * each, and LZ4HC streams are written by the LZ4 encoder (the same format, less compressed).
   */
  int compress(byte[] in, int inOff, int length, byte[] out, int outOff, int maxOut,
      int clevel) {
    if (this == BLOSCLZ) {
      return BloscLz.compress(in, inOff, length, out, outOff, maxOut);
    }
    if (this == ZLIB) {
      Deflater d = new Deflater(Math.min(9, clevel));
      try {
        d.setInput(in, inOff, length);
        d.finish();
        int n = 0;
        while (!d.finished()) {
          if (n >= maxOut) {
            return 0;
          }
          n += d.deflate(out, outOff + n, maxOut - n);
        }
        return n;
      } finally {
        d.end();
      }
    }
    io.airlift.compress.Compressor c = switch (this) {
      case LZ4, LZ4HC -> LZ4_ENCODER.get();
      case SNAPPY -> SNAPPY_ENCODER.get();
      default -> ZSTD_ENCODER.get();
    };
    int bound = c.maxCompressedLength(length);
    byte[] tmp = bound <= maxOut ? out : ScratchArrays.get(ScratchArrays.FILTER_B, bound);
    int at = tmp == out ? outOff : 0;
    int n = c.compress(in, inOff, length, tmp, at, bound);
    if (n > maxOut) {
      return 0;
    }
    if (tmp != out) {
      System.arraycopy(tmp, 0, out, outOff, n);
    }
    return n;
  }
}
