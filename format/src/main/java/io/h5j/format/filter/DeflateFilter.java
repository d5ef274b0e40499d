package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.zip.Adler32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Filter 1, deflate: a zlib stream (RFC 1950, with header and Adler-32), as libhdf5's
 * {@code compress2} writes it. Client data value 0 is the level, 0..9 (default 6 when absent).
 */
final class DeflateFilter implements Filter {
  @Override
  public int id() {
    return Filters.DEFLATE;
  }

  @Override
  public String name() {
    return "deflate";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(in);
      // Inflate straight into an array of the expected size (the chunk's, usually exact).
      byte[] out = new byte[Math.max(0, Math.min(maxOutput, 64 << 20))];
      int n = 0;
      while (!inflater.finished()) {
        if (n == out.length) {
          if (out.length >= maxOutput) {
            byte[] probe = new byte[1];
            if (inflater.inflate(probe) > 0) {
              throw FilterSupport.error(this, "inflated data exceed the expected " + maxOutput
                  + " bytes");
            }
            if (!inflater.finished()) {
              throw FilterSupport.error(this, "zlib stream ends early");
            }
            break;
          }
          out = java.util.Arrays.copyOf(out, (int) Math.min(maxOutput, 2L * out.length + 1));
        }
        int got = inflater.inflate(out, n, out.length - n);
        if (got == 0 && !inflater.finished()
            && (inflater.needsInput() || inflater.needsDictionary())) {
          throw FilterSupport.error(this, "zlib stream ends early");
        }
        n += got;
      }
      return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    } catch (DataFormatException e) {
      throw FilterSupport.error(this, "corrupt zlib stream: " + e.getMessage(), e);
    } finally {
      inflater.end();
    }
  }

  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput)
      throws H5FormatException {
    return decode(in, inLength, clientData, out, maxOutput, Helpers.NONE);
  }

  /** Each thread's raw inflater, reset per chunk: zlib's state is set up once per thread. */
  private static final ThreadLocal<Inflater> RAW_INFLATERS =
      ThreadLocal.withInitial(() -> new Inflater(true));

  /**
   * Output inflated between checksum updates: each piece is summed while it is still in the
   * core's cache, and the many calls get {@link Adler32#update(ByteBuffer)} compiled within a
   * few hundred chunks instead of thousands.
   */
  private static final int CHECKED_PIECE = 128 << 10;

  /** Stored bytes handed to zlib at a time (a whole stored chunk, usually). */
  private static final int INPUT_PIECE = 64 << 10;

  /**
   * Each thread's direct buffers for zlib: a piece of the stored stream, and one piece of
   * output. Inflating from or into a Java array pins it in a JNI critical section, during
   * which no collection may start: a thread that then allocates (a helper making the next
   * read's array) stalls, and G1 follows with a "GCLocker Initiated" young collection and a
   * full concurrent mark, whose remark shrinks the heap, which the next reads grow again
   * through fresh, page-faulted memory. Through direct buffers zlib holds no Java array.
   */
  private static final class Buffers {
    final ByteBuffer in = ByteBuffer.allocateDirect(INPUT_PIECE);
    final ByteBuffer piece = ByteBuffer.allocateDirect(CHECKED_PIECE);

    /** Gives {@code inflater} the next part of {@code data[from, to)}; returns its end. */
    int feed(Inflater inflater, byte[] data, int from, int to) {
      int n = Math.min(in.capacity(), to - from);
      in.clear();
      in.put(data, from, n).flip();
      inflater.setInput(in);
      return from + n;
    }
  }

  private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

  /**
   * Inflates the raw deflate data inside the zlib wrapper and checks the wrapper's Adler-32
   * apart from zlib, piece by piece as the output grows (on this thread: the check costs a
   * few tens of microseconds per MiB, less than handing pieces to helpers).
   */
  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput,
      Helpers helpers) throws H5FormatException {
    int dataStart = zlibHeaderLength(in, inLength);
    Inflater inflater = RAW_INFLATERS.get();
    inflater.reset();
    Buffers buffers = BUFFERS.get();
    ByteBuffer piece = buffers.piece;
    Adler32 sum = new Adler32();
    try {
      int fed = dataStart; // bytes of in[] given to zlib so far
      int n = 0;
      while (!inflater.finished()) {
        if (inflater.needsInput() && fed < inLength) {
          fed = buffers.feed(inflater, in, fed, inLength);
        }
        // The output is full: only the end of the stream may follow, producing nothing.
        int room = n == maxOutput ? 1 : Math.min(maxOutput - n, CHECKED_PIECE);
        piece.clear().limit(room);
        int got = inflater.inflate(piece);
        if (got > 0 && n == maxOutput) {
          throw FilterSupport.error(this, "inflated data exceed the expected " + maxOutput
              + " bytes");
        }
        if (got == 0 && !inflater.finished()
            && (inflater.needsInput() && fed == inLength || inflater.needsDictionary())) {
          throw FilterSupport.error(this, "zlib stream ends early");
        }
        piece.flip();
        sum.update(piece);
        piece.get(0, out, n, got);
        n += got;
      }
      int trailer = fed - buffers.in.remaining();
      if (inLength - trailer < 4) {
        throw FilterSupport.error(this, "zlib stream ends early");
      }
      long stored = (in[trailer] & 0xffL) << 24 | (in[trailer + 1] & 0xff) << 16
          | (in[trailer + 2] & 0xff) << 8 | (in[trailer + 3] & 0xff);
      if (sum.getValue() != stored) {
        throw FilterSupport.error(this, "corrupt zlib stream: incorrect data check (Adler-32 "
            + Long.toHexString(sum.getValue()) + ", stored " + Long.toHexString(stored) + ")");
      }
      return n;
    } catch (DataFormatException e) {
      throw FilterSupport.error(this, "corrupt zlib stream: " + e.getMessage(), e);
    } finally {
      inflater.reset(); // drops the reference to this thread's input buffer
    }
  }

  /** The length of the zlib header (RFC 1950) at the start of {@code in}, after checking it. */
  private int zlibHeaderLength(byte[] in, int inLength) throws H5FormatException {
    if (inLength < 2) {
      throw FilterSupport.error(this, "zlib stream ends early");
    }
    int cmf = in[0] & 0xff;
    int flg = in[1] & 0xff;
    if ((cmf << 8 | flg) % 31 != 0) {
      throw FilterSupport.error(this, "corrupt zlib stream: incorrect header check");
    }
    if ((cmf & 0x0f) != 8) {
      throw FilterSupport.error(this, "corrupt zlib stream: unknown compression method "
          + (cmf & 0x0f));
    }
    if (cmf >>> 4 > 7) {
      throw FilterSupport.error(this, "corrupt zlib stream: invalid window size");
    }
    if ((flg & 0x20) != 0) {
      throw FilterSupport.error(this, "zlib stream needs a preset dictionary, which HDF5"
          + " never uses");
    }
    return 2;
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    int level = FilterSupport.clientValue(clientData, 0, 6);
    if (level < 0 || level > 9) {
      throw new IllegalArgumentException("deflate level " + level + " is not 0..9");
    }
    Deflater deflater = DEFLATERS.get()[level];
    if (deflater == null) {
      deflater = new Deflater(level);
      DEFLATERS.get()[level] = deflater;
    }
    deflater.reset();
    deflater.setInput(in);
    deflater.finish();
    byte[] out = OUTPUT.get();
    long bound = maxEncodedSize(in.length, clientData);
    if (out.length < bound) {
      out = new byte[(int) Math.min(bound, MAX_KEPT_OUTPUT)];
      if (bound <= MAX_KEPT_OUTPUT) {
        OUTPUT.set(out);
      }
    }
    ByteArrayOutputStream spill = null; // for output past the kept buffer (huge chunks)
    int n = 0;
    while (!deflater.finished()) {
      if (n == out.length) {
        spill = spill == null ? new ByteArrayOutputStream(out.length * 2) : spill;
        spill.write(out, 0, n);
        n = 0;
      }
      n += deflater.deflate(out, n, out.length - n);
    }
    if (spill == null) {
      return Optional.of(Arrays.copyOf(out, n));
    }
    spill.write(out, 0, n);
    return Optional.of(spill.toByteArray());
  }

  /**
   * Each thread's deflaters, one per level, reset for each chunk: a new one per chunk costs
   * zlib's allocation of its window and hash tables every time.
   */
  private static final ThreadLocal<Deflater[]> DEFLATERS =
      ThreadLocal.withInitial(() -> new Deflater[10]);

  /**
   * Each thread's output buffer, as large as the bound of the largest chunk it deflated (up to
   * {@link #MAX_KEPT_OUTPUT}): only the compressed bytes are copied out of it, so a chunk
   * costs no chunk-sized allocation.
   */
  private static final ThreadLocal<byte[]> OUTPUT = ThreadLocal.withInitial(() -> new byte[0]);
  private static final long MAX_KEPT_OUTPUT = 8 << 20;

  /** zlib's compressBound. */
  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + (inputSize >> 12) + (inputSize >> 14) + (inputSize >> 25) + 13;
  }
}
